import type { ReactNode, RefObject } from 'react';
import './tool-layout.css';

/** Every tool page below its hero: controls on the left (on top on small screens), the canvas on the right. */
export function ToolLayout({
  badge,
  controls,
  canvas,
  canvasRef,
}: {
  badge?: ReactNode;
  controls: ReactNode;
  canvas: ReactNode;
  canvasRef: RefObject<HTMLElement | null>;
}) {
  return (
    <div className="tool container">
      <section className="tool__controls" aria-label="Settings">
        {controls}
        {/* Last in the panel: it arrives with a request after the page shows, and here it moves nothing in view. */}
        {badge}
      </section>
      <section ref={canvasRef} className="tool__canvas" aria-label="Result" aria-live="polite" tabIndex={-1}>
        {canvas}
      </section>
    </div>
  );
}

/** What the canvas shows before anything ran. */
export function CanvasEmpty({ children }: { children: ReactNode }) {
  return (
    <div className="tool__empty">
      <svg viewBox="0 0 48 48" width="48" height="48" aria-hidden="true">
        <rect x="6" y="10" width="36" height="28" rx="5" fill="none" stroke="currentColor" strokeWidth="2.5" />
        <circle cx="17" cy="20" r="3.5" fill="currentColor" />
        <path d="M8 34l10-9 7 6 6-5 9 8" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinejoin="round" />
      </svg>
      <p>{children}</p>
    </div>
  );
}

/** Working: the canvas is scrolled into view so the user sees progress (docs/product.md §2). */
export function scrollToCanvas(canvas: HTMLElement | null) {
  if (!canvas) return;
  const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  canvas.scrollIntoView({ behavior: reduced ? 'auto' : 'smooth', block: 'start' });
}

/**
 * A result arrived: on a phone the canvas lies below the settings and the page may have scrolled
 * away while it worked, so bring the canvas back; beside the settings (wide screens) it is in view.
 */
export function scrollToResult(canvas: HTMLElement | null) {
  if (!canvas) return;
  const box = canvas.getBoundingClientRect();
  if (box.top >= 0 && box.top < window.innerHeight * 0.5) return;
  // After React has drawn the result, so the canvas has its final height.
  requestAnimationFrame(() => scrollToCanvas(canvas));
}
