import type { LedgerEntry } from '@lumigen/contract/credits';
import { formatCost } from '@lumigen/contract/pricing';
import { useImageCredits } from '../../../lib/providers.ts';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { useAuth } from '../../../lib/session.tsx';
import { useLedger } from '../api/get-ledger.ts';
import { dayFormat, momentFormat } from '../date-format.ts';
import { viewImageSearch } from './image-viewer.tsx';
import { ProfileSection } from './profile-section.tsx';
import '../../../components/ui/data-table.css';

/** "+5" or "−1" (a true minus sign), so the sign is read even where the colour is not seen. */
function formatDelta(delta: number): string {
  return delta > 0 ? `+${delta}` : delta < 0 ? `\u2212${-delta}` : '0';
}

function LedgerRow({ entry }: { entry: LedgerEntry }) {
  const when = (
    <time dateTime={entry.createdAt} title={momentFormat.format(new Date(entry.createdAt))}>
      {dayFormat.format(new Date(entry.createdAt))}
    </time>
  );
  return (
    <tr>
      <td className="ledger__date">{when}</td>
      <td>
        <span className="ledger__what">{entry.description}</span>
        {/* Narrow screens drop the date column and show the date here. */}
        <span className="ledger__detail ledger__date-inline">{when}</span>
        {entry.imageId && (
          <Link className="ledger__link" to={{ search: viewImageSearch(entry.imageId) }}>
            View image
          </Link>
        )}
      </td>
      <td
        className={`ledger__num ledger__delta ${entry.delta > 0 ? 'ledger__delta--in' : entry.delta < 0 ? 'ledger__delta--out' : ''}`}
      >
        {formatDelta(entry.delta)}
      </td>
      <td className="ledger__num">{entry.balanceAfter}</td>
    </tr>
  );
}

/** Every credit in and out, newest first, with what it paid for. */
export function LedgerSection() {
  const imageCredits = useImageCredits();
  const { token } = useAuth();
  const ledger = useLedger(token);
  const entries = ledger.data?.pages.flatMap((page) => page.entries) ?? [];

  let content;
  if (ledger.isPending) content = <p role="status">Loading your credit history…</p>;
  // A failed "Load more" keeps the pages already shown; only a failed first page has nothing to show.
  else if (!ledger.data) content = <p role="alert">Your credit history could not be loaded: {ledger.error?.message}</p>;
  else if (entries.length === 0) {
    content = (
      <p className="profile-note">
        Nothing yet. Every credit you receive or spend will be listed here:{' '}
        <Link to="/generate">generating an image</Link> costs {formatCost(imageCredits)}.
      </p>
    );
  } else {
    content = (
      <>
        <table className="data-table ledger">
          <thead>
            <tr>
              <th scope="col" className="ledger__date">
                Date
              </th>
              <th scope="col">What happened</th>
              <th scope="col" className="ledger__num">
                Change
              </th>
              <th scope="col" className="ledger__num">
                Balance after
              </th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <LedgerRow key={entry.id} entry={entry} />
            ))}
          </tbody>
        </table>
        {ledger.isFetchNextPageError && (
          <p role="alert">The older entries could not be loaded: {ledger.error?.message}</p>
        )}
        {ledger.hasNextPage && (
          <div className="profile-form__actions profile-form__actions--start">
            <Button variant="secondary" busy={ledger.isFetchingNextPage} onClick={() => void ledger.fetchNextPage()}>
              Load more
            </Button>
          </div>
        )}
      </>
    );
  }

  return (
    <ProfileSection id="credits" title="Where your credits went" lead="Every credit in and out, newest first.">
      {content}
    </ProfileSection>
  );
}
