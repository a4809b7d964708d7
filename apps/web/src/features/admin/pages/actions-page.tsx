import type { AdminAction } from '@lumigen/contract/admin';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { useAdminActions } from '../api/get-actions.ts';
import { AdminSection } from '../components/admin-layout.tsx';
import { moment } from '../format.ts';
import '../../../components/ui/data-table.css';

/** A state as the log stored it, on one line: `{"creditBalance":5}` reads as `creditBalance: 5`. */
function describeState(state: unknown): string {
  if (state === null || state === undefined) return '—';
  if (typeof state !== 'object') return String(state);
  return Object.entries(state as Record<string, unknown>)
    .map(([key, value]) => `${key}: ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`)
    .join(', ');
}

function ActionRow({ action }: { action: AdminAction }) {
  return (
    <tr>
      <td>
        <time dateTime={action.createdAt}>{moment(action.createdAt)}</time>
      </td>
      <td>{action.adminEmail ?? action.adminId}</td>
      <td>
        <code>{action.action}</code>
      </td>
      <td>
        {action.targetUserId ? (
          <Link to={`/admin/users/${action.targetUserId}`}>{action.targetEmail ?? action.targetUserId}</Link>
        ) : (
          '—'
        )}
      </td>
      <td className="admin-actions__reason">{action.reason}</td>
      <td className="admin-actions__state">
        <span>Before: {describeState(action.before)}</span>
        <span>After: {describeState(action.after)}</span>
      </td>
    </tr>
  );
}

/** Every change operators made, newest first; nobody can change or remove a line of it. */
export function ActionsPage() {
  const actions = useAdminActions();
  const rows = actions.data?.pages.flatMap((page) => page.actions) ?? [];
  let content;
  if (actions.isPending) content = <p role="status">Loading the audit log…</p>;
  else if (!actions.data) content = <p role="alert">The audit log could not be loaded: {actions.error?.message}</p>;
  else if (rows.length === 0) content = <p>No operator has changed anything yet.</p>;
  else
    content = (
      <>
        <div className="admin-table-scroll">
          <table className="data-table admin-table">
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Operator</th>
                <th scope="col">Action</th>
                <th scope="col">Customer</th>
                <th scope="col">Reason</th>
                <th scope="col">Before → after</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((action) => (
                <ActionRow key={action.id} action={action} />
              ))}
            </tbody>
          </table>
        </div>
        {actions.isFetchNextPageError && (
          <p role="alert">The older entries could not be loaded: {actions.error?.message}</p>
        )}
        {actions.hasNextPage && (
          <Button variant="secondary" busy={actions.isFetchingNextPage} onClick={() => void actions.fetchNextPage()}>
            Load more
          </Button>
        )}
      </>
    );
  return (
    <AdminSection
      title="Audit log"
      lead="Every change made in this console: who, what, to whom, why, before and after."
    >
      {content}
    </AdminSection>
  );
}
