import { dimensionsOf } from '@lumigen/contract/generation';
import { picturePng } from './pictures.ts';
import type { GenerationInput, GenerationProvider } from '../modules/generation/index.ts';

type Call = { input: GenerationInput; release(): void; fail(error: Error): void };

/**
 * A generation provider the test holds in its hand: every call waits until the test releases
 * (or fails) it, unless the gate is open. `calls` records the prompts in the order the provider
 * was asked, which is the order workers took the jobs. With `previews`, each call first shows that
 * many small partial pictures (as a provider that streams does), then waits.
 */
export function gatedGenerationProvider({ previews = 0 }: { previews?: number } = {}) {
  const calls: Call[] = [];
  const arrived: Array<() => void> = [];
  let open = false;

  const provider: GenerationProvider = {
    name: 'local',
    async generate(input) {
      const answer = new Promise<void>((resolve, reject) => {
        calls.push({ input, release: resolve, fail: reject });
      });
      for (let n = 1; n <= previews; n += 1) await input.onPreview?.(await picturePng(64 * n, 48 * n, '#345'));
      for (const wake of arrived.splice(0)) wake();
      if (!open) await answer;
      // The size asked for, as every provider answers (a smaller one is refused as unusable).
      const { width, height } = dimensionsOf(input.size);
      return { png: await picturePng(width, height, '#345'), width, height };
    },
  };

  return {
    provider,
    calls,
    prompts: () => calls.map((call) => call.input.prompt),
    /** Resolves once the provider has been asked `count` times in all. */
    async waitForCalls(count: number, timeoutMs = 60_000): Promise<void> {
      const deadline = Date.now() + timeoutMs;
      while (calls.length < count) {
        if (Date.now() > deadline) throw new Error(`the provider was asked ${calls.length} times, not ${count}`);
        await new Promise<void>((resolve) => {
          arrived.push(resolve);
          setTimeout(resolve, 200);
        });
      }
    },
    /** From now on every call waits for the test again. */
    closeGate(): void {
      open = false;
    },
    /** From now on every call answers at once, and the ones waiting are released. */
    openGate(): void {
      open = true;
      for (const call of calls) call.release();
    },
  };
}
