import { isMarkedAsUntransferable } from 'node:worker_threads';
import { move } from 'piscina';
import { isInputRejected, type Tool, type ToolName, type ToolParams } from '../tool.ts';
import { toolModules } from '../tools.ts';

/** What a worker hands back: the PNG's bytes, or why the tool refused the picture (see `InputRejected`). */
export type TaskResult = Uint8Array | { rejected: string };

export type Task = {
  tool: ToolName;
  /** A module exporting `run` to use instead of the tool's own (tests: a fake tool). */
  module: string | undefined;
  image: Uint8Array;
  mask: Uint8Array | undefined;
  params: ToolParams[ToolName];
};

const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/**
 * The bytes in an ArrayBuffer of their own that can be moved, so moving them detaches nothing else.
 * Node 22 and later refuse to move memory a native addon owns (every buffer sharp hands back is
 * one), so such bytes are copied once into memory of our own.
 */
export function ownBuffer(bytes: Uint8Array): Uint8Array {
  const movable =
    bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && !isMarkedAsUntransferable(bytes.buffer);
  return movable ? bytes : new Uint8Array(bytes);
}

/**
 * Runs inside a worker thread of the pool: loads the tool on first use (the import is cached per
 * thread, models stay loaded until the thread retires) and returns its PNG bytes, moved to the
 * main thread rather than copied; a refusal comes back as `{ rejected: reason }`.
 */
export async function runTask({ tool, module, image, mask, params }: Task): Promise<TaskResult> {
  // The task's params were checked against the tool's type by the pool's caller.
  const { run } = (module ? await import(module) : await toolModules[tool]()) as { run: Tool };
  try {
    const { png } = await run({
      image: asBuffer(image),
      ...(mask ? { mask: asBuffer(mask) } : {}),
      params: params as never,
    });
    return move(ownBuffer(png)) as Uint8Array;
  } catch (error) {
    if (isInputRejected(error)) return { rejected: error.message };
    throw error;
  }
}
