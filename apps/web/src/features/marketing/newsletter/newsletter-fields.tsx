import { useId, type FocusEventHandler, type FormEventHandler, type InputHTMLAttributes, type Ref } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { CheckboxField, TextField } from '../../../components/ui/text-field.tsx';
import './newsletter-form.css';

type FieldProps = InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> };

/**
 * The newsletter form's markup, with no form library: the subscribe form fills it in, and the
 * page shows it as is until that form's code has loaded (see newsletter-form.tsx).
 */
export function NewsletterFields({
  buttonLabel,
  email,
  agreed,
  emailError,
  agreedError,
  busy = false,
  onSubmit,
  onFocus,
  formRef,
}: {
  buttonLabel: string;
  email?: FieldProps;
  agreed?: FieldProps;
  emailError?: string;
  agreedError?: string;
  busy?: boolean;
  onSubmit?: FormEventHandler<HTMLFormElement>;
  onFocus?: FocusEventHandler<HTMLFormElement>;
  formRef?: Ref<HTMLFormElement>;
}) {
  const id = useId();
  return (
    <form
      ref={formRef}
      className="newsletter-form"
      onSubmit={onSubmit}
      onFocus={onFocus}
      noValidate
      aria-label="Subscribe to the newsletter"
    >
      <div className="newsletter-form__row">
        <TextField
          id={`${id}-email`}
          className="newsletter-form__email"
          label="Email address"
          type="email"
          name="email"
          autoComplete="email"
          placeholder="you@example.com"
          error={emailError}
          {...email}
        />
        <Button type="submit" size="lg" busy={busy} className="newsletter-form__submit">
          {buttonLabel}
        </Button>
      </div>
      <CheckboxField
        id={`${id}-agreed`}
        name="agreed"
        error={agreedError}
        {...agreed}
        label={
          <>
            I agree to the <Link to="/privacy-policy">privacy policy</Link> and to receive the Lumigen newsletter.
          </>
        }
      />
    </form>
  );
}
