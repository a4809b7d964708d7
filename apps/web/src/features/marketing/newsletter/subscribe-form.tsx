import { messages } from '@lumigen/contract/messages';
import { newsletterRequest, type NewsletterRequest } from '@lumigen/contract/marketing';
import { useEffect, useRef, type FormEvent, type RefObject } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '../../../lib/form-resolver.ts';
import { notify } from '../../../lib/notify.ts';
import { NewsletterFields } from './newsletter-fields.tsx';
import { useSubscribe } from './subscribe.ts';

type Draft = { email: string; agreed: boolean };

/**
 * SPEC.md §2: an empty address does nothing. DESIGN.md §4: the privacy agreement is enforced
 * (inline, before any call) and the address is stored server-side; on success the field is
 * cleared and the server's 'subscribed successfully!' is toasted; failures are error toasts.
 * `onReady` runs once this form answers input; `pendingSubmit` set by then means Subscribe was
 * pressed before this code ran, and what is typed is submitted at once.
 */
export function SubscribeForm({ buttonLabel = 'Subscribe', onReady, pendingSubmit }: { buttonLabel?: string; onReady?(): void; pendingSubmit?: RefObject<boolean> }) {
  const formRef = useRef<HTMLFormElement>(null);
  // No default values: the fields keep whatever was typed into the page before this code arrived.
  // The box holds false until ticked, which is exactly what the schema refuses.
  const form = useForm<Draft, unknown, NewsletterRequest>({ resolver: zodResolver(newsletterRequest) as Resolver<Draft, unknown, NewsletterRequest> });
  const subscription = useSubscribe();
  const { errors } = form.formState;

  useEffect(() => {
    onReady?.();
    if (pendingSubmit?.current) {
      pendingSubmit.current = false;
      formRef.current?.requestSubmit();
    }
  }, [onReady, pendingSubmit]);

  const send = form.handleSubmit((body) =>
    subscription.mutate(body, {
      onSuccess: (result) => {
        form.reset({ email: '', agreed: false });
        notify.success(result.message);
      },
      onError: (error) => notify.error(error.message),
    }),
  );

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (subscription.isPending || (form.getValues('email') ?? '').trim() === '') return event.preventDefault();
    return send(event);
  };

  return (
    <NewsletterFields
      formRef={formRef}
      buttonLabel={buttonLabel}
      onSubmit={onSubmit}
      busy={subscription.isPending}
      // The schema's own words name the field for the API; a person gets an example instead.
      emailError={errors.email && messages.invalidEmailExample}
      agreedError={errors.agreed?.message}
      email={form.register('email')}
      agreed={form.register('agreed', { onChange: () => form.clearErrors('agreed') })}
    />
  );
}
