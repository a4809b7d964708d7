import { messages } from '@lumigen/contract/messages';
import type { NewsletterRequest } from '@lumigen/contract/marketing';
import { useLayoutEffect, useRef, type FormEvent } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { lazyZodResolver } from '../../../lib/form-resolver.ts';
import { notify } from '../../../lib/notify.ts';
import { NewsletterFields } from './newsletter-fields.tsx';
import { useSubscribe } from './subscribe.ts';

type Draft = { email: string; agreed: boolean };

const check = lazyZodResolver(() => import('@lumigen/contract/marketing').then((m) => m.newsletterRequest));
// The box holds false until ticked, which is exactly what the schema refuses.
const resolver = check as Resolver<Draft, unknown, NewsletterRequest>;

export type SubscribeFormProps = {
  buttonLabel?: string;
  /** What the plain fields held when this form took their place. */
  initial?: Draft;
  /** The field that had focus then. */
  focus?: keyof Draft;
  /** Subscribe was pressed before this form's code ran: send what is typed at once. */
  submitNow?: boolean;
};

/**
 * docs/product.md §2: an empty address does nothing. docs/architecture.md §4: the privacy agreement is enforced
 * (inline, before any call) and the address is stored server-side; on success the field is
 * cleared and the server's 'subscribed successfully!' is toasted; failures are error toasts.
 */
export function SubscribeForm({
  buttonLabel = 'Subscribe',
  initial = { email: '', agreed: false },
  focus,
  submitNow = false,
}: SubscribeFormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const form = useForm<Draft, unknown, NewsletterRequest>({ defaultValues: initial, resolver });
  const subscription = useSubscribe();
  const { errors } = form.formState;

  // Once, on taking over from the plain fields: in the same task as the swap, before any keystroke.
  const takeover = useRef({ focus, submitNow });
  useLayoutEffect(() => {
    const { focus: field, submitNow: send } = takeover.current;
    if (field) form.setFocus(field);
    if (send) formRef.current?.requestSubmit();
  }, [form]);

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
      onFocus={check.preload}
      busy={subscription.isPending}
      // The schema's own words name the field for the API; a person gets an example instead.
      emailError={errors.email && messages.invalidEmailExample}
      agreedError={errors.agreed?.message}
      email={form.register('email')}
      agreed={form.register('agreed', { onChange: () => form.clearErrors('agreed') })}
    />
  );
}
