import { Button } from '../../../components/ui/button.tsx';
import { LoadingOrb } from '../../../components/ui/loading-orb.tsx';
import { useImageUrl } from '../../../lib/use-image-url.ts';
import { CompareSlider, type OriginalPlacement } from './compare-slider.tsx';

/**
 * A finished edit: beside the original when this page still has it, else (a job picked up after a
 * reload) the result alone. Then start again, or download it as `fileName`.
 */
export function EditResult({
  imageId,
  before,
  placement,
  alt,
  fileName,
  note,
  preview,
  onAnother,
}: {
  imageId: string;
  before?: string;
  placement?: OriginalPlacement;
  alt: string;
  fileName: string;
  /** Something the person should know about this result (the picture was scaled down first). */
  note?: string;
  /** Said when a local preview made it (docs/decisions/051). */
  preview?: string;
  onAnother(): void;
}) {
  const image = useImageUrl(imageId);
  if (image.isPending) return <LoadingOrb label="Loading your image" />;
  if (image.isError) return <p role="alert">Your image is ready, but it could not be loaded: {image.error.message}</p>;
  return (
    <div className="tool__result">
      {before ? (
        <CompareSlider before={before} after={image.data} alt={alt} placement={placement} />
      ) : (
        <img className="tool__image checkerboard" src={image.data} alt={`Edited image: ${alt}`} />
      )}
      {preview && <p className="tool__note tool__note--preview">{preview}</p>}
      {note && <p className="tool__note">{note}</p>}
      <div className="tool__actions">
        <Button variant="secondary" onClick={onAnother}>
          Edit another image
        </Button>
        <a className="button button--primary" href={image.data} download={fileName}>
          Download
        </a>
      </div>
    </div>
  );
}
