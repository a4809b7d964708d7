import { messages } from '@lumigen/contract/messages';
import type { ValidGenerateImageRequest } from '@lumigen/contract/generation';
import { useRef, useState } from 'react';
import { LoadingOrb } from '../../../components/ui/loading-orb.tsx';
import { useAuth } from '../../../lib/session.tsx';
import { useGenerateImage } from '../api/generate-image.ts';
import { useProviders } from '../api/get-providers.ts';
import { GenerateForm, useGenerateForm } from './generate-form.tsx';
import { GenerationResult, GenerationSummary, type Generated } from './generation-result.tsx';
import { CanvasEmpty, scrollToCanvas, ToolLayout } from './tool-layout.tsx';
import type { ApiError } from '../../../lib/api.ts';
import { notify } from '../../../lib/notify.ts';

export function GeneratePage() {
  const { refreshCredit } = useAuth();
  const providers = useProviders();
  const canvas = useRef<HTMLElement>(null);
  const form = useGenerateForm();
  const generation = useGenerateImage();
  const busy = generation.isPending;
  const [result, setResult] = useState<Generated>();

  const run = (request: ValidGenerateImageRequest) => {
    scrollToCanvas(canvas.current);
    generation.mutate(request, {
      onSuccess: (answer) => setResult({ image: answer.image, imageId: answer.imageId, prompt: request.prompt }),
      onError: (error) => {
        const failure = error as ApiError;
        notify.error(failure.message);
        // docs/product.md §8: an empty balance gets its own toast (unless the message already said so).
        if (failure.creditBalance === 0 && failure.message !== messages.insufficientCredit) notify.error(messages.insufficientCredit);
      },
      // docs/product.md §4: credits reload after every attempt, whether or not it succeeded.
      onSettled: () => void refreshCredit(),
    });
  };

  return (
    <ToolLayout
      badge={providers.data?.localPreview ? <p className="tool__badge">local preview — images are painted on this server, not by an AI model</p> : null}
      canvasRef={canvas}
      controls={result ? <GenerationSummary prompt={result.prompt} settings={form.getValues()} /> : <GenerateForm form={form} onSubmit={run} busy={busy} />}
      canvas={
        busy ? (
          <div className="tool__working">
            <LoadingOrb label="Generating your image" />
            <p>Painting your image…</p>
          </div>
        ) : result ? (
          <GenerationResult result={result} onAnother={() => setResult(undefined)} />
        ) : (
          <CanvasEmpty>Your image appears here. Write a prompt, pick a size and press Generate.</CanvasEmpty>
        )
      }
    />
  );
}
