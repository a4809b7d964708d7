import type { FieldErrors } from 'react-hook-form';

/**
 * Under a form: what the server said. Its refusal (that no field owns) as an alert, or the
 * message of the call that worked, announced politely.
 */
export function FormStatus({ errors, done }: { errors: FieldErrors; done?: string }) {
  const refusal = (errors.root as { server?: { message?: string } } | undefined)?.server?.message;
  if (refusal) {
    return (
      <p className="profile-form__refusal" role="alert">
        {refusal}
      </p>
    );
  }
  if (!done) return null;
  return (
    <p className="profile-form__done" role="status">
      {done}
    </p>
  );
}
