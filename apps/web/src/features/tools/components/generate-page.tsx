import { creditCosts, previewNotice } from '@lumigen/contract/pricing';
import { maxEditImages } from '@lumigen/contract/edit';
import { modelForSize, type ValidGenerateImageRequest } from '@lumigen/contract/generation';
import { webMessages } from '@lumigen/contract/web-messages';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ShortOfCredits } from '../../../components/credits/short-of-credits.tsx';
import type { ApiError } from '../../../lib/api.ts';
import { notify } from '../../../lib/notify.ts';
import { useAuth } from '../../../lib/session.tsx';
import { carriedSettings, settingsParam } from '../../../lib/tool-routes.ts';
import { useProviders, useWorkPrice } from '../../../lib/providers.ts';
import { loadCarriedImage } from '../api/load-carried-image.ts';
import { useSubmitEdit } from '../api/submit-edit.ts';
import { useSubmitGeneration } from '../api/submit-generation.ts';
import { useJobRun, type JobEnd } from '../hooks/use-job-run.ts';
import { generationNote, noteGeneration } from '../job-notes.ts';
import { GenerateForm, generateSettingsFrom, useGenerateForm } from './generate-form.tsx';
import { GenerationResult, GenerationSummary, type Generated } from './generation-result.tsx';
import { JobProgress } from './job-progress.tsx';
import { RecentWork } from './recent-work.tsx';
import { ReferencePictures } from './reference-pictures.tsx';
import { CanvasEmpty, scrollToCanvas, scrollToResult, ToolLayout } from './tool-layout.tsx';

export function GeneratePage() {
  const { credit, refreshCredit } = useAuth();
  // The balance could not pay for the last attempt: the numbers, and a way to buy.
  const [short, setShort] = useState<{ needed: number; balance: number }>();
  const providers = useProviders();
  const canvas = useRef<HTMLElement>(null);
  const form = useGenerateForm();
  // The server's price for the quality chosen (free when only the local painter generates; HD where
  // the model draws it: docs/decisions/056); the listed one until it answers.
  const standardPrice = useWorkPrice('generation');
  const { quality, size } = form.watch();
  const price =
    quality === 'hd' && modelForSize[size] === 'dall-e-3' ? providers.data?.prices.generationHd : standardPrice;
  const cost = price?.credits ?? creditCosts.generation;
  const submission = useSubmitGeneration();
  const fromReferences = useSubmitEdit();
  // Reference pictures, offered only where a provider can edit (docs/decisions/057).
  const [references, setReferences] = useState<File[]>([]);
  const canEdit = providers.data?.edit.available === true;
  const referenceCost = providers.data?.edit.price.credits ?? creditCosts.generation;
  const [result, setResult] = useState<Generated>();
  const [search] = useSearchParams();

  // "Use again": an earlier image's prompt, size and quality, carried in the address, fill the form.
  const settingsQuery = search.get(settingsParam);
  useEffect(() => {
    const settings = carriedSettings(settingsQuery);
    if (!settings) return;
    const filled = generateSettingsFrom(settings);
    if (Object.keys(filled).length === 0) return;
    form.reset({ ...form.getValues(), ...filled });
    notify.info(webMessages.generationSettingsCarried);
  }, [settingsQuery, form]);

  const ended = (end: JobEnd) => {
    if (end.status === 'succeeded') {
      // A job picked up after a reload is captioned from this browser's note of it, if it has one.
      const note = generationNote(end.jobId);
      setResult({ imageId: end.imageId, prompt: note?.prompt ?? '', settings: note });
      // On a phone the image is below the form, and the page may have scrolled away meanwhile.
      scrollToResult(canvas.current);
    } else if (end.status === 'failed') notify.error(end.message);
    else notify.info(end.message);
  };
  const run = useJobRun('generation', ended);
  const busy = submission.isPending || fromReferences.isPending || run.job !== undefined;

  const submit = (request: ValidGenerateImageRequest, pictures: File[] = references) => {
    const needed = pictures.length > 0 ? referenceCost : cost;
    if (credit !== undefined && credit < needed) return setShort({ needed, balance: credit });
    setShort(undefined);
    scrollToCanvas(canvas.current);
    const handlers = {
      onSuccess: (accepted: Parameters<typeof run.start>[0]) => {
        noteGeneration(accepted.jobId, {
          prompt: request.prompt,
          size: request.size,
          quality: request.quality,
          style: request.style,
        });
        run.start(accepted);
      },
      onError: (error: Error) => {
        const failure = error as ApiError;
        // Short of credits: the panel by the form says how many are needed and offers to buy.
        if (failure.status === 402) setShort({ needed, balance: failure.creditBalance ?? credit ?? 0 });
        else notify.error(failure.message);
        // docs/product.md §4: credits reload after every attempt, whether or not it succeeded.
        void refreshCredit();
      },
    };
    if (pictures.length === 0) return submission.mutate(request, handlers);
    // With reference pictures the generation is an edit in generate mode: every picture a reference.
    const parts = async (): Promise<Array<[string, string | Blob]>> => [
      ...pictures.map((picture): [string, Blob] => ['image_file', picture]),
      ['prompt', request.prompt],
      ['style', request.style],
      ['size', request.size],
      ['quality', request.quality],
      ['mode', 'generate'],
    ];
    fromReferences.mutate(parts, handlers);
  };

  /** Generate Variations where a provider can edit: the image itself as the one reference, with its settings. */
  const variations = (shown: Generated) => async () => {
    try {
      const picture = await loadCarriedImage(shown.imageId);
      setResult(undefined);
      submit(
        {
          prompt: shown.prompt || 'A new variation of this picture',
          size: shown.settings?.size ?? '1024x1024',
          model: modelForSize[shown.settings?.size ?? '1024x1024'],
          quality: shown.settings?.quality ?? 'standard',
          style: shown.settings?.style ?? 'none',
        },
        [picture],
      );
    } catch (error) {
      notify.error((error as Error).message);
    }
  };

  return (
    <>
      <ToolLayout
        badge={
          providers.data?.localPreview ? (
            <p className="tool__badge">local preview — images are painted on this server, not by an AI model</p>
          ) : null
        }
        canvasRef={canvas}
        controls={
          result ? (
            <GenerationSummary prompt={result.prompt} settings={result.settings} />
          ) : (
            <>
              <GenerateForm
                form={form}
                onSubmit={(request) => submit(request)}
                busy={busy}
                price={references.length > 0 ? referenceCost : price?.credits}
                references={
                  canEdit ? (
                    <ReferencePictures files={references} max={maxEditImages} onChange={setReferences} />
                  ) : undefined
                }
              />
              {short && <ShortOfCredits action="Generating an image" needed={short.needed} balance={short.balance} />}
            </>
          )
        }
        canvas={
          busy ? (
            <JobProgress
              job={run.job}
              working="Painting your image…"
              onCancel={run.cancel}
              cancelling={run.cancelling}
            />
          ) : result ? (
            <GenerationResult
              result={result}
              preview={price?.preview ? previewNotice : undefined}
              onAnother={() => setResult(undefined)}
              onVariations={canEdit ? () => void variations(result)() : undefined}
            />
          ) : (
            <CanvasEmpty>Your image appears here. Write a prompt, pick a size and press Generate.</CanvasEmpty>
          )
        }
      />
      <RecentWork />
    </>
  );
}
