import { imageStyles, modelForSize } from '@lumigen/contract/generation';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { LoadingOrb } from '../../../components/ui/loading-orb.tsx';
import { exportName } from '../../../lib/download-name.ts';
import { useImageUrl } from '../../../lib/use-image-url.ts';
import type { GenerationNote } from '../job-notes.ts';

/** A finished generation; the prompt is empty (and `settings` missing) for a job this browser did not send. */
export type Generated = { imageId: string; prompt: string; settings?: Omit<GenerationNote, 'prompt'> };

/** docs/product.md §2: the image, then Generate Another Image, Download and three ways onward. */
/** `preview`: said under the image when the local painter made it (docs/decisions/051). */
export function GenerationResult({
  result,
  preview,
  onAnother,
  onVariations,
}: {
  result: Generated;
  preview?: string | undefined;
  onAnother(): void;
  /** Where a provider can edit: a variation made from this image as a reference; else the local Image Variant page. */
  onVariations?: (() => void) | undefined;
}) {
  const image = useImageUrl(result.imageId);
  const carry = `?image=${encodeURIComponent(result.imageId)}`;
  if (image.isPending) return <LoadingOrb label="Loading your image" />;
  if (image.isError) return <p role="alert">Your image is ready, but it could not be loaded: {image.error.message}</p>;
  return (
    <div className="tool__result">
      <img
        className="tool__image"
        src={image.data}
        alt={result.prompt ? `Generated image: ${result.prompt}` : 'Your generated image'}
      />
      {preview && <p className="tool__note tool__note--preview">{preview}</p>}
      <div className="tool__actions">
        <Button variant="secondary" onClick={onAnother}>
          Generate Another Image
        </Button>
        <a
          className="button button--primary"
          href={image.data}
          download={exportName({ tool: 'generation', words: result.prompt, id: result.imageId })}
        >
          Download
        </a>
      </div>
      <nav className="tool__onward" aria-label="Continue with this image">
        <p>Continue with this image:</p>
        <div className="tool__actions">
          <ButtonLink variant="secondary" to={`/editimage${carry}`}>
            Edit Image
          </ButtonLink>
          {onVariations ? (
            <Button variant="secondary" onClick={onVariations}>
              Generate Variations
            </Button>
          ) : (
            <ButtonLink variant="secondary" to={`/variant${carry}`}>
              Generate Variations
            </ButtonLink>
          )}
          <ButtonLink variant="secondary" to={`/removebg${carry}`}>
            Remove Background
          </ButtonLink>
        </div>
      </nav>
    </div>
  );
}

/** The left panel once an image is shown: what was asked for, to compare with what came. */
export function GenerationSummary({ prompt, settings }: { prompt: string; settings?: Omit<GenerationNote, 'prompt'> }) {
  return (
    <div className="tool__summary">
      <h2>Your prompt</h2>
      {prompt ? (
        <blockquote>{prompt}</blockquote>
      ) : (
        <p>This image was started in another browser, so its prompt is not shown here.</p>
      )}
      {settings && (
        <p>
          {/* The small sizes draw at one quality only, whatever the form held: say what was used. */}
          {settings.size.replace('x', ' × ')} ·{' '}
          {settings.quality === 'hd' && modelForSize[settings.size] === 'dall-e-3' ? 'HD' : 'Standard'}
          {settings.style && settings.style !== 'none' && ` · ${imageStyles[settings.style].label} style`}
        </p>
      )}
    </div>
  );
}
