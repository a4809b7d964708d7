import { Button } from '../../../components/ui/button.tsx';
import { LoadingOrb } from '../../../components/ui/loading-orb.tsx';
import { useImageUrl } from '../../../lib/use-image-url.ts';
import { CompareSlider } from './compare-slider.tsx';

/**
 * A finished edit: beside the original when this page still has it, else (a job picked up after a
 * reload) the result alone. Then start again, or download it as `fileName`.
 */
export function EditResult({ imageId, before, alt, fileName, onAnother }: { imageId: string; before?: string; alt: string; fileName: string; onAnother(): void }) {
  const image = useImageUrl(imageId);
  if (image.isPending) return <LoadingOrb label="Loading your image" />;
  if (image.isError) return <p role="alert">Your image is ready, but it could not be loaded: {image.error.message}</p>;
  return (
    <div className="tool__result">
      {before ? <CompareSlider before={before} after={image.data} alt={alt} /> : <img className="tool__image" src={image.data} alt={`Edited image: ${alt}`} />}
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
