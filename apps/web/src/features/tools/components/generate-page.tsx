import { messages } from '@lumigen/contract/messages';
import { modelForSize } from '@lumigen/contract/generation';
import { useRef, useState } from 'react';
import { LoadingOrb } from '../../../components/ui/loading-orb.tsx';
import { useAuth } from '../../../lib/session.tsx';
import { generateImage } from '../api/generate-image.ts';
import { useProviders } from '../api/get-providers.ts';
import { GenerateForm, type GenerateSettings } from './generate-form.tsx';
import { GenerationResult, GenerationSummary, type Generated } from './generation-result.tsx';
import { CanvasEmpty, scrollToCanvas, ToolLayout } from './tool-layout.tsx';
import type { ApiError } from '../../../lib/api.ts';
import { notify } from '../../../lib/notify.ts';

export function GeneratePage() {
  const { refreshCredit } = useAuth();
  const providers = useProviders();
  const canvas = useRef<HTMLElement>(null);
  const [settings, setSettings] = useState<GenerateSettings>({ prompt: '', size: '1024x1024', quality: 'standard' });
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Generated>();

  const run = async () => {
    setBusy(true);
    scrollToCanvas(canvas.current);
    const prompt = settings.prompt.trim();
    try {
      const answer = await generateImage({ prompt, size: settings.size, model: modelForSize[settings.size], quality: settings.quality });
      setResult({ image: answer.image, imageId: answer.imageId, prompt });
    } catch (error) {
      const failure = error as ApiError;
      notify.error(failure.message);
      // SPEC.md §8: an empty balance gets its own toast (unless the message already said so).
      if (failure.creditBalance === 0 && failure.message !== messages.insufficientCredit) notify.error(messages.insufficientCredit);
    } finally {
      setBusy(false);
      // SPEC.md §4: credits reload after every attempt, whether or not it succeeded.
      void refreshCredit();
    }
  };

  return (
    <ToolLayout
      badge={providers.data?.localPreview ? <p className="tool__badge">local preview — images are painted on this server, not by an AI model</p> : null}
      canvasRef={canvas}
      controls={result ? <GenerationSummary prompt={result.prompt} settings={settings} /> : <GenerateForm settings={settings} onChange={setSettings} onSubmit={run} busy={busy} />}
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
