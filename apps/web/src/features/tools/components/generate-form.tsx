import {
  imageQualities,
  imageSizes,
  imageStyleIds,
  modelForSize,
  promptLimits,
  type ImageQuality,
  type ImageSize,
  type ImageStyle,
  type ValidGenerateImageRequest,
} from '@lumigen/contract/generation';
import { formatPrice } from '@lumigen/contract/pricing';
import type { FormEvent, ReactNode } from 'react';
import { useForm, type Resolver, type UseFormReturn } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { TextArea } from '../../../components/ui/text-field.tsx';
import { lazyZodResolver } from '../../../lib/form-resolver.ts';
import { SavedPrompts } from './saved-prompts-menu.tsx';
import { StylePicker } from './style-picker.tsx';

export type GenerateSettings = { prompt: string; size: ImageSize; quality: ImageQuality; style: ImageStyle };
export type GenerateFormApi = UseFormReturn<GenerateSettings, unknown, ValidGenerateImageRequest>;

// Building the request's schema was most of the page's longest task at start-up (decision 032).
const checkRequest = lazyZodResolver(() =>
  import('@lumigen/contract/generation-schemas').then((m) => m.generateImageRequest),
);
// The form picks a size; the model follows from it (docs/product.md §5), so the request is checked with it.
const resolver: Resolver<GenerateSettings, unknown, ValidGenerateImageRequest> = (values, context, options) =>
  checkRequest({ ...values, model: modelForSize[values.size] }, context, options as never);

const defaultSettings: GenerateSettings = { prompt: '', size: '1024x1024', quality: 'standard', style: 'none' };

/** The generator's settings, kept by the page so the summary beside a result can show them. */
export function useGenerateForm(): GenerateFormApi {
  return useForm<GenerateSettings, unknown, ValidGenerateImageRequest>({ resolver, defaultValues: defaultSettings });
}

/**
 * What of an earlier generation's settings ("Use again") the form can take: each value only when
 * it is one the form offers, the prompt only within the size's limit. The rest is left as it is.
 */
export function generateSettingsFrom(carried: Record<string, unknown>): Partial<GenerateSettings> {
  const settings: Partial<GenerateSettings> = {};
  if ((imageSizes as readonly unknown[]).includes(carried.size)) settings.size = carried.size as ImageSize;
  if ((imageQualities as readonly unknown[]).includes(carried.quality))
    settings.quality = carried.quality as ImageQuality;
  if ((imageStyleIds as readonly unknown[]).includes(carried.style)) settings.style = carried.style as ImageStyle;
  const { min, max } = promptLimits[modelForSize[settings.size ?? defaultSettings.size]];
  const { prompt } = carried;
  if (typeof prompt === 'string' && prompt.trim().length >= min && prompt.length <= max) settings.prompt = prompt;
  return settings;
}

const sizeLabels: Record<ImageSize, string> = {
  '256x256': '256 × 256',
  '512x512': '512 × 512',
  '1024x1024': '1024 × 1024',
  '1024x1792': '1024 × 1792 portrait',
  '1792x1024': '1792 × 1024 landscape',
};
const qualityLabels: Record<ImageQuality, string> = { standard: 'Standard', hd: 'HD' };

/** `price`: the server's price of a generation, once it has said (free with the local painter). */
export function GenerateForm({
  form,
  onSubmit,
  busy,
  price,
  references,
}: {
  form: GenerateFormApi;
  onSubmit(request: ValidGenerateImageRequest): void;
  busy: boolean;
  price?: number | undefined;
  /** The reference pictures' picker, where a provider can generate from them. */
  references?: ReactNode;
}) {
  const settings = form.watch();
  // dall-e-2 (the small squares) draws at one quality only.
  const qualityApplies = modelForSize[settings.size] === 'dall-e-3';
  const send = form.handleSubmit(onSubmit);
  const submit = (event: FormEvent) => {
    // docs/product.md §5: an empty prompt sends nothing.
    if (settings.prompt.trim() === '' || busy) return event.preventDefault();
    return send(event);
  };
  return (
    // Fetched while the prompt is written, so pressing Generate does not wait for it.
    <form onSubmit={submit} onFocus={checkRequest.preload} noValidate>
      <fieldset className="choice-group">
        <legend>Resolution</legend>
        <div className="choice-group__options">
          {imageSizes.map((size) => (
            <label key={size} className="choice">
              <input type="radio" value={size} {...form.register('size')} />
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
              <input type="radio" value={quality} {...form.register('quality')} />
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
        error={form.formState.errors.prompt?.message}
        {...form.register('prompt')}
      />
      <StylePicker {...form.register('style')} />
      {references}
      <SavedPrompts
        current={() => ({
          prompt: settings.prompt,
          size: settings.size,
          quality: settings.quality,
          style: settings.style,
        })}
        onPick={(saved) =>
          form.reset({ prompt: saved.prompt, size: saved.size, quality: saved.quality, style: saved.style })
        }
      />
      <Button type="submit" size="lg" busy={busy} disabled={settings.prompt.trim() === ''}>
        Generate{price !== undefined && ` · ${formatPrice(price)}`}
      </Button>
    </form>
  );
}
