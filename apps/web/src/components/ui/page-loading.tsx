import { Spinner } from './spinner.tsx';

/** Shown while a route's code loads; announced politely. */
export function PageLoading() {
  return (
    <div className="page-loading" role="status">
      <Spinner size="2rem" />
      <span className="visually-hidden">Loading…</span>
    </div>
  );
}
