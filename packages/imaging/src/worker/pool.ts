import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Piscina } from 'piscina';
import { InputRejected, type ToolName, type ToolParams } from '../tool.ts';
import { ownBuffer, type Task, type TaskResult } from './run-tool.ts';

export type ToolPoolOptions = {
  /** Worker threads at most: each may hold a ~1 GB model, so few. */
  threads: number;
  /** Longest run of one tool; the thread running it is stopped then. */
  timeoutMs: number;
  /** A thread idle this long exits and gives its models' memory back. */
  idleTimeoutMs?: number;
  /** Runs waiting for a thread at most; beyond, `run` fails as `busy` at once. */
  maxQueue?: number;
  /** Module URLs to run instead of the package's tools (tests run fakes through the real pool). */
  modules?: Partial<Record<ToolName, string>>;
};

/** The image and mask bytes are moved to the worker thread: the caller's copies are left empty. */
export type ToolPoolInput<T extends ToolName> = { image: Uint8Array; mask?: Uint8Array; params: ToolParams[T] };

export type ToolPool = {
  /** The tool's PNG bytes; throws `InputRejected` when the tool refused the picture, else `ToolPoolError`. */
  run<T extends ToolName>(tool: T, input: ToolPoolInput<T>): Promise<Buffer>;
  /** Stops every thread; the next `run` starts new ones. */
  close(): Promise<void>;
};

/** Why a run failed other than a refusal: the queue was full, the tool ran out of time, or it broke. */
export type ToolPoolFailure = 'busy' | 'timeout' | 'failed';

export class ToolPoolError extends Error {
  readonly failure: ToolPoolFailure;

  constructor(failure: ToolPoolFailure, message: string, options: { cause?: unknown } = {}) {
    super(message, options);
    this.name = 'ToolPoolError';
    this.failure = failure;
  }
}

function classify(tool: ToolName, error: unknown): ToolPoolError {
  const { name, message } = error instanceof Error ? error : { name: '', message: String(error) };
  if (name === 'AbortError') return new ToolPoolError('timeout', `${tool} ran out of time`, { cause: error });
  return new ToolPoolError('failed', `${tool} failed: ${message}`, { cause: error });
}

/**
 * The tools on a small pool of worker threads (piscina), so a model's seconds of CPU never hold up
 * the caller's event loop. The pool starts its threads on first use; the bytes are moved to the
 * thread, and the PNG comes back the same way.
 */
export function createToolPool({
  threads,
  timeoutMs,
  idleTimeoutMs = 60_000,
  maxQueue = threads * 8,
  modules = {},
}: ToolPoolOptions): ToolPool {
  let pool: Piscina | undefined;
  const poolOf = () =>
    (pool ??= new Piscina({
      // By the package's name, not this file's folder: a bundled server has moved this code.
      filename: pathToFileURL(createRequire(import.meta.url).resolve('@lumigen/imaging/worker-entry')).href,
      name: 'runTask',
      minThreads: 0,
      maxThreads: threads,
      idleTimeout: idleTimeoutMs,
      concurrentTasksPerWorker: 1,
    }));
  // Counted here: piscina keeps tasks that carry an abort signal outside its own bounded queue.
  let inFlight = 0;

  return {
    async run(tool, { image, mask, params }) {
      if (inFlight >= threads + maxQueue)
        throw new ToolPoolError('busy', 'every local worker is busy and the queue is full');
      inFlight += 1;
      let result: TaskResult;
      try {
        const task: Task = {
          tool,
          module: modules[tool],
          image: ownBuffer(image),
          mask: mask && ownBuffer(mask),
          params,
        };
        const transferList = [task.image.buffer, ...(task.mask ? [task.mask.buffer] : [])] as ArrayBuffer[];
        result = await poolOf().run(task, { transferList, signal: AbortSignal.timeout(timeoutMs) });
      } catch (error) {
        throw classify(tool, error);
      } finally {
        inFlight -= 1;
      }
      if (!(result instanceof Uint8Array)) throw new InputRejected(result.rejected);
      return Buffer.from(result.buffer, result.byteOffset, result.byteLength);
    },
    async close() {
      await pool?.destroy();
      pool = undefined;
    },
  };
}
