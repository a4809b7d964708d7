import { webMessages } from '@lumigen/contract/web-messages';
import { useLocation } from 'react-router';
import { rememberReturnPath } from '../../lib/return-after-purchase.ts';
import { ButtonLink } from '../ui/button.tsx';
import './short-of-credits.css';

/**
 * The balance cannot pay for `action`: both numbers and a way to buy, which remembers this page so
 * the receipt brings the person back to finish what they started.
 */
export function ShortOfCredits({ action, needed, balance }: { action: string; needed: number; balance: number }) {
  const location = useLocation();
  return (
    <div className="short-of-credits" role="alert">
      <p className="short-of-credits__text">{webMessages.shortOfCredits(action, needed, balance)}</p>
      <ButtonLink to="/pricing" onClick={() => rememberReturnPath(`${location.pathname}${location.search}`)}>
        Buy credits
      </ButtonLink>
    </div>
  );
}
