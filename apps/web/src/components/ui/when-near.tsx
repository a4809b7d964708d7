import { Suspense, useRef, type ReactNode } from 'react';
import { useNearViewport } from './use-near-viewport.ts';

/**
 * Renders `children` (usually a React.lazy component) once this spot nears the viewport; until
 * then, and while the code loads, `fallback` holds the space so nothing jumps.
 */
export function WhenNear({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const near = useNearViewport(ref);
  return <div ref={ref}>{near ? <Suspense fallback={fallback}>{children}</Suspense> : fallback}</div>;
}
