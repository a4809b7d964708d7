import type { ImageSummary } from '@lumigen/contract/images';
import { creditCosts, formatCost } from '@lumigen/contract/pricing';
import { Link } from 'react-router';
import { useAuth } from '../../../lib/session.tsx';
import { useImageUrl, useMyImages } from '../api/get-images.ts';
import './image-gallery.css';

const kindLabels: Record<string, string> = {
  generation: 'Generated',
  'remove-background': 'Background removed',
  'remove-text': 'Text removed',
  'product-photography': 'Studio lighting',
  reimagine: 'Variant',
  'replace-background': 'New background',
  upscale: 'Upscaled',
  uncrop: 'Uncropped',
  cleanup: 'Cleaned up',
};
const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

function Thumbnail({ image }: { image: ImageSummary }) {
  const url = useImageUrl(image.id);
  const label = image.prompt ?? kindLabels[image.kind] ?? image.kind;
  return (
    <li className="gallery__item">
      <div className="gallery__frame" style={{ aspectRatio: `${image.width} / ${image.height}` }}>
        {url.data ? <img src={url.data} alt={label} width={image.width} height={image.height} loading="lazy" /> : <span className="gallery__placeholder" />}
      </div>
      <p className="gallery__caption">
        <span className="gallery__kind">{kindLabels[image.kind] ?? image.kind}</span> · {dateFormat.format(new Date(image.createdAt))}
      </p>
      <div className="gallery__actions">
        {url.data && (
          <a href={url.data} download={`lumigen-${image.id.slice(0, 8)}.png`}>
            Download
          </a>
        )}
        <Link to={`/removebg?image=${image.id}`}>Edit</Link>
      </div>
    </li>
  );
}

/** The user's latest images, each one downloadable or carried into a tool. */
export function ImageGallery() {
  const { token } = useAuth();
  const images = useMyImages(token);
  if (images.isPending) return <p role="status">Loading your images…</p>;
  if (images.isError) return <p>Your images could not be loaded: {images.error.message}</p>;
  if (images.data.images.length === 0) {
    return (
      <p>
        No images yet. <Link to="/generate">Generate your first one</Link> — it costs {formatCost(creditCosts.generation)}.
      </p>
    );
  }
  return (
    <ul className="gallery">
      {images.data.images.map((image) => (
        <Thumbnail key={image.id} image={image} />
      ))}
    </ul>
  );
}
