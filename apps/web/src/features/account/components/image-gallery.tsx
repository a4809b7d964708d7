import { imageStyles, type ImageStyle } from '@lumigen/contract/generation';
import { imageKinds, type ImageKind } from '@lumigen/contract/image-kinds';
import type { ImageSummary } from '@lumigen/contract/images';
import { formatCost } from '@lumigen/contract/pricing';
import { useImageCredits } from '../../../lib/providers.ts';
import { useDeferredValue, useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { notify } from '../../../lib/notify.ts';
import { useAuth } from '../../../lib/session.tsx';
import { useDeleteImage } from '../api/delete-image.ts';
import { useImageUrl } from '../../../lib/use-image-url.ts';
import { useImageSearch } from '../api/get-images.ts';
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
      <Link
        className="gallery__frame"
        to={{ search: viewImageSearch(image.id) }}
        style={{ aspectRatio: `${image.width} / ${image.height}` }}
        aria-label={`Open full size: ${label}`}
      >
        {url.data ? (
          <img src={url.data} alt={label} width={image.width} height={image.height} loading="lazy" />
        ) : (
          <span
            className={url.isError ? 'gallery__placeholder gallery__placeholder--missing' : 'gallery__placeholder'}
          />
        )}
      </Link>
      <p className="gallery__caption">
        <span className="gallery__kind">{kindLabel(image.kind)}</span>
        {styleLabel(image.style) && <span className="gallery__style"> · {styleLabel(image.style)} style</span>} ·{' '}
        <time dateTime={image.createdAt}>{dayFormat.format(new Date(image.createdAt))}</time>
      </p>
      {image.prompt && <p className="gallery__prompt">{image.prompt}</p>}
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

/** A style worth naming: none for the tools, for what predates styles, and for None. */
function styleLabel(style: string | null): string | undefined {
  return style && style !== 'none' && style in imageStyles ? imageStyles[style as ImageStyle].label : undefined;
}

/** The kind filter's words: generations, edits with words, then each tool by what it did. */
const kindOptionLabel = (kind: ImageKind) =>
  kind === 'generation' ? 'Generated' : kind === 'edit' ? 'Edited with words' : kindLabel(kind);

/** The user's images, searched and filtered: open, download, carry into a tool, or delete each one. */
export function ImageGallery() {
  const imageCredits = useImageCredits();
  const { token } = useAuth();
  const [q, setQ] = useState('');
  const [kind, setKind] = useState<ImageKind | ''>('');
  // Typing stays quick: the list follows the words a moment later.
  const words = useDeferredValue(q);
  const searching = words.trim() !== '' || kind !== '';
  const found = useImageSearch(token, { q: words, kind });
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

  const images = found.data?.pages.flatMap((page) => page.images) ?? [];
  const filters = (
    <form className="gallery__search" role="search" onSubmit={(event) => event.preventDefault()}>
      <label>
        <span>Search your images</span>
        <input
          type="search"
          value={q}
          onChange={(event) => setQ(event.target.value)}
          placeholder="Words of a prompt, or a tool"
          maxLength={200}
        />
      </label>
      <label>
        <span>Kind</span>
        <select value={kind} onChange={(event) => setKind(event.target.value as ImageKind | '')}>
          <option value="">All kinds</option>
          {imageKinds.map((option) => (
            <option key={option} value={option}>
              {kindOptionLabel(option)}
            </option>
          ))}
        </select>
      </label>
    </form>
  );

  if (found.isPending) return <p role="status">Loading your images…</p>;
  if (found.isError) return <p role="alert">Your images could not be loaded: {found.error.message}</p>;
  if (images.length === 0 && !searching) {
    return (
      <p className="profile-note">
        No images yet. <Link to="/generate">Generate your first one</Link> — it costs {formatCost(imageCredits)}.
      </p>
    );
  }
  return (
    <>
      {filters}
      {images.length === 0 ? (
        <p className="profile-note" role="status">
          No image matches this search.
        </p>
      ) : (
        <ul className="gallery">
          {images.map((image) => (
            <Thumbnail key={image.id} image={image} onDelete={() => setDoomed(image)} />
          ))}
        </ul>
      )}
      {found.hasNextPage && (
        <button
          type="button"
          className="button button--secondary"
          onClick={() => void found.fetchNextPage()}
          disabled={found.isFetchingNextPage}
        >
          Show older images
        </button>
      )}
      {doomed && (
        <ConfirmDialog
          title="Delete this image?"
          confirmLabel="Delete image"
          onConfirm={confirmDelete}
          onCancel={() => setDoomed(undefined)}
          busy={deleting.isPending}
        >
          <p>
            “{imageLabel(doomed)}” will be removed from your gallery for good. Your credit history keeps the charge for
            it.
          </p>
        </ConfirmDialog>
      )}
    </>
  );
}
