import { batchQuote } from '@lumigen/contract/batches';
import {
  creditCosts,
  formatCost,
  formatPrice,
  lowQualityFillShare,
  lowQualityPreviewNotice,
  previewNotice,
} from '@lumigen/contract/pricing';
import { toolImageLimits, toolMessages, type ToolId } from '@lumigen/contract/tools';
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router';
import { BatchGrid } from '../../../components/batch/batch-grid.tsx';
import { BatchQuoteDialog } from '../../../components/batch/batch-quote-dialog.tsx';
import { ShortOfCredits } from '../../../components/credits/short-of-credits.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { CheckboxField, TextField } from '../../../components/ui/text-field.tsx';
import { exportName } from '../../../lib/download-name.ts';
import { notify } from '../../../lib/notify.ts';
import { useAuth } from '../../../lib/session.tsx';
import { useWorkPrice } from '../../../lib/providers.ts';
import { useBatchRun } from '../hooks/use-batch-run.ts';
import { useCarriedImage } from '../hooks/use-carried-image.ts';
import { useCarriedSettings } from '../hooks/use-carried-settings.ts';
import { usePastedPictures } from '../hooks/use-pasted-pictures.ts';
import { usePictureSize } from '../hooks/use-picture-size.ts';
import { useSingleEdit } from '../hooks/use-single-edit.ts';
import type { ToolFieldsSpec } from '../tool-fields.ts';
import type { ToolSettings } from '../tool-settings.ts';
import { imageSize, maskPng, maskShare, type Stroke } from '../utils/mask.ts';
import { originalPlacement, uncroppedShare } from '../utils/placement.ts';
import { uncropPresets, upscalePresets } from '../utils/presets.ts';
import { EditResult } from './edit-result.tsx';
import { ImagePicker } from './image-picker.tsx';
import { JobProgress } from './job-progress.tsx';
import { MaskChoice } from './mask-choice.tsx';
import { MaskPainter } from './mask-painter.tsx';
import { RecentWork } from './recent-work.tsx';
import { SignInHint } from './sign-in-hint.tsx';
import { SizePresets } from './size-presets.tsx';
import { SliderField } from './slider-field.tsx';
import { CanvasEmpty, scrollToCanvas, ToolLayout } from './tool-layout.tsx';
import { ToolPreview } from './tool-preview.tsx';

export type ToolPageConfig = ToolFieldsSpec & {
  tool: ToolId;
  /** The main button's words (the catalogue's `action`), shown with the cost. */
  action: string;
  /** One message for a missing image or prompt (the /test page's alert). */
  incompleteMessage?: string;
};

function baseName(file: File) {
  return file.name.replace(/\.[^.]+$/, '') || 'image';
}

/** Every editing tool: pick an image (or take the one carried here), set the options, run, compare, download. */
export function ImageToolPage({ config, badge }: { config: ToolPageConfig; badge?: ReactNode }) {
  const { token, credit } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const canvas = useRef<HTMLElement>(null);
  const formId = useId();
  const [file, setFileState] = useState<File>();
  // What the picker did to the chosen picture (scaled it down to the tool's limit).
  const [fileNote, setFileNote] = useState<string>();
  // The balance could not pay for the last attempt: the numbers, and a way to buy.
  const [short, setShort] = useState<{ needed: number; balance: number }>();
  const [mask, setMask] = useState<File>();
  const [strokes, setStrokes] = useState<Stroke[]>([]);
  // Strokes belong to the picture they were painted on.
  const setFile = (next: File | undefined, note?: string) => {
    setFileState(next);
    setFileNote(note);
    setStrokes([]);
  };
  const form = useForm<ToolSettings>({
    defaultValues: {
      prompt: '',
      sliders: Object.fromEntries((config.sliders ?? []).map((s) => [s.name, s.default])),
      keepRatio: true,
      maskSource: 'paint',
    },
  });
  const { prompt, sliders: values, maskSource } = form.watch();
  // The server's price for this tool (free when only a local preview runs it); the listed price
  // judges the balance until it has answered, and the server decides anyway.
  const price = useWorkPrice(config.tool);
  const cost = price?.credits ?? creditCosts.edit;
  const edit = useSingleEdit(config.tool, canvas, (balance) => setShort({ needed: cost, balance }));
  const { result, run, busy } = edit;
  const batch = useBatchRun(config.tool, cost);
  const { many } = batch;
  const chooseMany = (files: File[]) => {
    setFile(undefined);
    batch.choose(files);
  };
  const chooseOne = (next: File | undefined, note?: string) => {
    batch.clear();
    setShort(undefined);
    setFile(next, note);
  };
  // The picture the sliders start from: the one chosen, or a batch's first.
  const { before, picture, ratio, carriedSize, setValues, setSlider } = usePictureSize(
    file ?? batch.files[0],
    config,
    form,
  );
  const sizeFields = config.size;

  // One-press sizes for the tools that change the picture's size, once its size is known.
  const presets = !picture
    ? []
    : config.tool === 'upscale'
      ? upscalePresets(picture)
      : config.tool === 'uncrop'
        ? uncropPresets(picture)
        : [];

  useCarriedSettings(config, form, carriedSize);
  useCarriedImage(setFileState);

  // Pictures pasted anywhere on the page join the ones chosen (cleanup takes one).
  usePastedPictures(!(busy || result || batch.batchId), (pasted) => {
    const current = batch.files.length > 0 ? batch.files : file ? [file] : [];
    const next = config.mask ? pasted.slice(0, 1) : [...current, ...pasted];
    if (next.length === 1) chooseOne(next[0]);
    else chooseMany(next);
  });

  /** The tool's text fields as sent: the prompt and every slider. */
  const textFields = () => {
    const fields: Record<string, string> = {};
    if (config.prompt?.field) fields[config.prompt.field] = prompt.trim();
    for (const [name, value] of Object.entries(values)) fields[name] = String(value);
    return fields;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file && !many) return notify.error(config.incompleteMessage ?? toolMessages.noImage);
    if (config.prompt && prompt.trim() === '')
      return notify.error(config.incompleteMessage ?? toolMessages.describe(config.prompt.label));
    const painted = config.mask && maskSource === 'paint' && strokes.length > 0;
    if (config.mask && !painted && !(maskSource === 'file' && mask)) return notify.error(toolMessages.noMask);
    // Only the public /test page is reachable without an account; running costs a credit.
    if (!token) {
      notify.info(toolMessages.signInToRun(formatCost(cost)));
      return navigate('/login', { state: { from: `${location.pathname}${location.search}` } });
    }
    if (many) {
      if (credit !== undefined && credit < batch.cost) return setShort({ needed: batch.cost, balance: credit });
      return batch.setQuoting(true);
    }
    if (!file) return;
    if (credit !== undefined && credit < cost) return setShort({ needed: cost, balance: credit });
    setShort(undefined);
    const uncropShare = config.tool === 'uncrop' && picture ? uncroppedShare(picture, values) : 0;
    const sent = {
      placement: picture ? originalPlacement(config.tool, picture, values) : undefined,
      note: fileNote,
      lowQuality: uncropShare > lowQualityFillShare,
    };
    scrollToCanvas(canvas.current);
    const fields = async () => {
      const fields: Record<string, string | Blob> = { image_file: file };
      if (painted && before) {
        const { width, height } = await imageSize(before);
        fields.mask = new File([await maskPng(strokes, width, height)], 'mask.png', { type: 'image/png' });
        sent.lowQuality = maskShare(strokes, width, height) > lowQualityFillShare;
      } else if (config.mask && mask) fields.mask = mask;
      return { ...fields, ...textFields() };
    };
    edit.send(fields, sent);
  };

  const runButton = (
    <Button type="submit" form={formId} size="lg" busy={busy || batch.sending}>
      {config.action}
      {price && ` · ${many ? batchQuote(batch.files.length, batch.cost) : formatPrice(cost)}`}
    </Button>
  );

  const controls = batch.batchId ? (
    <p>
      Each picture is edited on its own: follow them on the right, then download them all at once. Pictures that fail
      are refunded.
    </p>
  ) : result ? (
    <p>Compare the result with your original, download it, or start again with another image.</p>
  ) : (
    <form id={formId} onSubmit={submit} noValidate>
      <ImagePicker
        label="Image"
        file={file}
        onChange={chooseOne}
        onChooseMany={config.mask ? undefined : chooseMany}
        chosenCount={batch.files.length}
        maxMegapixels={toolImageLimits[config.tool].maxMegapixels}
      />
      {fileNote && <p className="field__hint">{fileNote}</p>}
      {many && (
        <Button variant="secondary" onClick={batch.clear}>
          Clear the {batch.files.length} pictures
        </Button>
      )}
      {config.mask && (
        <MaskChoice
          register={form.register}
          source={maskSource}
          hasPicture={file !== undefined}
          mask={mask}
          onMask={setMask}
        />
      )}
      {config.prompt && (
        <TextField
          label={config.prompt.label}
          placeholder={config.prompt.placeholder}
          hint={config.prompt.hint}
          maxLength={1000}
          {...form.register('prompt')}
        />
      )}
      {(config.sliders ?? []).map((spec) => (
        <SliderField
          key={spec.name}
          spec={spec}
          value={values[spec.name] ?? spec.default}
          onChange={(value) => setSlider(spec, value)}
        />
      ))}
      {sizeFields && ratio && <CheckboxField label="Keep the picture's proportions" {...form.register('keepRatio')} />}
      <SizePresets presets={presets} onChoose={(preset) => setValues((v) => ({ ...v, ...preset }))} />
      {short && <ShortOfCredits action={config.action} needed={short.needed} balance={short.balance} />}
      {!token && <SignInHint cost={cost} />}
      {runButton}
    </form>
  );

  const canvasContent =
    batch.batchId || many ? (
      <BatchGrid
        files={batch.files}
        batch={batch.batch.data}
        fileName={`lumigen-${config.tool}.zip`}
        onAnother={batch.reset}
      />
    ) : busy ? (
      <JobProgress job={run.job} working="Working on your image…" onCancel={run.cancel} cancelling={run.cancelling} />
    ) : result ? (
      <EditResult
        imageId={result.imageId}
        before={result.recovered ? undefined : before}
        placement={result.placement}
        note={result.note}
        preview={price?.preview ? (result.lowQuality ? lowQualityPreviewNotice : previewNotice) : undefined}
        alt={file && !result.recovered ? file.name : 'your picture'}
        fileName={exportName({
          tool: config.tool,
          words:
            (config.prompt && !config.prompt.field && prompt) || (file && !result.recovered ? baseName(file) : null),
          id: result.imageId,
        })}
        onAnother={() => {
          edit.clearResult();
          setFile(undefined);
          setMask(undefined);
        }}
      />
    ) : config.mask && maskSource === 'paint' && before && file ? (
      <MaskPainter
        src={before}
        alt={`Your image: ${file.name}`}
        strokes={strokes}
        onChange={setStrokes}
        action={runButton}
      />
    ) : before && file ? (
      <ToolPreview
        src={before}
        alt={`Your image: ${file.name}`}
        action={config.action}
        picture={picture}
        placement={config.tool === 'uncrop' && picture ? originalPlacement('uncrop', picture, values) : undefined}
      />
    ) : (
      <CanvasEmpty>Choose an image on the left. The result appears here, next to your original.</CanvasEmpty>
    );

  return (
    <>
      <ToolLayout badge={badge} controls={controls} canvas={canvasContent} canvasRef={canvas} />
      {batch.quoting && (
        <BatchQuoteDialog
          action={config.action}
          pictures={batch.files.length}
          credits={batch.cost}
          busy={batch.sending}
          onConfirm={() => batch.send(textFields())}
          onCancel={() => batch.setQuoting(false)}
        />
      )}
      <RecentWork />
    </>
  );
}
