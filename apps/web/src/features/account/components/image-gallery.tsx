import type { ImageSummary } from '@lumigen/contract/images';
import { creditCosts, formatCost } from '@lumigen/contract/pricing';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { notify } from '../../../lib/notify.ts';
import { useAuth } from '../../../lib/session.tsx';
import { useDeleteImage } from '../api/delete-image.ts';
import { useImageUrl } from '../../../lib/use-image-url.ts';
import { useMyImages } from '../api/get-images.ts';
import { dayFormat } from '../date-format.ts';
import { imageFileName, imageLabel, kindLabel } from '../image-label.ts';
import { viewImageSearch } from './image-viewer.tsx';
import { UseInMenu } from './use-in-menu.tsx';
import './image-gallery.css';

function Thumbnail({ image, onDelete }: { image: ImageSummary; onDelete(): void }) {
  const url = useImageUrl(image.id);
  const label = imageLabel(image);
  return (
    <li className="gallery__item">
      <Link className="gallery__frame" to={{ search: viewImageSearch(image.id) }} style={{ aspectRatio: `${image.width} / ${image.height}` }} aria-label={`Open full size: ${label}`}>
        {url.data ? (
          <img src={url.data} alt={label} width={image.width} height={image.height} loading="lazy" />
        ) : (
          <span className={url.isError ? 'gallery__placeholder gallery__placeholder--missing' : 'gallery__placeholder'} />
        )}
      </Link>
      <p className="gallery__caption">
        <span className="gallery__kind">{kindLabel(image.kind)}</span> · <time dateTime={image.createdAt}>{dayFormat.format(new Date(image.createdAt))}</time>
      </p>
      <div className="gallery__actions">
        {url.data && (
          <a href={url.data} download={imageFileName(image)} aria-label={`Download: ${label}`}>
            Download
          </a>
        )}
        <UseInMenu imageId={image.id} label={label} />
        <button type="button" className="gallery__delete" onClick={onDelete} aria-label={`Delete: ${label}`}>
          Delete
        </button>
      </div>
    </li>
  );
}

/** The user's latest images: open, download, carry into a tool, or delete each one. */
export function ImageGallery() {
  const { token } = useAuth();
  const images = useMyImages(token);
  const deleting = useDeleteImage();
  const [doomed, setDoomed] = useState<ImageSummary>();

  const confirmDelete = () => {
    if (!doomed) return;
    deleting.mutate(doomed.id, {
      onSuccess: (answer) => notify.success(answer.message),
      onError: (error) => notify.error(error.message),
      onSettled: () => setDoomed(undefined),
    });
  };

  if (images.isPending) return <p role="status">Loading your images…</p>;
  if (images.isError) return <p role="alert">Your images could not be loaded: {images.error.message}</p>;
  if (images.data.images.length === 0) {
    return (
      <p className="profile-note">
        No images yet. <Link to="/generate">Generate your first one</Link> — it costs {formatCost(creditCosts.generation)}.
      </p>
    );
  }
  return (
    <>
      <ul className="gallery">
        {images.data.images.map((image) => (
          <Thumbnail key={image.id} image={image} onDelete={() => setDoomed(image)} />
        ))}
      </ul>
      {doomed && (
        <ConfirmDialog title="Delete this image?" confirmLabel="Delete image" onConfirm={confirmDelete} onCancel={() => setDoomed(undefined)} busy={deleting.isPending}>
          <p>
            “{imageLabel(doomed)}” will be removed from your gallery for good. Your credit history keeps the charge for it.
          </p>
        </ConfirmDialog>
      )}
    </>
  );
}
