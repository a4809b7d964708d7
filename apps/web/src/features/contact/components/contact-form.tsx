import type { ContactRequest } from '@lumigen/contract/marketing';
import { messages } from '@lumigen/contract/messages';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { TextArea, TextField } from '../../../components/ui/text-field.tsx';
import { lazyZodResolver } from '../../../lib/form-resolver.ts';
import { notify } from '../../../lib/notify.ts';
import { useSendContact } from '../api/send-contact.ts';
import './contact.css';

const resolver = lazyZodResolver(() => import('@lumigen/contract/marketing').then((m) => m.contactRequest));
const empty: ContactRequest = { name: '', email: '', comments: '' };

/**
 * Name, e-mail and comments, checked with the server's own schema before anything is sent.
 * On success the form clears and says so; a failure keeps what was typed and shows why.
 */
export function ContactForm() {
  const sending = useSendContact();
  const form = useForm({ resolver, defaultValues: empty });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await sending.mutateAsync(values);
      form.reset(empty);
      notify.success(messages.contactReceived);
    } catch (error) {
      notify.error((error as Error).message);
    }
  });

  return (
    <form className="contact-form" onSubmit={onSubmit} onFocus={resolver.preload} noValidate>
      <div className="contact-form__row">
        <TextField label="Name" autoComplete="name" error={errors.name?.message} {...form.register('name')} />
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...form.register('email')}
        />
      </div>
      <TextArea label="Comments" rows={6} error={errors.comments?.message} {...form.register('comments')} />
      <p className="contact-form__note">
        We use your details only to answer this message. See our <Link to="/privacy-policy">Privacy Policy</Link>.
      </p>
      <Button type="submit" size="lg" busy={isSubmitting} className="contact-form__submit">
        Send message
      </Button>
    </form>
  );
}
