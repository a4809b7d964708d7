import type { ToolFields, ToolId } from '@lumigen/contract/tools';
import { move } from 'piscina';
import type { LocalTool } from './local/local-tool.ts';
import { localTools } from './local/registry.ts';

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
 * moved to the main thread rather than copied.
 */
export async function runLocalTool({ tool, module, image, mask, params }: LocalTask) {
  const { run } = module ? ((await import(module)) as { run: LocalTool }) : await localTools[tool]();
  const { png } = await run({ image: asBuffer(image), ...(mask ? { mask: asBuffer(mask) } : {}), params });
  return move(ownBuffer(png));
}
