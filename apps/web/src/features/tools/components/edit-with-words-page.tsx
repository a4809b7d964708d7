import { editMessages, editSizes, maxEditImages, type EditSize } from '@lumigen/contract/edit';
import {
  imageQualities,
  modelForSize,
  promptLimits,
  type ImageQuality,
  type ImageStyle,
} from '@lumigen/contract/generation';
import { creditCosts, formatPrice } from '@lumigen/contract/pricing';
import { toolImageLimits } from '@lumigen/contract/tools';
import { useId, useRef, useState, type FormEvent } from 'react';
import { ShortOfCredits } from '../../../components/credits/short-of-credits.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { LoadingOrb } from '../../../components/ui/loading-orb.tsx';
import { CheckboxField, TextArea } from '../../../components/ui/text-field.tsx';
import type { ApiError } from '../../../lib/api.ts';
import { exportName } from '../../../lib/download-name.ts';
import { notify } from '../../../lib/notify.ts';
import { useProviders } from '../../../lib/providers.ts';
import { useAuth } from '../../../lib/session.tsx';
import { useSubmitEdit } from '../api/submit-edit.ts';
import { useCarriedImage } from '../hooks/use-carried-image.ts';
import { useJobRun, type JobEnd } from '../hooks/use-job-run.ts';
import { imageSize, maskPng, type Stroke } from '../utils/mask.ts';
import { EditResult } from './edit-result.tsx';
import { ImagePicker } from './image-picker.tsx';
import { JobProgress } from './job-progress.tsx';
import { MaskPainter } from './mask-painter.tsx';
import { RecentWork } from './recent-work.tsx';
import { SavedPrompts } from './saved-prompts-menu.tsx';
import { StylePicker } from './style-picker.tsx';
import { ReferencePictures, useObjectUrl } from './reference-pictures.tsx';
import { CanvasEmpty, scrollToCanvas, scrollToResult, ToolLayout } from './tool-layout.tsx';
import { ToolPreview } from './tool-preview.tsx';

const sizeLabels: Record<EditSize, string> = {
  auto: 'The picture’s own',
  '256x256': '256 × 256',
  '512x512': '512 × 512',
  '1024x1024': '1024 × 1024',
  '1024x1792': '1024 × 1792 portrait',
  '1792x1024': '1792 × 1024 landscape',
};
const qualityLabels: Record<ImageQuality, string> = { standard: 'Standard', hd: 'HD' };
const maxReferences = maxEditImages - 1;
const maxMegapixels = toolImageLimits.cleanup.maxMegapixels;

/**
 * Edit with words (docs/decisions/057): one picture to change, up to three references, a prompt
 * with a style, an optional painted area, a size and a quality. With no provider that can edit,
 * the page says so and offers nothing to pay for.
 */
export function EditWithWordsPage() {
  const { credit, refreshCredit } = useAuth();
  const providers = useProviders();
  const edit = providers.data?.edit;
  const cost = edit?.price.credits ?? creditCosts.generation;
  const canvas = useRef<HTMLElement>(null);
  const formId = useId();
  const [file, setFileState] = useState<File>();
  const [references, setReferences] = useState<File[]>([]);
  const [prompt, setPrompt] = useState('');
  const [style, setStyle] = useState<ImageStyle>('none');
  const [size, setSize] = useState<EditSize>('auto');
  const [quality, setQuality] = useState<ImageQuality>('standard');
  const [useMask, setUseMask] = useState(false);
  const [strokes, setStrokes] = useState<Stroke[]>([]);
  const [short, setShort] = useState<{ needed: number; balance: number }>();
  const [result, setResult] = useState<{ imageId: string; recovered: boolean }>();
  const before = useObjectUrl(file);
  const submission = useSubmitEdit();
  // Strokes belong to the picture they were painted on.
  const setFile = (next: File | undefined) => {
    setFileState(next);
    setStrokes([]);
  };
  useCarriedImage(setFileState);

  const ended = (end: JobEnd) => {
    if (end.status === 'succeeded') {
      setResult({ imageId: end.imageId, recovered: end.recovered });
      scrollToResult(canvas.current);
    } else if (end.status === 'failed') notify.error(end.message);
    else notify.info(end.message);
  };
  const run = useJobRun('edit', ended);
  const busy = submission.isPending || run.job !== undefined;
  const promptMax = promptLimits[size === 'auto' ? 'dall-e-3' : modelForSize[size]].max;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) return notify.error(editMessages.imageMissing.replace(' (image_file)', ''));
    if (prompt.trim() === '') return notify.error('Describe what should change');
    if (useMask && strokes.length === 0) return notify.error('Paint over the area that may change, or untick the mask');
    if (credit !== undefined && credit < cost) return setShort({ needed: cost, balance: credit });
    setShort(undefined);
    scrollToCanvas(canvas.current);
    const fields = async (): Promise<Array<[string, string | Blob]>> => {
      const parts: Array<[string, string | Blob]> = [['image_file', file]];
      for (const reference of references) parts.push(['image_file', reference]);
      if (useMask && before) {
        const { width, height } = await imageSize(before);
        parts.push(['mask_file', new File([await maskPng(strokes, width, height)], 'mask.png', { type: 'image/png' })]);
      }
      parts.push(['prompt', prompt.trim()], ['style', style], ['size', size], ['quality', quality]);
      return parts;
    };
    submission.mutate(fields, {
      onSuccess: run.start,
      onError: (error) => {
        const failure = error as ApiError;
        if (failure.status === 402) setShort({ needed: cost, balance: failure.creditBalance ?? credit ?? 0 });
        else notify.error(failure.message);
        void refreshCredit();
      },
    });
  };

  const runButton = (
    <Button type="submit" form={formId} size="lg" busy={busy}>
      Edit Image{edit && ` · ${formatPrice(cost)}`}
    </Button>
  );

  if (providers.isPending)
    return (
      <ToolLayout
        controls={<p role="status">Checking which image services this server has…</p>}
        canvas={<LoadingOrb label="Checking" />}
        canvasRef={canvas}
      />
    );
  if (providers.isError)
    return (
      <ToolLayout
        controls={<p role="alert">This page could not ask the server what it can do: {providers.error.message}</p>}
        canvas={<CanvasEmpty>Reload the page to try again.</CanvasEmpty>}
        canvasRef={canvas}
      />
    );
  if (!edit?.available)
    return (
      <ToolLayout
        controls={
          <div className="edit-unavailable" role="status">
            <h2>Not available on this server</h2>
            <p>
              Editing with words needs an image service that can edit pictures, and this server has none configured.
              There is nothing to pay for here: no credit is taken.
            </p>
          </div>
        }
        canvas={<CanvasEmpty>Editing with words is not available on this server.</CanvasEmpty>}
        canvasRef={canvas}
      />
    );

  const controls = result ? (
    <p>Compare the result with your original, download it, or start again with another picture.</p>
  ) : (
    <form id={formId} onSubmit={submit} noValidate>
      <ImagePicker label="Picture to change" file={file} onChange={setFile} maxMegapixels={maxMegapixels} />
      <ReferencePictures files={references} max={maxReferences} onChange={setReferences} />
      <TextArea
        label="What should change"
        placeholder="Make it night, with the windows lit"
        rows={4}
        maxLength={promptMax}
        value={prompt}
        onChange={(event) => setPrompt(event.currentTarget.value)}
      />
      <StylePicker value={style} onChange={(event) => setStyle(event.currentTarget.value as ImageStyle)} />
      <SavedPrompts
        // Saved prompts keep a generation's size: "the picture's own" is kept as the largest square.
        current={() => ({ prompt, size: size === 'auto' ? '1024x1024' : size, quality, style })}
        onPick={(saved) => {
          setPrompt(saved.prompt);
          setQuality(saved.quality);
          setStyle(saved.style);
        }}
      />
      <CheckboxField
        label="Change only an area I paint"
        checked={useMask}
        onChange={(event) => setUseMask(event.currentTarget.checked)}
      />
      {useMask && !file && <p className="field__hint">Choose a picture, then paint over what may change.</p>}
      <fieldset className="choice-group">
        <legend>Size</legend>
        <div className="choice-group__options">
          {editSizes.map((value) => (
            <label key={value} className="choice">
              <input type="radio" name="size" value={value} checked={size === value} onChange={() => setSize(value)} />
              <span>{sizeLabels[value]}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className="choice-group">
        <legend>Quality</legend>
        <div className="choice-group__options">
          {imageQualities.map((value) => (
            <label key={value} className="choice">
              <input
                type="radio"
                name="quality"
                value={value}
                checked={quality === value}
                onChange={() => setQuality(value)}
              />
              <span>{qualityLabels[value]}</span>
            </label>
          ))}
        </div>
      </fieldset>
      {short && <ShortOfCredits action="Editing a picture" needed={short.needed} balance={short.balance} />}
      {runButton}
    </form>
  );

  const canvasContent = busy ? (
    <JobProgress job={run.job} working="Changing your picture…" onCancel={run.cancel} cancelling={run.cancelling} />
  ) : result ? (
    <EditResult
      imageId={result.imageId}
      before={result.recovered ? undefined : before}
      alt={file && !result.recovered ? file.name : 'your picture'}
      fileName={exportName({ tool: 'edit', words: prompt || null, id: result.imageId })}
      onAnother={() => {
        setResult(undefined);
        setFile(undefined);
        setReferences([]);
      }}
    />
  ) : useMask && before && file ? (
    <MaskPainter
      src={before}
      alt={`Your picture: ${file.name}`}
      strokes={strokes}
      onChange={setStrokes}
      action={runButton}
    />
  ) : before && file ? (
    <ToolPreview src={before} alt={`Your picture: ${file.name}`} action="Edit Image" />
  ) : (
    <CanvasEmpty>
      Choose a picture on the left and say what should change. The result appears here, next to your original.
    </CanvasEmpty>
  );

  return (
    <>
      <ToolLayout controls={controls} canvas={canvasContent} canvasRef={canvas} />
      <RecentWork />
    </>
  );
}
