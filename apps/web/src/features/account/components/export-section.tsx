import { Button } from '../../../components/ui/button.tsx';
import { exportFileName, useExportData } from '../api/export-data.ts';
import { saveBlob } from '../../../lib/save-blob.ts';
import { ProfileCard } from './profile-section.tsx';

/** Everything the account holds, in one ZIP the user keeps. */
export function ExportSection() {
  const exporting = useExportData();
  return (
    <ProfileCard
      title="Export your data"
      lead="One ZIP file: your account details, your credit history and purchases as spreadsheets (CSV), and every image as a PNG."
    >
      <div className="profile-form">
        {exporting.isError && (
          <p className="profile-form__refusal" role="alert">
            The export could not be made: {exporting.error.message}
          </p>
        )}
        {exporting.isSuccess && (
          <p className="profile-form__done" role="status">
            Your data was saved as {exportFileName}.
          </p>
        )}
        <div className="profile-form__actions">
          <Button
            variant="secondary"
            busy={exporting.isPending}
            onClick={() => exporting.mutate(undefined, { onSuccess: (zip) => saveBlob(zip, exportFileName) })}
          >
            {exporting.isPending ? 'Preparing your export…' : 'Download my data'}
          </Button>
        </div>
      </div>
    </ProfileCard>
  );
}
