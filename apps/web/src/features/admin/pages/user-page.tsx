import type { AdminUserResponse } from '@lumigen/contract/admin';
import { adminCreditsLimit } from '@lumigen/contract/admin';
import { useId, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { changeUser } from '../api/change-user.ts';
import { useAdminUser } from '../api/get-users.ts';
import { AdminSection } from '../components/admin-layout.tsx';
import { ChangeDialog } from '../components/change-dialog.tsx';
import { RevokeRow } from '../components/revoke-row.tsx';
import { moment } from '../format.ts';
import { UserState } from './users-page.tsx';
import '../../../components/ui/data-table.css';

type Detail = Omit<AdminUserResponse, 'success'>;
type Dialog = {
  title: string;
  confirmLabel: string;
  danger?: boolean;
  body?: ReactNode;
  /** Credits: the amount is typed in the dialog, so the change reads it when it runs. */
  credits?: boolean;
  run(reason: string): Promise<{ message: string }>;
};

/** What the operator typed as an amount: a whole number, with a minus sign or a hyphen. */
const parseDelta = (typed: string) => Number(typed.trim().replace('\u2212', '-'));

const money = (cents: number, currency: string) =>
  new Intl.NumberFormat(undefined, { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);

/** "+5" or "−1", so the sign is read even where the colour is not seen. */
const signed = (delta: number) => (delta > 0 ? `+${delta}` : delta < 0 ? `\u2212${-delta}` : '0');

/** Where the payment provider shows a payment to its account holder (none for the local test provider). */
const providerPage = (provider: string, id: string) =>
  provider === 'stripe' ? `https://dashboard.stripe.com/payments/${encodeURIComponent(id)}` : undefined;

function Table({ caption, head, children }: { caption: string; head: string[]; children: ReactNode }) {
  return (
    <div className="admin-table-scroll">
      <table className="data-table admin-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {head.map((cell) => (
              <th key={cell} scope="col">
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

function Part({ title, empty, count, children }: { title: string; empty: string; count: number; children: ReactNode }) {
  const id = useId();
  return (
    <section className="admin-part" aria-labelledby={id}>
      <h2 id={id} className="admin-part__title">
        {title}
      </h2>
      {count === 0 ? <p className="admin-muted">{empty}</p> : children}
    </section>
  );
}

function CreditsField({ value, onChange }: { value: string; onChange(value: string): void }) {
  const id = useId();
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        Credits to grant (a minus sign takes them)
      </label>
      <input
        id={id}
        className="field__input"
        inputMode="numeric"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
      <p className="field__hint">
        Between −{adminCreditsLimit} and {adminCreditsLimit}; the balance never goes below 0.
      </p>
    </div>
  );
}

function Summary({ detail }: { detail: Detail }) {
  const { user } = detail;
  const facts: [string, ReactNode][] = [
    ['E-mail', user.email],
    ['Id', <code key="id">{user.id}</code>],
    ['Balance', `${user.creditBalance} credits`],
    ['Owed', user.creditsOwed > 0 ? `${user.creditsOwed} credits (paid work refused until settled)` : 'Nothing'],
    ['Signed up', moment(user.createdAt)],
    ['State', <UserState key="state" user={user} />],
  ];
  return (
    <dl className="admin-facts">
      {facts.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** One customer: who, their money, their work and their ways in, and every change support can make. */
export function UserPage() {
  const { id = '' } = useParams();
  const user = useAdminUser(id);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [delta, setDelta] = useState('3');

  if (user.isPending)
    return (
      <AdminSection title="Customer" lead="Loading the customer…">
        <p role="status">Loading…</p>
      </AdminSection>
    );
  if (!user.data)
    return (
      <AdminSection title="Customer" lead="This customer could not be loaded.">
        <p role="alert">{user.error?.message}</p>
        <Link to="/admin/users">Back to the customers</Link>
      </AdminSection>
    );
  const detail = user.data;
  const customer = detail.user;
  const live = customer.deletedAt === null;
  const open = (next: Dialog) => setDialog(next);

  return (
    <AdminSection title={live ? customer.name : 'Deleted account'} lead={customer.email}>
      <Summary detail={detail} />
      {live && (
        <div className="admin-actions-bar" role="group" aria-label="Changes to this customer">
          <Button
            onClick={() =>
              open({
                title: 'Grant or take credits',
                confirmLabel: 'Apply',
                credits: true,
                run: (reason) => changeUser.credits(customer.id, parseDelta(delta), reason),
              })
            }
          >
            Grant credits
          </Button>
          {customer.suspendedAt ? (
            <Button
              variant="secondary"
              onClick={() =>
                open({
                  title: 'Restore this account',
                  confirmLabel: 'Restore',
                  body: <p>Its sessions and API keys work again.</p>,
                  run: (reason) => changeUser.unsuspend(customer.id, reason),
                })
              }
            >
              Unsuspend
            </Button>
          ) : (
            <Button
              variant="secondary"
              onClick={() =>
                open({
                  title: 'Suspend this account',
                  confirmLabel: 'Suspend',
                  danger: true,
                  body: (
                    <p>Its sessions, API keys and open streams stop at once; signing in says to contact support.</p>
                  ),
                  run: (reason) => changeUser.suspend(customer.id, reason),
                })
              }
            >
              Suspend
            </Button>
          )}
          {!customer.emailVerified && (
            <Button
              variant="secondary"
              onClick={() =>
                open({
                  title: 'Resend the confirmation mail',
                  confirmLabel: 'Send',
                  body: <p>A new link goes to {customer.email}.</p>,
                  run: (reason) => changeUser.resendConfirmation(customer.id, reason),
                })
              }
            >
              Resend confirmation
            </Button>
          )}
          {customer.creditsOwed > 0 && (
            <Button
              variant="secondary"
              onClick={() =>
                open({
                  title: `Forgive ${customer.creditsOwed} owed credits`,
                  confirmLabel: 'Forgive',
                  body: <p>Paid work opens again; the balance does not change.</p>,
                  run: (reason) => changeUser.forgiveShortfall(customer.id, reason),
                })
              }
            >
              Forgive shortfall
            </Button>
          )}
          <Button
            variant="danger"
            onClick={() =>
              open({
                title: 'Delete this account',
                confirmLabel: 'Delete account',
                danger: true,
                body: (
                  <p>
                    As the customer’s own deletion: images, sessions, keys and jobs go; the ledger and payments stay
                    without a name. This cannot be undone.
                  </p>
                ),
                run: (reason) => changeUser.delete(customer.id, reason),
              })
            }
          >
            Delete account
          </Button>
        </div>
      )}

      <Part title="Ledger" empty="No credit has moved yet." count={detail.ledger.length}>
        <Table caption="Ledger, newest first" head={['When', 'What', 'Change', 'Balance after']}>
          {detail.ledger.map((entry) => (
            <tr key={entry.id}>
              <td>{moment(entry.createdAt)}</td>
              <td>{entry.description}</td>
              <td className="admin-num">{signed(entry.delta)}</td>
              <td className="admin-num">{entry.balanceAfter}</td>
            </tr>
          ))}
        </Table>
      </Part>

      <Part title="Purchases" empty="No purchase yet." count={detail.purchases.length}>
        <Table caption="Purchases" head={['When', 'Bundle', 'Amount', 'Status', 'Taken back', 'Provider']}>
          {detail.purchases.map((purchase) => {
            const page = providerPage(purchase.provider, purchase.providerPaymentId);
            return (
              <tr key={purchase.id}>
                <td>{moment(purchase.createdAt)}</td>
                <td>
                  {purchase.bundle} · {purchase.credits} credits
                </td>
                <td className="admin-num">{money(purchase.amountCents, purchase.currency)}</td>
                <td>{purchase.status}</td>
                <td className="admin-num">
                  {purchase.reversedCredits}
                  {purchase.shortfallCredits > 0 && ` (${purchase.shortfallCredits} owed)`}
                </td>
                <td>
                  {page ? (
                    <a href={page} target="_blank" rel="noreferrer">
                      {purchase.providerPaymentId}
                    </a>
                  ) : (
                    `${purchase.provider}: ${purchase.providerPaymentId}`
                  )}
                </td>
              </tr>
            );
          })}
        </Table>
      </Part>

      <Part title="Jobs" empty="No job yet." count={detail.jobs.length}>
        <Table
          caption="Jobs, newest first, with their provider calls"
          head={['When', 'Job', 'Status', 'Provider calls']}
        >
          {detail.jobs.map((job) => (
            <tr key={job.id}>
              <td>{moment(job.createdAt)}</td>
              <td>
                {job.kind}
                <code className="admin-muted">{job.id}</code>
              </td>
              <td>
                {job.status}
                {job.message && <span className="admin-muted">{job.message}</span>}
              </td>
              <td>
                {job.attempts.length === 0 ? (
                  <span className="admin-muted">None</span>
                ) : (
                  <ol className="admin-attempts">
                    {job.attempts.map((attempt) => (
                      <li key={attempt.seq}>
                        {attempt.provider} {attempt.endpoint}: {attempt.outcome}
                        {attempt.status !== null && ` (HTTP ${attempt.status})`}, {attempt.ms} ms
                        {attempt.costUsd !== null && `, $${attempt.costUsd.toFixed(3)}`}
                      </li>
                    ))}
                  </ol>
                )}
              </td>
            </tr>
          ))}
        </Table>
      </Part>

      <Part title="Images" empty="No image yet." count={detail.images.length}>
        <Table caption="Images, newest first" head={['When', 'Kind', 'Prompt', 'Provider']}>
          {detail.images.map((image) => (
            <tr key={image.id}>
              <td>{moment(image.createdAt)}</td>
              <td>{image.kind}</td>
              <td>{image.prompt ?? '—'}</td>
              <td>{image.provider}</td>
            </tr>
          ))}
        </Table>
      </Part>

      <Part title="Sessions" empty="No live session." count={detail.sessions.length}>
        <Table caption="Live sessions" head={['Device', 'Signed in', 'Last used', '']}>
          {detail.sessions.map((session) => (
            <RevokeRow
              key={session.id}
              label={`Revoke the session on ${session.device}`}
              run={(reason) => changeUser.revokeSession(customer.id, session.id, reason)}
              onRevoke={open}
            >
              <td>{session.device}</td>
              <td>{moment(session.createdAt)}</td>
              <td>{moment(session.lastUsedAt)}</td>
            </RevokeRow>
          ))}
        </Table>
      </Part>

      <Part title="API keys" empty="No active API key." count={detail.apiKeys.length}>
        <Table caption="Active API keys" head={['Key', 'Scopes', 'Last used', '']}>
          {detail.apiKeys.map((key) => (
            <RevokeRow
              key={key.id}
              label={`Revoke the key ${key.name}`}
              danger
              run={(reason) => changeUser.revokeKey(customer.id, key.id, reason)}
              onRevoke={open}
            >
              <td>
                {key.name} <code className="admin-muted">{key.prefix}…</code>
              </td>
              <td>{key.scopes.join(', ')}</td>
              <td>{key.lastUsedAt ? moment(key.lastUsedAt) : 'Never'}</td>
            </RevokeRow>
          ))}
        </Table>
      </Part>

      <Part title="Audit log" empty="No operator has changed this account." count={detail.actions.length}>
        <Table caption="Changes operators made to this account" head={['When', 'Operator', 'Action', 'Reason']}>
          {detail.actions.map((action) => (
            <tr key={action.id}>
              <td>{moment(action.createdAt)}</td>
              <td>{action.adminEmail ?? action.adminId}</td>
              <td>
                <code>{action.action}</code>
              </td>
              <td>{action.reason}</td>
            </tr>
          ))}
        </Table>
      </Part>

      {dialog && (
        <ChangeDialog
          title={dialog.title}
          confirmLabel={dialog.confirmLabel}
          danger={dialog.danger}
          run={dialog.credits ? (reason) => changeUser.credits(customer.id, parseDelta(delta), reason) : dialog.run}
          onClose={() => setDialog(null)}
        >
          {dialog.credits ? <CreditsField value={delta} onChange={setDelta} /> : dialog.body}
        </ChangeDialog>
      )}
    </AdminSection>
  );
}
