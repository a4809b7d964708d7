import { lazy, Suspense, useEffect, useState } from 'react';
import { loadToasts, onToastsLoading } from '../lib/notify.ts';
import './toasts.css';

/** docs/product.md §9: top right, 5 s, pause on hover and focus loss, drag to dismiss at 80 %. */
export const toastSettings = {
  position: 'top-right',
  autoClose: 5000,
  pauseOnHover: true,
  pauseOnFocusLoss: true,
  draggable: true,
  draggablePercent: 80,
} as const;

const Container = lazy(async () => {
  const { ToastContainer } = await loadToasts();
  return { default: () => <ToastContainer {...toastSettings} /> };
});

/** The toast container, loaded off the critical path: when idle, or with the first toast. */
export function Toasts() {
  const [ready, setReady] = useState(false);
  useEffect(() => onToastsLoading(() => setReady(true)), []);
  useEffect(() => {
    const start = () => void loadToasts();
    if ('requestIdleCallback' in window) {
      const id = window.requestIdleCallback(start, { timeout: 3000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = setTimeout(start, 1000);
    return () => clearTimeout(id);
  }, []);
  return ready ? (
    <Suspense fallback={null}>
      <Container />
    </Suspense>
  ) : null;
}
