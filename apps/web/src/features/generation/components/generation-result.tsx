import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { downloadName } from '../download-name.ts';

export type Generated = { image: string; imageId: string; prompt: string };

/** SPEC.md §2: the image, then Generate Another Image, Download and three ways onward. */
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
      <div className="tool__actions">
        <ButtonLink variant="ghost" to={`/editimage${carry}`}>
          Edit Image
        </ButtonLink>
        <ButtonLink variant="ghost" to={`/variant${carry}`}>
          Generate Variations
        </ButtonLink>
        <ButtonLink variant="ghost" to={`/removebg${carry}`}>
          Remove Background
        </ButtonLink>
      </div>
    </div>
  );
}
