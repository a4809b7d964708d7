import { imageQualities, imageSizes, modelForSize, type ImageQuality, type ImageSize } from '@lumigen/contract/generation';
import { creditCosts, formatCost } from '@lumigen/contract/pricing';
import type { FormEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { TextArea } from '../../../components/ui/text-field.tsx';

export type GenerateSettings = { prompt: string; size: ImageSize; quality: ImageQuality };

const sizeLabels: Record<ImageSize, string> = {
  '256x256': '256 × 256',
  '512x512': '512 × 512',
  '1024x1024': '1024 × 1024',
  '1024x1792': '1024 × 1792 portrait',
  '1792x1024': '1792 × 1024 landscape',
};
const qualityLabels: Record<ImageQuality, string> = { standard: 'Standard', hd: 'HD' };

export function GenerateForm({
  settings,
  onChange,
  onSubmit,
  busy,
}: {
  settings: GenerateSettings;
  onChange(next: GenerateSettings): void;
  onSubmit(): void;
  busy: boolean;
}) {
  // dall-e-2 (the small squares) draws at one quality only.
  const qualityApplies = modelForSize[settings.size] === 'dall-e-3';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // SPEC.md §5: an empty prompt sends nothing.
    if (settings.prompt.trim() === '' || busy) return;
    onSubmit();
  };
  return (
    <form onSubmit={submit} noValidate>
      <fieldset className="choice-group">
        <legend>Resolution</legend>
        <div className="choice-group__options">
          {imageSizes.map((size) => (
            <label key={size} className="choice">
              <input type="radio" name="size" value={size} checked={settings.size === size} onChange={() => onChange({ ...settings, size })} />
              <span>{sizeLabels[size]}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className="choice-group" disabled={!qualityApplies}>
        <legend>Quality</legend>
        <div className="choice-group__options">
          {imageQualities.map((quality) => (
            <label key={quality} className="choice">
              <input type="radio" name="quality" value={quality} checked={settings.quality === quality} onChange={() => onChange({ ...settings, quality })} />
              <span>{qualityLabels[quality]}</span>
            </label>
          ))}
        </div>
        {!qualityApplies && <p className="field__hint">HD applies to the 1024 sizes.</p>}
      </fieldset>
      <TextArea
        label="Prompt"
        placeholder="A cat riding a horse"
        rows={5}
        maxLength={modelForSize[settings.size] === 'dall-e-2' ? 1000 : 4000}
        value={settings.prompt}
        onChange={(event) => onChange({ ...settings, prompt: event.target.value })}
      />
      <Button type="submit" size="lg" busy={busy} disabled={settings.prompt.trim() === ''}>
        Generate · {formatCost(creditCosts.generation)}
      </Button>
    </form>
  );
}
