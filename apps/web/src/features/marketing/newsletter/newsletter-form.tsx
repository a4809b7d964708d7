import { useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { CheckboxField, TextField } from '../../../components/ui/text-field.tsx';
import { notify } from '../../../lib/notify.ts';
import { subscribe } from './subscribe.ts';
import './newsletter-form.css';

// The server's own wording for a missing agreement (contract: newsletterRequest.agreed).
export const agreementRequired = 'Please agree to the privacy policy to subscribe';
export const invalidEmail = 'Enter a valid email address, like name@example.com';

/**
 * SPEC.md §2: an empty address does nothing. DESIGN.md §4: the privacy agreement is enforced
 * (inline, before any call) and the address is stored server-side; on success the field is
 * cleared and the server's 'subscribed successfully!' is toasted; failures are error toasts.
 */
export function NewsletterForm({ buttonLabel = 'Subscribe' }: { buttonLabel?: string }) {
  const id = useId();
  const emailRef = useRef<HTMLInputElement>(null);
  const agreedRef = useRef<HTMLInputElement>(null);
  const [email, setEmail] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [emailError, setEmailError] = useState<string>();
  const [agreedError, setAgreedError] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const address = email.trim();
    if (address === '') return;
    if (emailRef.current && !emailRef.current.validity.valid) {
      setEmailError(invalidEmail);
      emailRef.current.focus();
      return;
    }
    if (!agreed) {
      setAgreedError(agreementRequired);
      agreedRef.current?.focus();
      return;
    }
    setBusy(true);
    try {
      const result = await subscribe({ email: address, agreed: true });
      setEmail('');
      setAgreed(false);
      notify.success(result.message);
    } catch (error) {
      notify.error((error as Error).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="newsletter-form" onSubmit={onSubmit} noValidate aria-label="Subscribe to the newsletter">
      <div className="newsletter-form__row">
        <TextField
          ref={emailRef}
          id={`${id}-email`}
          className="newsletter-form__email"
          label="Email address"
          type="email"
          name="email"
          autoComplete="email"
          placeholder="you@example.com"
          value={email}
          error={emailError}
          onChange={(event) => {
            setEmail(event.target.value);
            setEmailError(undefined);
          }}
        />
        <Button type="submit" size="lg" busy={busy} className="newsletter-form__submit">
          {buttonLabel}
        </Button>
      </div>
      <CheckboxField
        ref={agreedRef}
        id={`${id}-agreed`}
        name="agreed"
        checked={agreed}
        error={agreedError}
        onChange={(event) => {
          setAgreed(event.target.checked);
          setAgreedError(undefined);
        }}
        label={
          <>
            I agree to the <Link to="/privacy-policy">privacy policy</Link> and to receive the Lumigen newsletter.
          </>
        }
      />
    </form>
  );
}
