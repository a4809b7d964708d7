import { Link, useSearchParams } from 'react-router';
import { ModalDialog } from '../../../components/ui/modal-dialog.tsx';
import { useAuth } from '../../../lib/session.tsx';
import { againLink } from '../../../lib/tool-routes.ts';
import { useImageUrl } from '../../../lib/use-image-url.ts';
import { useMyImages } from '../api/get-images.ts';
import { imageFileName, imageLabel } from '../image-label.ts';

/** The query that opens an image full size on /profile: a link can point at it, Back closes it. */
const viewParam = 'view';
export const viewImageSearch = (imageId: string) => `?${new URLSearchParams({ [viewParam]: imageId })}`;

function Viewer({ imageId, onClose }: { imageId: string; onClose(): void }) {
  const { token } = useAuth();
  const url = useImageUrl(imageId);
  // The gallery's list names the image when it is among the latest; an older one is just "Your image".
  const summary = useMyImages(token).data?.images.find((image) => image.id === imageId);
  const label = summary ? imageLabel(summary) : 'Your image';

  let content;
  if (url.isPending) content = <p role="status">Loading the image…</p>;
  else if (url.isError) {
    content = (
      <p role="alert">
        {(url.error as { status?: number }).status === 404
          ? 'This image no longer exists: it was deleted.'
          : `The image could not be loaded: ${url.error.message}`}
      </p>
    );
  } else {
    const again = summary && againLink(summary);
    content = (
      <>
        <img className="viewer__image" src={url.data} alt={label} width={summary?.width} height={summary?.height} />
        <div className="modal__actions">
          {again && (
            <Link className="button button--secondary" to={again}>
              Use again
            </Link>
          )}
          <a
            className="button button--primary"
            href={url.data}
            download={imageFileName(summary ?? { id: imageId, kind: 'image', prompt: null })}
          >
            Download
          </a>
        </div>
      </>
    );
  }

  return (
    <ModalDialog title={label} onClose={onClose} size="lg">
      {content}
    </ModalDialog>
  );
}

/** One of the user's images at full size, over the page, while the address says `?view=<id>`. */
export function ImageViewer() {
  const [search, setSearch] = useSearchParams();
  const imageId = search.get(viewParam);
  if (!imageId) return null;
  const close = () =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(viewParam);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  return <Viewer key={imageId} imageId={imageId} onClose={close} />;
}
