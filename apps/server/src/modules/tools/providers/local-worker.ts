import type { ToolFields, ToolId } from '@lumigen/contract/tools';
import { move } from 'piscina';
import { isInputRejected, type LocalTool } from './local/local-tool.ts';
import { localTools } from './local/registry.ts';

/** What a worker hands back: the PNG's bytes, or why the tool refused the picture (see `InputRejected`). */
export type LocalTaskResult = Uint8Array | { rejected: string };

export type LocalTask = {
  tool: ToolId;
  /** A module exporting `run` to use instead of the registry's (tests: a fake tool). */
  module: string | undefined;
  image: Uint8Array;
  mask: Uint8Array | undefined;
  params: ToolFields;
};

const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** The bytes in an ArrayBuffer of their own, so moving them detaches nothing else. */
export function ownBuffer(bytes: Uint8Array): Uint8Array {
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : new Uint8Array(bytes);
}

/**
 * Runs inside a worker thread of the local pool: loads the tool on first use (the import is
 * cached per thread, models stay loaded until the thread retires) and returns its PNG bytes,
 * moved to the main thread rather than copied; a refusal comes back as `{ rejected: reason }`.
 */
export async function runLocalTool({ tool, module, image, mask, params }: LocalTask): Promise<LocalTaskResult> {
  const { run } = module ? ((await import(module)) as { run: LocalTool }) : await localTools[tool]();
  try {
    const { png } = await run({ image: asBuffer(image), ...(mask ? { mask: asBuffer(mask) } : {}), params });
    return move(ownBuffer(png)) as Uint8Array;
  } catch (error) {
    if (isInputRejected(error)) return { rejected: error.message };
    throw error;
  }
}
