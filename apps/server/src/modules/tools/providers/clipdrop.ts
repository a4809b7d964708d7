import { clipdropPaths, type AcceptedImageType, type ToolId } from '@lumigen/contract/tools';
import sharp from 'sharp';
import {
  asPng,
  asPngFile,
  heldPngBytes,
  pngByteSize,
  sniffImageFile,
  sniffImageType,
  type PngFile,
  type PngImage,
} from '../../../lib/image-bytes.ts';
import { readBodyHoldingUpTo, readBodyUpTo } from '../../../lib/read-body.ts';
import { multipart, type FileSource, type Part } from './multipart.ts';
import { ToolProviderError, type ToolInput, type ToolProvider } from './provider.ts';

export type ClipdropOptions = {
  apiKey: string;
  /** https://clipdrop-api.co, or another address answering the same API (tests, a proxy). */
  baseUrl: string;
  /** Longest wait for one call: upload, work and download. */
  timeoutMs: number;
};

const extensions: Record<AcceptedImageType, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' };
/** An upscale to 4096×4096 is a PNG of some 50 MB; nothing larger is a real answer. */
const longestAnswerBytes = 128 * 1024 * 1024;
const longestErrorBytes = 64 * 1024;
const longestRetryAfterSeconds = 3600;

/** Clipdrop's 200 answer as a PNG. Only the three formats Clipdrop documents are decoded: nothing else reaches libvips. */
async function pngIn(body: Buffer | PngFile): Promise<PngImage | undefined> {
  if (Buffer.isBuffer(body)) return sniffImageType(body) ? asPng(body) : undefined;
  return (await sniffImageFile(body.path)) ? asPngFile(body) : undefined;
}

const isAbort = (error: unknown) => {
  const name = (error as { name?: unknown } | undefined)?.name;
  return name === 'AbortError' || name === 'TimeoutError';
};

/** Clipdrop's `{ "error": "…" }`, when it is short plain text a user can be shown. */
function reasonIn(body: Buffer): string | undefined {
  try {
    const { error } = JSON.parse(body.toString('utf8')) as { error?: unknown };
    if (typeof error !== 'string') return undefined;
    const reason = error.replace(/[\p{Cc}\s]+/gu, ' ').trim();
    return reason && reason.length <= 200 ? reason : undefined;
  } catch {
    return undefined;
  }
}

/** `Retry-After` in seconds (a number of seconds or an HTTP date), capped; undefined when absent. */
function retryAfterSeconds(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = /^\d+$/.test(header.trim()) ? Number(header) : Math.ceil((Date.parse(header) - Date.now()) / 1000);
  return Number.isFinite(seconds) ? Math.min(Math.max(seconds, 0), longestRetryAfterSeconds) : undefined;
}

/** Clipdrop's documented statuses, as failures our service answers for. */
function failureFor(response: Response, body: Buffer): ToolProviderError {
  const { status } = response;
  const reason = reasonIn(body);
  if (status === 400 || status === 413 || status === 422)
    return new ToolProviderError('rejected_input', `Clipdrop refused the input (${status})`, { status, reason });
  if (status === 401 || status === 403)
    return new ToolProviderError('unavailable', `Clipdrop refused the API key (${status}): check CLIPDROP_API_KEY`, {
      status,
      reason,
    });
  if (status === 402)
    return new ToolProviderError('unavailable', 'Clipdrop has no credits left on this account (402): top it up', {
      status,
      reason,
    });
  if (status === 429)
    return new ToolProviderError('rate_limited', 'Clipdrop asks us to slow down (429)', {
      status,
      retryAfterSeconds: retryAfterSeconds(response.headers.get('retry-after')),
    });
  if (status >= 500) return new ToolProviderError('failed', `Clipdrop failed (${status})`, { status, reason });
  return new ToolProviderError('failed', `Clipdrop answered ${status}: check CLIPDROP_BASE_URL`, { status, reason });
}

/** Clipdrop reads masks as PNG only; a mask sent as JPEG or WebP is converted. */
async function maskAsPng(mask: NonNullable<ToolInput['mask']>): Promise<FileSource> {
  return mask.type === 'image/png' ? mask : { bytes: await sharp(mask.path).png().toBuffer() };
}

/**
 * The Clipdrop API (docs/product.md §7), called by our server so the key never reaches a browser: one
 * multipart POST per edit (global fetch) with `x-api-key`, the image as `image_file`, cleanup's mask as Clipdrop's
 * `mask_file` and the tool's fields by Clipdrop's names. Not retried: Clipdrop's errors are the
 * input's, our account's or a passing outage; the user's next click is free (the credit is back).
 */
export function createClipdropProvider({ apiKey, baseUrl, timeoutMs }: ClipdropOptions): ToolProvider {
  const base = baseUrl.replace(/\/+$/, '');

  /** Clipdrop's answer: an image's bytes, or (with `spillTo`, when large) the file they were written to. */
  async function call(
    tool: ToolId,
    parts: Part[],
    spillTo: string | undefined,
    report: ToolInput['report'],
  ): Promise<Buffer | PngFile> {
    const startedAt = performance.now();
    let status: number | undefined;
    let credits: number | undefined;
    const signal = AbortSignal.timeout(timeoutMs);
    const form = multipart(parts);
    try {
      // Node's fetch (undici) streams an async iterable body when told `duplex: 'half'`; the
      // typings know neither, hence the widened type.
      const init: RequestInit & { duplex: 'half' } = {
        method: 'POST',
        headers: { 'x-api-key': apiKey, 'content-type': form.contentType, 'content-length': String(form.length) },
        body: form.body() as unknown as BodyInit,
        duplex: 'half',
        // Not 'follow': to be able to replay the body on a redirect, fetch tees it and keeps one
        // branch unread, so every upload was held in memory whole until the answer came
        // (measured: 256 kB slices of all 20 uploads of 10 MB in the tee's queues). The API
        // does not redirect; a redirect is a wrong CLIPDROP_BASE_URL, a 502.
        redirect: 'error',
        signal,
      };
      const response = await fetch(`${base}${clipdropPaths[tool]}`, init);
      status = response.status;
      // Clipdrop says what a call cost in its own credits (docs/product.md §7).
      const consumed = Number(response.headers.get('x-credits-consumed') ?? Number.NaN);
      if (Number.isFinite(consumed)) credits = consumed;
      // An error's body is a short JSON: only a short reason is ever shown.
      if (!response.ok)
        throw failureFor(response, (await readBodyUpTo(response, longestErrorBytes)) ?? Buffer.alloc(0));
      const body = spillTo
        ? await readBodyHoldingUpTo(response, { limit: longestAnswerBytes, hold: heldPngBytes, file: spillTo })
        : await readBodyUpTo(response, longestAnswerBytes);
      if (!body) throw new ToolProviderError('failed', `Clipdrop's answer is larger than ${longestAnswerBytes} bytes`);
      return body;
    } catch (error) {
      if (error instanceof ToolProviderError) throw error;
      if (isAbort(error))
        throw new ToolProviderError('timeout', `Clipdrop did not answer within ${timeoutMs} ms`, { cause: error });
      throw new ToolProviderError('failed', 'Clipdrop could not be reached', { cause: error });
    } finally {
      report?.({
        endpoint: clipdropPaths[tool],
        status,
        ms: performance.now() - startedAt,
        ...(credits === undefined ? {} : { usage: { credits } }),
      });
    }
  }

  return {
    name: 'clipdrop',
    async run({ tool, image, mask, fields, spillTo, report }): Promise<PngImage> {
      const parts: Part[] = [
        { name: 'image_file', filename: `image.${extensions[image.type]}`, type: image.type, source: image },
      ];
      if (mask)
        parts.push({ name: 'mask_file', filename: 'mask.png', type: 'image/png', source: await maskAsPng(mask) });
      for (const [name, value] of Object.entries(fields)) parts.push({ name, value: String(value) });

      const body = await call(tool, parts, spillTo, report);
      const png = await pngIn(body);
      if (!png)
        throw new ToolProviderError(
          'failed',
          `Clipdrop answered 200 with ${pngByteSize(body)} bytes that are not a PNG, JPEG or WebP image`,
        );
      return png;
    },
  };
}
