import { readFile } from 'node:fs/promises';
import type { ToolId } from '@lumigen/contract/tools';
import { Piscina } from 'piscina';
import { asPng } from '../../../lib/image-bytes.ts';
import { ownBuffer, type LocalTask, type LocalTaskResult } from './local-worker.ts';
import { ToolProviderError, type ToolProvider } from './provider.ts';

export type LocalToolsOptions = {
  /** Worker threads at most: each may hold a ~1 GB model, so few. */
  threads: number;
  /** Longest run of one tool; the thread running it is stopped then. */
  timeoutMs: number;
  /** A thread idle this long exits and gives its models' memory back. */
  idleTimeoutMs?: number;
  /** Edits waiting for a thread at most; beyond, callers hear "busy" (503) at once. */
  maxQueue?: number;
  /** Module URLs to run instead of the registry's tools (tests run fakes through the real pool). */
  modules?: Partial<Record<ToolId, string>>;
};

function classify(tool: ToolId, error: unknown): ToolProviderError {
  const { name, message } = error instanceof Error ? error : { name: '', message: String(error) };
  if (name === 'AbortError') return new ToolProviderError('timeout', `${tool} ran out of time`, { cause: error });
  return new ToolProviderError('failed', `${tool} failed: ${message}`, { cause: error });
}

/**
 * The tools of `local/` run on this machine, on a small pool of worker threads (piscina), so a
 * model's seconds of CPU never hold up the event loop that answers every other request. The pool
 * starts its threads on first use; the upload is read from its file and the bytes moved to the
 * thread, and the PNG comes back the same way.
 */
export function createLocalToolProvider({ threads, timeoutMs, idleTimeoutMs = 60_000, maxQueue = threads * 8, modules = {} }: LocalToolsOptions): ToolProvider {
  let pool: Piscina | undefined;
  const poolOf = () =>
    (pool ??= new Piscina({
      filename: new URL('./local-worker-entry.mjs', import.meta.url).href,
      name: 'runLocalTool',
      minThreads: 0,
      maxThreads: threads,
      idleTimeout: idleTimeoutMs,
      concurrentTasksPerWorker: 1,
    }));
  // Counted here: piscina keeps tasks that carry an abort signal outside its own bounded queue.
  let inFlight = 0;

  return {
    name: 'local',
    async run({ tool, image, mask, fields }) {
      if (inFlight >= threads + maxQueue) throw new ToolProviderError('busy', 'every local worker is busy and the queue is full');
      // Counted before the first await, so calls arriving together cannot all pass the check.
      inFlight += 1;
      let result: LocalTaskResult;
      try {
        const [imageBytes, maskBytes] = await Promise.all([readFile(image.path), mask && readFile(mask.path)]);
        const task: LocalTask = { tool, module: modules[tool], image: ownBuffer(imageBytes), mask: maskBytes && ownBuffer(maskBytes), params: fields };
        const transferList = [task.image.buffer, ...(task.mask ? [task.mask.buffer] : [])] as ArrayBuffer[];
        result = await poolOf().run(task, { transferList, signal: AbortSignal.timeout(timeoutMs) });
      } catch (error) {
        throw classify(tool, error);
      } finally {
        inFlight -= 1;
      }
      if (!(result instanceof Uint8Array)) {
        throw new ToolProviderError('rejected_input', `${tool} refused the input: ${result.rejected}`, { reason: result.rejected });
      }
      const png = await asPng(Buffer.from(result.buffer, result.byteOffset, result.byteLength));
      if (!png) throw new ToolProviderError('failed', `${tool} returned something that is not an image`);
      return png;
    },
    async close() {
      await pool?.destroy();
      pool = undefined;
    },
  };
}
