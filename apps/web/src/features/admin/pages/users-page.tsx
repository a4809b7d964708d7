import { useEffect, useId, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useAdminUsers } from '../api/get-users.ts';
import { AdminSection } from '../components/admin-layout.tsx';
import { moment } from '../format.ts';
import '../../../components/ui/data-table.css';
import '../../../components/ui/field.css';

/** Finds a customer by address, name or id; the search is kept in the address, so Back returns to it. */
export function UsersPage() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const [typed, setTyped] = useState(q);
  const fieldId = useId();
  const pending = useRef<ReturnType<typeof setTimeout>>(undefined);
  // Searches once typing pauses, not at every key; a result opened meanwhile cancels it.
  useEffect(() => {
    pending.current = setTimeout(() => {
      if (typed.trim() !== q) setParams(typed.trim() ? { q: typed.trim() } : {}, { replace: true });
    }, 300);
    return () => clearTimeout(pending.current);
  }, [typed, q, setParams]);
  const users = useAdminUsers(q);

  let content;
  if (users.isPending) content = <p role="status">Looking for customers…</p>;
  else if (!users.data) content = <p role="alert">The customers could not be loaded: {users.error?.message}</p>;
  else if (users.data.users.length === 0)
    content = <p>{q ? `No customer matches “${q}”.` : 'No customer has signed up yet.'}</p>;
  else
    content = (
      <div className="admin-table-scroll">
        <table className="data-table admin-table">
          <thead>
            <tr>
              <th scope="col">Customer</th>
              <th scope="col" className="admin-num">
                Credits
              </th>
              <th scope="col">Signed up</th>
              <th scope="col">State</th>
            </tr>
          </thead>
          <tbody>
            {users.data.users.map((user) => (
              <tr key={user.id}>
                <td>
                  <Link
                    to={`/admin/users/${user.id}`}
                    className="admin-users__name"
                    onClick={() => clearTimeout(pending.current)}
                  >
                    {user.deletedAt ? 'Deleted account' : user.name}
                  </Link>
                  <span className="admin-muted">{user.email}</span>
                </td>
                <td className="admin-num">
                  {user.creditBalance}
                  {user.creditsOwed > 0 && <span className="admin-muted"> (owes {user.creditsOwed})</span>}
                </td>
                <td>
                  <time dateTime={user.createdAt}>{moment(user.createdAt)}</time>
                </td>
                <td>
                  <UserState user={user} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );

  return (
    <AdminSection title="Customers" lead="Find a customer by e-mail address, name or id.">
      <form role="search" className="admin-search" onSubmit={(event) => event.preventDefault()}>
        <div className="field">
          <label className="field__label" htmlFor={fieldId}>
            Search customers
          </label>
          <input
            id={fieldId}
            className="field__input"
            type="search"
            value={typed}
            placeholder="ada@example.com, Ada, or an id"
            onChange={(event) => setTyped(event.target.value)}
          />
        </div>
      </form>
      {content}
    </AdminSection>
  );
}

/** Suspended, deleted, admin, unconfirmed: what support must notice first. */
export function UserState({
  user,
}: {
  user: { deletedAt: string | null; suspendedAt: string | null; role: string; emailVerified: boolean };
}) {
  const tags = [
    user.deletedAt ? 'Deleted' : null,
    user.suspendedAt ? 'Suspended' : null,
    user.role === 'admin' ? 'Admin' : null,
    !user.deletedAt && !user.emailVerified ? 'Unconfirmed' : null,
  ].filter((tag): tag is string => tag !== null);
  if (tags.length === 0) return <span className="admin-muted">Active</span>;
  return (
    <span className="admin-tags">
      {tags.map((tag) => (
        <span key={tag} className={`admin-tag admin-tag--${tag.toLowerCase()}`}>
          {tag}
        </span>
      ))}
    </span>
  );
}
