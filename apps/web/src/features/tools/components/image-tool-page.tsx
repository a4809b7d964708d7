import { creditCosts, formatCost } from '@lumigen/contract/pricing';
import { toolMessages, type SliderSpec, type ToolId } from '@lumigen/contract/tools';
import { useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { LoadingOrb } from '../../../components/ui/loading-orb.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import type { ApiError } from '../../../lib/api.ts';
import { notify } from '../../../lib/notify.ts';
import { useAuth } from '../../auth/auth-context.tsx';
import { loadCarriedImage } from '../api/load-carried-image.ts';
import { runTool } from '../api/run-tool.ts';
import { CompareSlider } from './compare-slider.tsx';
import { ImagePicker } from './image-picker.tsx';
import { SliderField } from './slider-field.tsx';
import { CanvasEmpty, scrollToCanvas, ToolLayout } from './tool-layout.tsx';

export type ToolPageConfig = {
  tool: ToolId;
  title: string;
  lead: string;
  /** The main button's words (SPEC.md §2), shown with the cost. */
  action: string;
  sliders?: readonly SliderSpec[];
  prompt?: { label: string; placeholder: string; field: string };
  mask?: boolean;
  /** SPEC.md §5: the text-removal page says 'insufficient'. */
  insufficientMessage?: string;
};

type Result = { image: string; imageId: string };

function baseName(file: File) {
  return file.name.replace(/\.[^.]+$/, '') || 'image';
}

/** Every editing tool: pick an image (or take the one carried here), set the options, run, compare, download. */
export function ImageToolPage({ config, badge }: { config: ToolPageConfig; badge?: ReactNode }) {
  const { credit, refreshCredit } = useAuth();
  const [search] = useSearchParams();
  const canvas = useRef<HTMLElement>(null);
  const [file, setFile] = useState<File>();
  const [mask, setMask] = useState<File>();
  const [prompt, setPrompt] = useState('');
  const [values, setValues] = useState<Record<string, number>>(() => Object.fromEntries((config.sliders ?? []).map((s) => [s.name, s.default])));
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Result>();
  const before = useMemo(() => (file ? URL.createObjectURL(file) : undefined), [file]);
  useEffect(() => () => (before ? URL.revokeObjectURL(before) : undefined), [before]);

  const carried = search.get('image');
  useEffect(() => {
    if (!carried) return;
    const controller = new AbortController();
    loadCarriedImage(carried, controller.signal).then(setFile, (error: Error) => {
      if (!controller.signal.aborted) notify.error(`Could not load that image: ${error.message}`);
    });
    return () => controller.abort();
  }, [carried]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) return notify.error(toolMessages.noImage);
    if (config.mask && !mask) return notify.error('Please upload a mask');
    if (config.prompt && prompt.trim() === '') return notify.error(`Please describe the ${config.prompt.label.toLowerCase()}`);
    if (credit !== undefined && credit < creditCosts.edit) return notify.error(config.insufficientMessage ?? toolMessages.insufficient);
    setBusy(true);
    scrollToCanvas(canvas.current);
    try {
      const fields: Record<string, string | Blob> = { image_file: file };
      if (mask) fields.mask = mask;
      if (config.prompt) fields[config.prompt.field] = prompt.trim();
      for (const [name, value] of Object.entries(values)) fields[name] = String(value);
      const answer = await runTool(config.tool, fields);
      setResult({ image: answer.image, imageId: answer.imageId });
    } catch (error) {
      notify.error(toolMessages.failed((error as ApiError).message));
    } finally {
      setBusy(false);
      void refreshCredit();
    }
  };

  const controls = result ? (
    <p>Compare the result with your original, download it, or start again with another image.</p>
  ) : (
    <form onSubmit={submit} noValidate>
      <ImagePicker label="Image" file={file} onChange={setFile} />
      {config.mask && <ImagePicker label="Mask (white where the image should be cleaned)" file={mask} onChange={setMask} accept="*" />}
      {config.prompt && <TextField label={config.prompt.label} placeholder={config.prompt.placeholder} value={prompt} maxLength={1000} onChange={(e) => setPrompt(e.target.value)} />}
      {(config.sliders ?? []).map((spec) => (
        <SliderField key={spec.name} spec={spec} value={values[spec.name] ?? spec.default} onChange={(value) => setValues((v) => ({ ...v, [spec.name]: value }))} />
      ))}
      <Button type="submit" size="lg" busy={busy}>
        {config.action} · {formatCost(creditCosts.edit)}
      </Button>
    </form>
  );

  const canvasContent = busy ? (
    <div className="tool__working">
      <LoadingOrb label="Working on your image" />
      <p>Working on your image…</p>
    </div>
  ) : result && before && file ? (
    <div className="tool__result">
      <CompareSlider before={before} after={result.image} alt={file.name} />
      <div className="tool__actions">
        <Button
          variant="secondary"
          onClick={() => {
            setResult(undefined);
            setFile(undefined);
            setMask(undefined);
          }}
        >
          Edit another image
        </Button>
        <a className="button button--primary" href={result.image} download={`${baseName(file)}-${config.tool}.png`}>
          Download
        </a>
      </div>
    </div>
  ) : (
    <CanvasEmpty>Choose an image on the left. The result appears here, next to your original.</CanvasEmpty>
  );

  return <ToolLayout title={config.title} lead={config.lead} badge={badge} controls={controls} canvas={canvasContent} canvasRef={canvas} />;
}
