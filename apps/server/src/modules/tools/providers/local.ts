import { readFile } from 'node:fs/promises';
import type { ToolId } from '@lumigen/contract/tools';
import {
  createToolPool,
  isInputRejected,
  ToolPoolError,
  type ToolName,
  type ToolParams,
  type ToolPoolOptions,
} from '@lumigen/imaging';
import { asPng } from '../../../lib/image-bytes.ts';
import { ToolProviderError, type ToolProvider } from './provider.ts';

export type LocalToolsOptions = ToolPoolOptions;

// The contract's tools are the package's, name for name: this fails to compile when one side gains a tool.
const sameTools: [ToolId, ToolName] extends [ToolName, ToolId] ? true : never = true;
void sameTools;

function toProviderError(tool: ToolId, error: unknown): ToolProviderError {
  if (isInputRejected(error))
    return new ToolProviderError('rejected_input', `${tool} refused the input: ${error.message}`, {
      reason: error.message,
    });
  if (error instanceof ToolPoolError) return new ToolProviderError(error.failure, error.message, { cause: error });
  return new ToolProviderError('failed', `${tool} failed: ${error instanceof Error ? error.message : String(error)}`, {
    cause: error,
  });
}

/**
 * The editing tools of `@lumigen/imaging`, run on this machine on the package's worker pool (sized
 * from configuration), so a model's seconds of CPU never hold up the event loop that answers every
 * other request. The upload is read from its file and its bytes moved to a thread.
 */
export function createLocalToolsProvider(options: LocalToolsOptions): ToolProvider {
  const pool = createToolPool(options);
  return {
    name: 'local',
    async run({ tool, image, mask, fields }) {
      let bytes: Buffer;
      try {
        const [imageBytes, maskBytes] = await Promise.all([readFile(image.path), mask && readFile(mask.path)]);
        // The contract parsed the fields against this tool's own schema: they are the tool's params.
        bytes = await pool.run(tool, {
          image: imageBytes,
          ...(maskBytes ? { mask: maskBytes } : {}),
          params: fields as ToolParams[typeof tool],
        });
      } catch (error) {
        throw toProviderError(tool, error);
      }
      const png = await asPng(bytes);
      if (!png) throw new ToolProviderError('failed', `${tool} returned something that is not an image`);
      return png;
    },
    close: () => pool.close(),
  };
}
