import { formatCardNumber } from '../card-format.ts';

/** Stripe's test cards the local provider understands (apps/server …/providers/local-cards.ts). */
const testCards = [
  { number: '4242424242424242', outcome: 'Succeeds' },
  { number: '4000000000000002', outcome: 'Declined' },
  { number: '4000000000009995', outcome: 'Insufficient funds' },
] as const;

/** Says plainly that no money moves, and offers the test cards (a click fills the number in). */
export function TestModeNotice({ onUseCard }: { onUseCard(number: string): void }) {
  return (
    <aside className="checkout__test" aria-labelledby="test-mode-title">
      <p className="checkout__test-title" id="test-mode-title">
        <span className="checkout__test-badge">Test mode</span> No real card is charged.
      </p>
      <p className="checkout__test-lead">
        Pay with a test card, any future expiry such as 12 / 34 and any three-digit CVC:
      </p>
      <ul className="checkout__test-cards">
        {testCards.map(({ number, outcome }) => (
          <li key={number}>
            <button
              type="button"
              className="checkout__test-card"
              onClick={() => onUseCard(number)}
              aria-label={`Use test card ${formatCardNumber(number)} (${outcome.toLowerCase()})`}
            >
              {formatCardNumber(number)}
            </button>{' '}
            <span>{outcome}</span>
          </li>
        ))}
      </ul>
    </aside>
  );
}
