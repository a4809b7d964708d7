import { batchMaxPictures, batchQuote } from '@lumigen/contract/batches';
import { creditCosts, formatCost, formatPrice, lowQualityFillShare, lowQualityPreviewNotice, previewNotice } from '@lumigen/contract/pricing';
import { webMessages } from '@lumigen/contract/web-messages';
import { toolImageLimits, toolMessages, type SliderSpec, type ToolId } from '@lumigen/contract/tools';
import { useEffect, useId, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { CheckboxField, TextField } from '../../../components/ui/text-field.tsx';
import type { ApiError } from '../../../lib/api.ts';
import { exportName } from '../../../lib/download-name.ts';
import { notify } from '../../../lib/notify.ts';
import { useAuth } from '../../../lib/session.tsx';
import { carriedSettings, settingsParam } from '../../../lib/tool-routes.ts';
import { batchFinished, useBatch, useSubmitBatch } from '../../../lib/batches.ts';
import { loadCarriedImage } from '../api/load-carried-image.ts';
import { useWorkPrice } from '../../../lib/providers.ts';
import { useSubmitTool } from '../api/submit-tool.ts';
import { useJobRun, type JobEnd } from '../hooks/use-job-run.ts';
import { imageSize, maskPng, maskShare, type Stroke } from '../utils/mask.ts';
import { keepProportions, upscaleStart, type Size } from '../utils/proportions.ts';
import type { ToolFieldsSpec } from '../tool-fields.ts';
import { BatchGrid } from '../../../components/batch/batch-grid.tsx';
import { BatchQuoteDialog } from '../../../components/batch/batch-quote-dialog.tsx';
import { ShortOfCredits } from '../../../components/credits/short-of-credits.tsx';
import { originalPlacement, uncroppedShare, type Placement } from '../utils/placement.ts';
import { uncropPresets, upscalePresets } from '../utils/presets.ts';
import { EditResult } from './edit-result.tsx';
import { ImagePicker } from './image-picker.tsx';
import { JobProgress } from './job-progress.tsx';
import { MaskPainter } from './mask-painter.tsx';
import { RecentWork } from './recent-work.tsx';
import { SliderField } from './slider-field.tsx';
import { CanvasEmpty, scrollToCanvas, scrollToResult, ToolLayout } from './tool-layout.tsx';
import { ToolPreview } from './tool-preview.tsx';

export type ToolPageConfig = ToolFieldsSpec & {
  tool: ToolId;
  /** The main button's words (the catalogue's `action`), shown with the cost. */
  action: string;
  /** One message for a missing image or prompt (the /test page's alert). */
  incompleteMessage?: string;
};

type MaskSource = 'paint' | 'file';

/**
 * A finished edit; `recovered` when it was picked up after a reload, so the original is not here.
 * `placement`: where the original lies in the result's frame (uncrop, upscale); `note`: what
 * happened to the picture before it was sent.
 */
type Result = { imageId: string; recovered: boolean; placement?: Placement; note?: string; lowQuality?: boolean };

/**
 * What was sent with the running job, for the result's comparison and note; `lowQuality` when a
 * preview's fill makes up more than `lowQualityFillShare` of the result.
 */
type Sent = { placement?: Placement; note?: string; lowQuality?: boolean };

/** What the person sets besides the files: the slider values by field name, the prompt, how the mask is given. */
type ToolSettings = { prompt: string; sliders: Record<string, number>; keepRatio: boolean; maskSource: MaskSource };

/** The largest side the result-size sliders allow. */
function sizeMax(config: ToolPageConfig) {
  return Math.min(...(config.sliders ?? []).filter((s) => s.name === config.size?.width || s.name === config.size?.height).map((s) => s.max));
}

function baseName(file: File) {
  return file.name.replace(/\.[^.]+$/, '') || 'image';
}

/** Every editing tool: pick an image (or take the one carried here), set the options, run, compare, download. */
export function ImageToolPage({ config, badge }: { config: ToolPageConfig; badge?: ReactNode }) {
  const { token, credit, refreshCredit } = useAuth();
  const [search] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const canvas = useRef<HTMLElement>(null);
  const formId = useId();
  const [file, setFileState] = useState<File>();
  // What the picker did to the chosen picture (scaled it down to the tool's limit).
  const [fileNote, setFileNote] = useState<string>();
  // The balance could not pay for the last attempt: the numbers, and a way to buy.
  const [short, setShort] = useState<{ needed: number; balance: number }>();
  const sent = useRef<Sent>({});
  const [mask, setMask] = useState<File>();
  const [strokes, setStrokes] = useState<Stroke[]>([]);
  // Strokes belong to the picture they were painted on.
  const setFile = (next: File | undefined, note?: string) => {
    setFileState(next);
    setFileNote(note);
    setStrokes([]);
  };
  const form = useForm<ToolSettings>({
    defaultValues: { prompt: '', sliders: Object.fromEntries((config.sliders ?? []).map((s) => [s.name, s.default])), keepRatio: true, maskSource: 'paint' },
  });
  const { prompt, sliders: values, keepRatio, maskSource } = form.watch();
  const setValues = (next: (current: Record<string, number>) => Record<string, number>) => form.setValue('sliders', next(form.getValues('sliders')));
  const submission = useSubmitTool(config.tool);
  const [result, setResult] = useState<Result>();
  const ended = (end: JobEnd) => {
    if (end.status === 'succeeded') {
      setResult({ imageId: end.imageId, recovered: end.recovered, ...(end.recovered ? {} : sent.current) });
      // On a phone the result is below the settings: bring it into view.
      scrollToResult(canvas.current);
    } else if (end.status === 'failed') notify.error(toolMessages.failed(end.message));
    else notify.info(end.message);
  };
  const run = useJobRun(config.tool, ended);
  // Many pictures (not cleanup, whose mask is painted on one): a batch, quoted before it is sent.
  const [batchFiles, setBatchFiles] = useState<File[]>([]);
  const [batchId, setBatchId] = useState<string>();
  const [quoting, setQuoting] = useState(false);
  const batchSubmission = useSubmitBatch();
  const batch = useBatch(batchId);
  const many = batchFiles.length > 1;
  // The server's price for this tool (free when only a local preview runs it); the listed price
  // judges the balance until it has answered, and the server decides anyway.
  const price = useWorkPrice(config.tool);
  const cost = price?.credits ?? creditCosts.edit;
  const batchCost = batchFiles.length * cost;
  const chooseMany = (files: File[]) => {
    if (files.length > batchMaxPictures) notify.info(`Only the first ${batchMaxPictures} pictures were kept: a batch takes at most ${batchMaxPictures}.`);
    setFile(undefined);
    setBatchFiles(files.slice(0, batchMaxPictures));
  };
  const chooseOne = (next: File | undefined, note?: string) => {
    setBatchFiles([]);
    setShort(undefined);
    setFile(next, note);
  };
  const resetBatch = () => {
    setBatchId(undefined);
    setBatchFiles([]);
  };
  const batchDone = batchFinished(batch.data);
  useEffect(() => {
    // Failed pictures were refunded: the header's balance follows.
    if (batchDone) void refreshCredit();
  }, [batchDone, refreshCredit]);
  const busy = submission.isPending || run.job !== undefined;
  // The picture the sliders start from: the one chosen, or a batch's first.
  const lead = file ?? batchFiles[0];
  const before = useMemo(() => (lead ? URL.createObjectURL(lead) : undefined), [lead]);
  useEffect(() => () => (before ? URL.revokeObjectURL(before) : undefined), [before]);
  const carriedSize = useRef(false);
  // The picked picture's size: upscale's proportions, uncrop's preview.
  const [picture, setPicture] = useState<Size>();
  const ratio = picture ? picture.width / picture.height : undefined;
  const sizeFields = config.size;
  useEffect(() => {
    setPicture(undefined);
    if (!before) return;
    let current = true;
    // A picture the browser cannot measure still runs; only the size sliders and the preview wait for one.
    imageSize(before).then((picture) => {
      if (!current) return;
      setPicture(picture);
      if (!sizeFields) return;
      // Sizes carried by "Use again" are kept for the first picture chosen.
      if (carriedSize.current) {
        carriedSize.current = false;
        return;
      }
      const start = upscaleStart(picture, sizeMax(config));
      form.setValue('sliders', { ...form.getValues('sliders'), [sizeFields.width]: start.width, [sizeFields.height]: start.height });
    }, () => undefined);
    return () => {
      current = false;
    };
  }, [before, sizeFields, config, form]);

  // One-press sizes for the tools that change the picture's size, once its size is known.
  const presets = !picture ? [] : config.tool === 'upscale' ? upscalePresets(picture) : config.tool === 'uncrop' ? uncropPresets(picture) : [];

  const setSlider = (spec: SliderSpec, value: number) => {
    const side: keyof Size | undefined = spec.name === sizeFields?.width ? 'width' : spec.name === sizeFields?.height ? 'height' : undefined;
    if (!sizeFields || !side || !keepRatio || !ratio) return setValues((v) => ({ ...v, [spec.name]: value }));
    const size = keepProportions(side, value, ratio, sizeMax(config));
    setValues((v) => ({ ...v, [sizeFields.width]: size.width, [sizeFields.height]: size.height }));
  };

  // "Use again": a result's settings, carried in the address, fill the sliders and the prompt.
  const settingsQuery = search.get(settingsParam);
  useEffect(() => {
    const settings = carriedSettings(settingsQuery);
    if (!settings) return;
    const sliders = { ...form.getValues('sliders') };
    for (const spec of config.sliders ?? []) {
      const value = Number(settings[spec.name]);
      if (Number.isFinite(value) && value >= spec.min && value <= spec.max) sliders[spec.name] = value;
    }
    form.setValue('sliders', sliders);
    form.setValue('keepRatio', false);
    carriedSize.current = sizeFields !== undefined;
    const promptField = config.prompt?.field;
    if (promptField && typeof settings[promptField] === 'string') form.setValue('prompt', settings[promptField]);
    notify.info(webMessages.toolSettingsCarried);
  }, [settingsQuery, config, form, sizeFields]);

  const carried = search.get('image');
  useEffect(() => {
    if (!carried) return;
    const controller = new AbortController();
    loadCarriedImage(carried, controller.signal).then(setFileState, (error: Error) => {
      if (!controller.signal.aborted) notify.error(webMessages.carriedImageFailed(error.message));
    });
    return () => controller.abort();
  }, [carried]);

  // Pictures pasted anywhere on the page join the ones chosen (cleanup takes one).
  useEffect(() => {
    const onPaste = (event: ClipboardEvent) => {
      const pasted = Array.from(event.clipboardData?.files ?? []).filter((pastedFile) => pastedFile.type.startsWith('image/'));
      if (pasted.length === 0 || busy || result || batchId) return;
      event.preventDefault();
      const current = batchFiles.length > 0 ? batchFiles : file ? [file] : [];
      const next = config.mask ? pasted.slice(0, 1) : [...current, ...pasted];
      if (next.length === 1) chooseOne(next[0]);
      else chooseMany(next);
    };
    document.addEventListener('paste', onPaste);
    return () => document.removeEventListener('paste', onPaste);
  });

  /** The tool's text fields as sent: the prompt and every slider. */
  const textFields = () => {
    const fields: Record<string, string> = {};
    if (config.prompt?.field) fields[config.prompt.field] = prompt.trim();
    for (const [name, value] of Object.entries(values)) fields[name] = String(value);
    return fields;
  };

  const sendBatch = () =>
    batchSubmission.mutate(
      { tool: config.tool, fields: textFields(), files: batchFiles },
      {
        onSuccess: (accepted) => {
          setQuoting(false);
          setBatchId(accepted.batchId);
          void refreshCredit();
        },
        onError: (error) => {
          setQuoting(false);
          notify.error(toolMessages.failed((error as ApiError).message));
          void refreshCredit();
        },
      },
    );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file && !many) return notify.error(config.incompleteMessage ?? toolMessages.noImage);
    if (config.prompt && prompt.trim() === '') return notify.error(config.incompleteMessage ?? toolMessages.describe(config.prompt.label));
    const painted = config.mask && maskSource === 'paint' && strokes.length > 0;
    if (config.mask && !painted && !(maskSource === 'file' && mask)) return notify.error(toolMessages.noMask);
    // Only the public /test page is reachable without an account; running costs a credit.
    if (!token) {
      notify.info(toolMessages.signInToRun(formatCost(cost)));
      return navigate('/login', { state: { from: `${location.pathname}${location.search}` } });
    }
    if (many) {
      if (credit !== undefined && credit < batchCost) return setShort({ needed: batchCost, balance: credit });
      return setQuoting(true);
    }
    if (!file) return;
    if (credit !== undefined && credit < cost) return setShort({ needed: cost, balance: credit });
    setShort(undefined);
    const uncropShare = config.tool === 'uncrop' && picture ? uncroppedShare(picture, values) : 0;
    sent.current = { placement: picture ? originalPlacement(config.tool, picture, values) : undefined, note: fileNote, lowQuality: uncropShare > lowQualityFillShare };
    scrollToCanvas(canvas.current);
    const fields = async () => {
      const fields: Record<string, string | Blob> = { image_file: file };
      if (painted && before) {
        const { width, height } = await imageSize(before);
        fields.mask = new File([await maskPng(strokes, width, height)], 'mask.png', { type: 'image/png' });
        sent.current.lowQuality = maskShare(strokes, width, height) > lowQualityFillShare;
      } else if (config.mask && mask) fields.mask = mask;
      return { ...fields, ...textFields() };
    };
    submission.mutate(fields, {
      onSuccess: run.start,
      onError: (error) => {
        const failure = error as ApiError;
        if (failure.status === 402) setShort({ needed: cost, balance: failure.creditBalance ?? credit ?? 0 });
        // A refusal (4xx) says what to change in its own words; only a failed run is an edit that failed.
        else notify.error(failure.status >= 500 ? toolMessages.failed(failure.message) : failure.message);
        void refreshCredit();
      },
    });
  };

  const runButton = (
    <Button type="submit" form={formId} size="lg" busy={busy || batchSubmission.isPending}>
      {config.action}
      {price && ` · ${many ? batchQuote(batchFiles.length, batchCost) : formatPrice(cost)}`}
    </Button>
  );

  const controls = batchId ? (
    <p>Each picture is edited on its own: follow them on the right, then download them all at once. Pictures that fail are refunded.</p>
  ) : result ? (
    <p>Compare the result with your original, download it, or start again with another image.</p>
  ) : (
    <form id={formId} onSubmit={submit} noValidate>
      <ImagePicker
        label="Image"
        file={file}
        onChange={chooseOne}
        onChooseMany={config.mask ? undefined : chooseMany}
        chosenCount={batchFiles.length}
        maxMegapixels={toolImageLimits[config.tool].maxMegapixels}
      />
      {fileNote && <p className="field__hint">{fileNote}</p>}
      {many && (
        <Button variant="secondary" onClick={() => setBatchFiles([])}>
          Clear the {batchFiles.length} pictures
        </Button>
      )}
      {config.mask && (
        <fieldset className="choice-group">
          <legend>Mask</legend>
          <div className="choice-group__options">
            {(
              [
                ['paint', 'Paint on the picture'],
                ['file', 'Upload a mask file'],
              ] as const
            ).map(([source, label]) => (
              <label key={source} className="choice">
                <input type="radio" value={source} {...form.register('maskSource')} />
                <span>{label}</span>
              </label>
            ))}
          </div>
          {maskSource === 'paint' && !file && <p className="field__hint">Choose an image, then paint over what should disappear.</p>}
        </fieldset>
      )}
      {config.mask && maskSource === 'file' && <ImagePicker label="Mask file (white where the image should be cleaned)" file={mask} onChange={setMask} accept="*" />}
      {config.prompt && (
        <TextField label={config.prompt.label} placeholder={config.prompt.placeholder} hint={config.prompt.hint} maxLength={1000} {...form.register('prompt')} />
      )}
      {(config.sliders ?? []).map((spec) => (
        <SliderField key={spec.name} spec={spec} value={values[spec.name] ?? spec.default} onChange={(value) => setSlider(spec, value)} />
      ))}
      {sizeFields && ratio && (
        <CheckboxField label="Keep the picture's proportions" {...form.register('keepRatio')} />
      )}
      {presets.length > 0 && (
        <div className="tool__presets" role="group" aria-label="Presets">
          {presets.map((preset) => (
            <Button key={preset.label} variant="secondary" disabled={!preset.values} onClick={() => preset.values && setValues((v) => ({ ...v, ...preset.values }))}>
              {preset.label}
            </Button>
          ))}
        </div>
      )}
      {short && <ShortOfCredits action={config.action} needed={short.needed} balance={short.balance} />}
      {!token && (
        <p className="field__hint">
          {cost === 0 ? 'Running it is free with an account:' : `Running it uses ${formatCost(cost)} from your account:`}{' '}
          <Link to="/login" state={{ from: location.pathname }}>
            log in
          </Link>{' '}
          or{' '}
          <Link to="/register" state={{ from: location.pathname }}>
            create a free account
          </Link>
          .
        </p>
      )}
      {runButton}
    </form>
  );

  const canvasContent = batchId || many ? (
    <BatchGrid files={batchFiles} batch={batch.data} fileName={`lumigen-${config.tool}.zip`} onAnother={resetBatch} />
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
      fileName={exportName({ tool: config.tool, words: (config.prompt && !config.prompt.field && prompt) || (file && !result.recovered ? baseName(file) : null), id: result.imageId })}
      onAnother={() => {
        setResult(undefined);
        setFile(undefined);
        setMask(undefined);
      }}
    />
  ) : config.mask && maskSource === 'paint' && before && file ? (
    <MaskPainter src={before} alt={`Your image: ${file.name}`} strokes={strokes} onChange={setStrokes} action={runButton} />
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
      {quoting && (
        <BatchQuoteDialog
          action={config.action}
          pictures={batchFiles.length}
          credits={batchCost}
          busy={batchSubmission.isPending}
          onConfirm={sendBatch}
          onCancel={() => setQuoting(false)}
        />
      )}
      <RecentWork />
    </>
  );
}
