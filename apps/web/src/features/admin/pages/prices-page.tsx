import type { ActionPrice } from '@lumigen/contract/admin';
import { formatCost, maxActionCredits } from '@lumigen/contract/pricing';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { setPrice, useAdminPrices } from '../api/prices.ts';
import { AdminSection } from '../components/admin-layout.tsx';
import { ChangeDialog } from '../components/change-dialog.tsx';
import { moment } from '../format.ts';
import '../../../components/ui/data-table.css';

/** The credits typed, when they are a whole number the server takes; else what is wrong. */
function parseCredits(typed: string): number | string {
  const credits = Number(typed);
  if (typed.trim() === '' || !Number.isInteger(credits) || credits < 0 || credits > maxActionCredits)
    return `Credits must be a whole number between 0 and ${maxActionCredits}`;
  return credits;
}

function PriceDialog({ price, onClose }: { price: ActionPrice; onClose(): void }) {
  const queryClient = useQueryClient();
  const [typed, setTyped] = useState(String(price.credits));
  const parsed = parseCredits(typed);
  async function run(reason: string) {
    if (typeof parsed === 'string') throw new Error(parsed);
    const answer = await setPrice(price.action, { credits: parsed, reason });
    // Every page of this browser quotes prices from the providers answer: read it again.
    await queryClient.invalidateQueries({ queryKey: ['providers'] });
    return answer;
  }
  return (
    <ChangeDialog title={`Change the price of ${price.label}`} confirmLabel="Change price" onClose={onClose} run={run}>
      <p>
        Now {formatCost(price.credits)}. Work already accepted keeps the price it was accepted at; new work pays the new
        one at once, on every page and through the API.
      </p>
      <TextField
        label="New price in credits"
        type="number"
        inputMode="numeric"
        min={0}
        max={maxActionCredits}
        step={1}
        value={typed}
        error={typeof parsed === 'string' && typed !== '' ? parsed : undefined}
        onChange={(event) => setTyped(event.target.value)}
      />
    </ChangeDialog>
  );
}

/** The credit price of each paid action, and a way to change one (audited, with a reason). */
export function PricesPage() {
  const prices = useAdminPrices();
  const [editing, setEditing] = useState<ActionPrice>();
  let content;
  if (prices.isPending) content = <p role="status">Loading the prices…</p>;
  else if (!prices.data) content = <p role="alert">The prices could not be loaded: {prices.error?.message}</p>;
  else if (prices.data.prices.length === 0) content = <p>No paid action has a price yet.</p>;
  else
    content = (
      <div className="admin-table-scroll">
        <table className="data-table admin-table">
          <thead>
            <tr>
              <th scope="col">Action</th>
              <th scope="col">Price</th>
              <th scope="col">Last changed</th>
              <th scope="col">
                <span className="visually-hidden">Change</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {prices.data.prices.map((price) => (
              <tr key={price.action}>
                <th scope="row">{price.label}</th>
                <td>{formatCost(price.credits)}</td>
                <td>
                  {price.updatedAt ? <time dateTime={price.updatedAt}>{moment(price.updatedAt)}</time> : 'Default'}
                </td>
                <td>
                  <Button variant="secondary" onClick={() => setEditing(price)} aria-label={`Change ${price.label}`}>
                    Change
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  return (
    <AdminSection
      title="Prices"
      lead="The credit price of each paid action. The plans' “N images” lines follow the price of a standard generation."
    >
      {content}
      {editing && <PriceDialog price={editing} onClose={() => setEditing(undefined)} />}
    </AdminSection>
  );
}
