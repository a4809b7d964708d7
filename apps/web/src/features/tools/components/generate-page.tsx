import { messages } from '@lumigen/contract/messages';
import type { ValidGenerateImageRequest } from '@lumigen/contract/generation';
import { webMessages } from '@lumigen/contract/web-messages';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { ApiError } from '../../../lib/api.ts';
import { notify } from '../../../lib/notify.ts';
import { useAuth } from '../../../lib/session.tsx';
import { carriedSettings, settingsParam } from '../../../lib/tool-routes.ts';
import { useProviders } from '../api/get-providers.ts';
import { useSubmitGeneration } from '../api/submit-generation.ts';
import { useJobRun, type JobEnd } from '../hooks/use-job-run.ts';
import { generationNote, noteGeneration } from '../job-notes.ts';
import { GenerateForm, generateSettingsFrom, useGenerateForm } from './generate-form.tsx';
import { GenerationResult, GenerationSummary, type Generated } from './generation-result.tsx';
import { JobProgress } from './job-progress.tsx';
import { RecentWork } from './recent-work.tsx';
import { CanvasEmpty, scrollToCanvas, ToolLayout } from './tool-layout.tsx';

export function GeneratePage() {
  const { refreshCredit } = useAuth();
  const providers = useProviders();
  const canvas = useRef<HTMLElement>(null);
  const form = useGenerateForm();
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
    } else if (end.status === 'failed') notify.error(end.message);
    else notify.info(end.message);
  };
  const run = useJobRun('generation', ended);
  const busy = submission.isPending || run.job !== undefined;

  const submit = (request: ValidGenerateImageRequest) => {
    scrollToCanvas(canvas.current);
    submission.mutate(request, {
      onSuccess: (accepted) => {
        noteGeneration(accepted.jobId, { prompt: request.prompt, size: request.size, quality: request.quality });
        run.start(accepted);
      },
      onError: (error) => {
        const failure = error as ApiError;
        notify.error(failure.message);
        // docs/product.md §8: an empty balance gets its own toast (unless the message already said so).
        if (failure.creditBalance === 0 && failure.message !== messages.insufficientCredit) notify.error(messages.insufficientCredit);
        // docs/product.md §4: credits reload after every attempt, whether or not it succeeded.
        void refreshCredit();
      },
    });
  };

  return (
    <>
      <ToolLayout
        badge={providers.data?.localPreview ? <p className="tool__badge">local preview — images are painted on this server, not by an AI model</p> : null}
        canvasRef={canvas}
        controls={result ? <GenerationSummary prompt={result.prompt} settings={result.settings} /> : <GenerateForm form={form} onSubmit={submit} busy={busy} />}
        canvas={
          busy ? (
            <JobProgress job={run.job} working="Painting your image…" onCancel={run.cancel} cancelling={run.cancelling} />
          ) : result ? (
            <GenerationResult result={result} onAnother={() => setResult(undefined)} />
          ) : (
            <CanvasEmpty>Your image appears here. Write a prompt, pick a size and press Generate.</CanvasEmpty>
          )
        }
      />
      <RecentWork />
    </>
  );
}
