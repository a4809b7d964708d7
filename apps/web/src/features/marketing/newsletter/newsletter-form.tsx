import { lazy, Suspense, useCallback, useEffect, useMemo, useRef } from 'react';
import { useNearViewport } from '../../../components/ui/use-near-viewport.ts';
import { NewsletterFields } from './newsletter-fields.tsx';

/**
 * The form library and the schema cost more than the landing page's first load can spare
 * (DESIGN.md §5: <= 120 kB gzip), and the form sits below the fold. So the subscribe form's code
 * loads when the form nears the viewport or is touched. Prerendering waits for it, so the page's
 * HTML holds the real form; in the browser React leaves that HTML in place (typing works, the
 * fields are plain inputs) and takes it over when the code arrives.
 */
const prerendering = typeof document === 'undefined';
let openGate: () => void = () => undefined;
const gate = new Promise<void>((resolve) => {
  openGate = resolve;
});
const SubscribeForm = lazy(async () => {
  if (!prerendering) await gate;
  return { default: (await import('./subscribe-form.tsx')).SubscribeForm };
});

export function NewsletterForm({ buttonLabel = 'Subscribe' }: { buttonLabel?: string }) {
  const spot = useRef<HTMLDivElement>(null);
  const near = useNearViewport(spot);
  const ready = useRef(false);
  const pendingSubmit = useRef(false);

  useEffect(() => {
    if (near) openGate();
  }, [near]);

  // Plain DOM listeners: they work on the prerendered HTML before React has taken this part over.
  useEffect(() => {
    const element = spot.current;
    if (!element) return;
    const touched = () => openGate();
    const submitted = (event: Event) => {
      if (ready.current) return;
      // Before the form's code runs, a press of Subscribe would reload the page with the address in the URL.
      event.preventDefault();
      pendingSubmit.current = true;
      openGate();
    };
    element.addEventListener('focusin', touched);
    element.addEventListener('pointerdown', touched);
    element.addEventListener('submit', submitted, true);
    return () => {
      element.removeEventListener('focusin', touched);
      element.removeEventListener('pointerdown', touched);
      element.removeEventListener('submit', submitted, true);
    };
  }, []);

  const onReady = useCallback(() => {
    ready.current = true;
  }, []);

  // The same element on every render: a new one would count as an update of the part React has
  // not taken over yet, which it may answer by throwing the prerendered fields (and what was typed) away.
  const form = useMemo(
    () => (
      <Suspense fallback={<NewsletterFields buttonLabel={buttonLabel} onSubmit={(event) => event.preventDefault()} />}>
        <SubscribeForm buttonLabel={buttonLabel} onReady={onReady} pendingSubmit={pendingSubmit} />
      </Suspense>
    ),
    [buttonLabel, onReady],
  );
  return <div ref={spot}>{form}</div>;
}
