import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';

/** A report on its way, announced politely. */
export function ReportLoading({ what }: { what: string }) {
  return (
    <p className="admin-report__loading" role="status">
      <Spinner /> Loading {what}…
    </p>
  );
}

/** A report that could not be read, with the server's words and a way to ask again. */
export function ReportError({ what, error, retry }: { what: string; error: Error; retry(): void }) {
  return (
    <div className="admin-report__error" role="alert">
      <p>
        {what} could not be loaded: {error.message}
      </p>
      <Button variant="secondary" onClick={retry}>
        Try again
      </Button>
    </div>
  );
}
