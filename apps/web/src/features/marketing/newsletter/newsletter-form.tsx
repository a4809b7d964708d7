import { useEffect, useRef, useState, type ComponentType } from 'react';
import { flushSync } from 'react-dom';
import { useNearViewport } from '../../../components/ui/use-near-viewport.ts';
import { NewsletterFields } from './newsletter-fields.tsx';
import type { SubscribeFormProps } from './subscribe-form.tsx';

let loading: Promise<ComponentType<SubscribeFormProps>> | undefined;
const loadSubscribeForm = () => (loading ??= import('./subscribe-form.tsx').then((module) => module.SubscribeForm));

/**
 * The form library and the schema cost more than the landing page's first load can spare
 * (docs/architecture.md §5: <= 120 kB gzip), and the form sits below the fold. So the page (and its
 * prerendered HTML) first shows the plain fields, and the subscribe form's code loads when they
 * near the viewport or are touched. It then takes their place in one synchronous step, starting
 * from what was typed, with focus where it was; a press of Subscribe before that is sent then.
 *
 * Not a lazy component in a Suspense boundary: React would keep such a prerendered part
 * dehydrated until its code came, and a transition elsewhere (the session becoming known) would
 * wait for it, i.e. for a scroll.
 */
export function NewsletterForm({ buttonLabel = 'Subscribe' }: { buttonLabel?: string }) {
  const spot = useRef<HTMLDivElement>(null);
  const plain = useRef<HTMLFormElement>(null);
  const near = useNearViewport(spot);
  const [wanted, setWanted] = useState(false);
  const [live, setLive] = useState<{
    Form: ComponentType<SubscribeFormProps>;
    props: Omit<SubscribeFormProps, 'buttonLabel'>;
  }>();
  const submitNow = useRef(false);

  useEffect(() => {
    if (!(near || wanted) || live) return;
    let current = true;
    void loadSubscribeForm().then((Form) => {
      const form = plain.current;
      if (!current || !form) return;
      const email = form.elements.namedItem('email') as HTMLInputElement | null;
      const agreed = form.elements.namedItem('agreed') as HTMLInputElement | null;
      const focused =
        document.activeElement === email ? 'email' : document.activeElement === agreed ? 'agreed' : undefined;
      // Read and replaced in one task: nothing typed in between can be lost.
      flushSync(() =>
        setLive({
          Form,
          props: {
            initial: { email: email?.value ?? '', agreed: agreed?.checked ?? false },
            focus: focused,
            submitNow: submitNow.current,
          },
        }),
      );
    });
    return () => {
      current = false;
    };
  }, [near, wanted, live]);

  const want = () => setWanted(true);
  return (
    <div ref={spot} onFocus={want} onPointerDown={want}>
      {live ? (
        <live.Form buttonLabel={buttonLabel} {...live.props} />
      ) : (
        <NewsletterFields
          formRef={plain}
          buttonLabel={buttonLabel}
          onSubmit={(event) => {
            event.preventDefault();
            submitNow.current = true;
            want();
          }}
        />
      )}
    </div>
  );
}
