import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import type { GenerateSettings } from './generate-form.tsx';
import { downloadName } from '../../../lib/download-name.ts';

export type Generated = { image: string; imageId: string; prompt: string };

/** docs/product.md §2: the image, then Generate Another Image, Download and three ways onward. */
export function GenerationResult({ result, onAnother }: { result: Generated; onAnother(): void }) {
  const carry = `?image=${encodeURIComponent(result.imageId)}`;
  return (
    <div className="tool__result">
      <img className="tool__image" src={result.image} alt={`Generated image: ${result.prompt}`} />
      <div className="tool__actions">
        <Button variant="secondary" onClick={onAnother}>
          Generate Another Image
        </Button>
        <a className="button button--primary" href={result.image} download={downloadName(result.prompt)}>
          Download
        </a>
      </div>
      <nav className="tool__onward" aria-label="Continue with this image">
        <p>Continue with this image:</p>
        <div className="tool__actions">
          <ButtonLink variant="secondary" to={`/editimage${carry}`}>
            Edit Image
          </ButtonLink>
          <ButtonLink variant="secondary" to={`/variant${carry}`}>
            Generate Variations
          </ButtonLink>
          <ButtonLink variant="secondary" to={`/removebg${carry}`}>
            Remove Background
          </ButtonLink>
        </div>
      </nav>
    </div>
  );
}

/** The left panel once an image is shown: what was asked for, to compare with what came. */
export function GenerationSummary({ prompt, settings }: { prompt: string; settings: GenerateSettings }) {
  return (
    <div className="tool__summary">
      <h2>Your prompt</h2>
      <blockquote>{prompt}</blockquote>
      <p>
        {settings.size.replace('x', ' × ')} · {settings.quality === 'hd' ? 'HD' : 'Standard'}
      </p>
    </div>
  );
}
