import { creditCosts, previewNotice } from '@lumigen/contract/pricing';
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
import { useSubmitGeneration } from '../api/submit-generation.ts';
import { useJobRun, type JobEnd } from '../hooks/use-job-run.ts';
import { generationNote, noteGeneration } from '../job-notes.ts';
import { GenerateForm, generateSettingsFrom, useGenerateForm } from './generate-form.tsx';
import { GenerationResult, GenerationSummary, type Generated } from './generation-result.tsx';
import { JobProgress } from './job-progress.tsx';
import { RecentWork } from './recent-work.tsx';
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
  const busy = submission.isPending || run.job !== undefined;

  const submit = (request: ValidGenerateImageRequest) => {
    if (credit !== undefined && credit < cost) return setShort({ needed: cost, balance: credit });
    setShort(undefined);
    scrollToCanvas(canvas.current);
    submission.mutate(request, {
      onSuccess: (accepted) => {
        noteGeneration(accepted.jobId, {
          prompt: request.prompt,
          size: request.size,
          quality: request.quality,
          style: request.style,
        });
        run.start(accepted);
      },
      onError: (error) => {
        const failure = error as ApiError;
        // Short of credits: the panel by the form says how many are needed and offers to buy.
        if (failure.status === 402) setShort({ needed: cost, balance: failure.creditBalance ?? credit ?? 0 });
        else notify.error(failure.message);
        // docs/product.md §4: credits reload after every attempt, whether or not it succeeded.
        void refreshCredit();
      },
    });
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
              <GenerateForm form={form} onSubmit={submit} busy={busy} price={price?.credits} />
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
