import { Button } from '../../../components/ui/button.tsx';
import type { PaymentFailure } from '../use-purchase.ts';

/** Under every provider's form: the refusal, in the provider's words, and Pay now. */
export function PayFooter({
  failure,
  failureId,
  busy,
  disabled = false,
}: {
  failure: PaymentFailure | undefined;
  failureId: string;
  busy: boolean;
  disabled?: boolean;
}) {
  return (
    <div className="checkout__pay">
      {failure && (
        <p className="checkout__failure" id={failureId} role="alert">
          {failure.message}
        </p>
      )}
      <Button type="submit" size="lg" busy={busy} disabled={disabled} className="checkout__pay-button">
        Pay now
      </Button>
    </div>
  );
}
