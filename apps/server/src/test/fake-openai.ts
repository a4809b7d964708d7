import type { ServerResponse } from 'node:http';
import sharp from 'sharp';
import { familyOf, isFlexibleSizeAllowed } from '../modules/generation/index.ts';
import { picturePng } from './pictures.ts';
import { delayAnswer, resetConnection, startScriptedServer } from './scripted-server.ts';

/** One scripted answer of the fake Images API. */
export type FakeAnswer = {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** Waits this long before answering (a slow provider). */
  delayMs?: number;
  /** Resets the connection instead of answering (after `delayMs`). */
  reset?: boolean;
};

export type RecordedRequest = {
  method: string;
  url: string;
  authorization: string | undefined;
  body: Record<string, unknown>;
  /** `/v1/images/edits`: the multipart files (image, mask) as they came; `image` is the first picture. */
  files?: Record<string, { bytes: Buffer; type: string; filename: string }>;
  /** `/v1/images/edits`: every picture (`image` or `image[]`), in the order sent. */
  images?: { bytes: Buffer; type: string; filename: string }[];
};

/** A PNG as OpenAI returns it in `b64_json`. */
export async function pngBase64(width: number, height: number): Promise<string> {
  return (await picturePng(width, height, '#285aa0')).toString('base64');
}

export const imagesAnswer = (b64: string): FakeAnswer => ({
  status: 200,
  body: { created: Math.floor(Date.now() / 1000), data: [{ b64_json: b64, revised_prompt: 'a revised prompt' }] },
});

/** OpenAI's documented error body: `{ error: { message, type, param, code } }`. */
export const errorAnswer = (
  status: number,
  code: string | null,
  message: string,
  headers?: Record<string, string>,
  param: string | null = null,
): FakeAnswer => ({
  status,
  headers,
  body: {
    error: {
      message,
      type: status === 429 ? 'requests' : status >= 500 ? 'server_error' : 'invalid_request_error',
      param,
      code,
    },
  },
});

/**
 * The image models OpenAI lists today (checked 2026-11-28; docs/decisions/017), and the shutdown
 * dates it announces (its deprecations page, `shutdown_date` in `GET /v1/models`). A model past its
 * date is no longer listed and a request naming it is a 404 `model_not_found`: DALL·E 2 and 3 went
 * on 2026-05-12, gpt-image-1 on 2026-10-23.
 */
export const openAiImageModels = [
  'gpt-image-2.6-flare',
  'gpt-image-2.6-sunburst',
  'gpt-image-2.5-flare',
  'gpt-image-2.5-sunburst',
  'gpt-image-2',
  'gpt-image-1.5',
  'gpt-image-1',
  'gpt-image-1-mini',
  'chatgpt-image-latest',
];
export const openAiShutdownDates: Record<string, string> = {
  'dall-e-2': '2026-05-12',
  'dall-e-3': '2026-05-12',
  'gpt-image-1': '2026-10-23',
  'gpt-image-1.5': '2026-12-01',
  'gpt-image-1-mini': '2026-12-01',
  'chatgpt-image-latest': '2026-12-01',
};
const otherModels = ['gpt-6.1-sol', 'gpt-5-mini', 'text-embedding-3-small', 'whisper-1'];

/** A `YYYY-MM-DD` date `days` from today (UTC): tests set shutdowns relative to the clock they run on. */
export const daysFromToday = (days: number): string =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** Past its shutdown date (a model shuts down at the start of that day, UTC). */
const isShutDown = (date: string | undefined): boolean =>
  date !== undefined && date <= new Date().toISOString().slice(0, 10);

/** Any prompt containing this word is refused as OpenAI's moderation refuses a flagged one. */
export const flaggedWord = 'forbidden-subject';

const gptImage1Sizes = ['1024x1024', '1536x1024', '1024x1536', 'auto'];
const qualities: Record<'gpt-image-1' | 'gpt-image', string[]> = {
  'gpt-image-1': ['low', 'medium', 'high', 'auto'],
  'gpt-image': ['low', 'medium', 'high', 'xhigh', 'max', 'auto'],
};

const quote = (values: string[]) => values.map((v) => `'${v}'`).join(', ');

/** What the real Images API refuses before drawing anything, for a model it serves. */
function refusal(body: Record<string, unknown>, models: string[]): FakeAnswer | undefined {
  const model = typeof body.model === 'string' ? body.model : '';
  if (!models.includes(model)) {
    return {
      ...errorAnswer(
        404,
        'model_not_found',
        `The model \`${model}\` does not exist or you do not have access to it.`,
        undefined,
        'model',
      ),
    };
  }
  const family = familyOf(model);
  if (family !== 'gpt-image-1' && family !== 'gpt-image') return undefined;
  if ('response_format' in body)
    return errorAnswer(400, 'unknown_parameter', "Unknown parameter: 'response_format'.", undefined, 'response_format');
  const size = String(body.size ?? 'auto');
  if (family === 'gpt-image-1' && !gptImage1Sizes.includes(size)) {
    return errorAnswer(
      400,
      'invalid_value',
      `Invalid value: '${size}'. Supported values are: ${quote(gptImage1Sizes)}.`,
      undefined,
      'size',
    );
  }
  if (family === 'gpt-image' && size !== 'auto') {
    const [width, height] = size.split('x').map(Number);
    if (!width || !height || !isFlexibleSizeAllowed({ width, height })) {
      return errorAnswer(
        400,
        'invalid_value',
        `Invalid size '${size}': both sides must be multiples of 16, at most 3840 px, at most 3:1, and 655360 to 8294400 pixels.`,
        undefined,
        'size',
      );
    }
  }
  const quality = String(body.quality ?? 'auto');
  if (!qualities[family].includes(quality)) {
    return errorAnswer(
      400,
      'invalid_value',
      `Invalid value: '${quality}'. Supported values are: ${quote(qualities[family])}.`,
      undefined,
      'quality',
    );
  }
  if (typeof body.prompt === 'string' && body.prompt.includes(flaggedWord)) {
    return errorAnswer(
      400,
      'moderation_blocked',
      'Your request was rejected by the safety system. If you believe this is an error, contact us.',
      undefined,
      null,
    );
  }
  return undefined;
}

function sendJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  response.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
}

/** OpenAI's list names each model's `shutdown_date` (null: none announced); compatible servers name none. */
const modelList = (ids: string[], shutdowns?: Record<string, string>) => ({
  object: 'list',
  data: ids.map((id) => ({
    id,
    object: 'model',
    created: 1_700_000_000,
    owned_by: 'system',
    ...(shutdowns ? { shutdown_date: shutdowns[id] ?? null } : {}),
  })),
});

/**
 * A local stand-in for OpenAI's Images API as it behaves today (docs/architecture.md §1: adapters
 * are tested against the provider's documented contract, never the internet): `GET /v1/models`, and
 * `POST /v1/images/generations`, which refuses what OpenAI refuses (a retired or unknown model,
 * `response_format` for GPT Image, a size or quality the model does not take, a flagged prompt) and
 * otherwise answers from the script, or, with no script, a picture of the size asked for.
 */
export async function startFakeOpenAi({
  models = openAiImageModels,
  shutdowns = openAiShutdownDates,
}: { models?: string[]; shutdowns?: Record<string, string> } = {}) {
  const listed = [...models];
  const streaming: StreamingBehaviour = {};
  const dates = { ...shutdowns };
  const served = () => listed.filter((id) => !isShutDown(dates[id]));
  const server = await startScriptedServer<FakeAnswer, RecordedRequest>(async (request, body, response, script) => {
    if (request.method === 'GET' && request.url === '/v1/models')
      return sendJson(response, 200, modelList([...served(), ...otherModels], dates));
    if (request.method === 'POST' && request.url === '/v1/images/edits')
      return edits(request.headers, body, response, script, served(), streaming);
    if (request.method !== 'POST' || request.url !== '/v1/images/generations') {
      return sendJson(response, 404, {
        error: { message: 'unknown route', type: 'invalid_request_error', param: null, code: null },
      });
    }
    const json = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
    script.record({
      method: request.method,
      url: request.url,
      authorization: request.headers.authorization,
      body: json,
    });
    const answer = refusal(json, served()) ?? streamRefusal(json) ?? script.next() ?? (await drawn(json));
    if (!(await delayAnswer(response, answer.delayMs))) return;
    if (answer.reset) return resetConnection(response);
    if (json.stream === true && answer.status === 200)
      return streamImage(response, 'image_generation', answer, Number(json.partial_images ?? 0), streaming);
    sendJson(response, answer.status, answer.body ?? {}, answer.headers);
  });
  return {
    ...server,
    baseUrl: `${server.origin}/v1`,
    /** What `GET /v1/models` lists from now on (an account without access to a model). */
    listModels(ids: string[]) {
      listed.splice(0, listed.length, ...ids);
    },
    /**
     * How the next streamed answers behave: `partialsSent` partial pictures at most (OpenAI may
     * send the final picture before all it was asked for), `pauseMs` between events, or a stream
     * that `endsEarly`, closed after its partial pictures without the final one.
     */
    streamWith(behaviour: StreamingBehaviour) {
      for (const key of Object.keys(streaming) as Array<keyof StreamingBehaviour>) delete streaming[key];
      Object.assign(streaming, behaviour);
    },
    /** Announces (a date) or withdraws (null) a model's shutdown; past the date it is gone. */
    shutDown(model: string, date: string | null) {
      if (date === null) delete dates[model];
      else dates[model] = date;
    },
  };
}

const maskLimitBytes = 4 * 1024 * 1024;
const invalid = (message: string, param: string) => errorAnswer(400, 'invalid_value', message, undefined, param);

/**
 * `POST /v1/images/edits` as OpenAI documents it today (SDK 7.59.0 `ImageEditParamsBase`): multipart;
 * `image` (png, webp or jpg); an optional `mask`, "a valid PNG file, less than 4MB, and have the same
 * dimensions as image", whose fully transparent pixels mark what may change (so it must have an
 * alpha channel); 400 `invalid_value` otherwise. The answer: the image negated at the size asked
 * for, in `b64_json`, with `usage`.
 */
async function edits(
  headers: NodeJS.Dict<string | string[]>,
  body: Buffer,
  response: ServerResponse,
  script: { next(): FakeAnswer | undefined; record(request: RecordedRequest): void },
  models: string[],
  streaming: StreamingBehaviour,
) {
  const form = await new Request('http://fake/v1/images/edits', {
    method: 'POST',
    headers: { 'content-type': String(headers['content-type'] ?? '') },
    body: body as Uint8Array<ArrayBuffer>,
  }).formData();
  const fields: Record<string, unknown> = {};
  const files: NonNullable<RecordedRequest['files']> = {};
  const images: NonNullable<RecordedRequest['images']> = [];
  for (const [name, value] of form.entries()) {
    if (typeof value === 'string') fields[name] = value;
    else {
      const file = { bytes: Buffer.from(await value.arrayBuffer()), type: value.type, filename: value.name };
      const role = name.replace(/\[\]$/, '');
      if (role === 'image') images.push(file);
      files[role] ??= file;
    }
  }
  script.record({
    method: 'POST',
    url: '/v1/images/edits',
    authorization: typeof headers.authorization === 'string' ? headers.authorization : undefined,
    body: fields,
    files,
    images,
  });
  const streamed = fields.stream === 'true';
  const send = async (answer: FakeAnswer) => {
    if (!(await delayAnswer(response, answer.delayMs))) return;
    if (answer.reset) return resetConnection(response);
    if (streamed && answer.status === 200)
      return streamImage(response, 'image_edit', answer, Number(fields.partial_images ?? 0), streaming);
    sendJson(response, answer.status, answer.body ?? {}, answer.headers);
  };
  const refused = refusal(fields, models) ?? streamRefusal({ ...fields, stream: streamed });
  if (refused) return send(refused);
  const image = files.image;
  if (!image) return send(invalid("Missing required parameter: 'image'.", 'image'));
  const tooMany = tooManyImages(images.length);
  if (tooMany) return send(tooMany);
  const picture = await sharp(image.bytes)
    .metadata()
    .catch(() => undefined);
  if (!picture) return send(invalid('Invalid image file or mode for image 1, please check your image file.', 'image'));
  const mask = files.mask;
  if (mask) {
    const meta = await sharp(mask.bytes)
      .metadata()
      .catch(() => undefined);
    if (!meta || meta.format !== 'png') return send(invalid('Invalid mask: must be a PNG file.', 'mask'));
    if (mask.bytes.length >= maskLimitBytes) return send(invalid('Invalid mask: must be less than 4MB.', 'mask'));
    if (!meta.hasAlpha) return send(invalid('Invalid mask: must have an alpha channel.', 'mask'));
    if (meta.width !== picture.width || meta.height !== picture.height)
      return send(invalid('Invalid mask image: mask size does not match image size.', 'mask'));
  }
  const scripted = script.next();
  if (scripted) return send(scripted);
  const [width, height] =
    String(fields.size ?? 'auto') === 'auto'
      ? [picture.width, picture.height]
      : String(fields.size).split('x').map(Number);
  const png = await sharp(image.bytes).negate({ alpha: false }).resize(width, height, { fit: 'fill' }).png().toBuffer();
  return send({
    status: 200,
    body: {
      created: Math.floor(Date.now() / 1000),
      data: [{ b64_json: png.toString('base64') }],
      usage: {
        input_tokens: 1200,
        output_tokens: 4000,
        total_tokens: 5200,
        input_tokens_details: { image_tokens: 1100, text_tokens: 100 },
      },
    },
  });
}

/** How the fake streams (see `streamWith`); empty: as OpenAI does when it has the time. */
export type StreamingBehaviour = { partialsSent?: number; pauseMs?: number; endsEarly?: boolean };

/** What OpenAI refuses of a streaming request: `partial_images` outside 0–3. */
function streamRefusal(body: Record<string, unknown>): FakeAnswer | undefined {
  if (body.partial_images === undefined) return undefined;
  const count = Number(body.partial_images);
  if (Number.isInteger(count) && count >= 0 && count <= 3) return undefined;
  return errorAnswer(
    400,
    'integer_above_max_value',
    `Invalid 'partial_images': integer above maximum value. Expected a value <= 3, but got ${String(body.partial_images)} instead.`,
    undefined,
    'partial_images',
  );
}

/**
 * A successful answer as OpenAI streams it (`stream: true`; SDK 7.59.0 `ImageGenStreamEvent`,
 * `ImageEditStreamEvent`): Server-Sent Events `<prefix>.partial_image` (`b64_json`,
 * `partial_image_index` from 0) for each partial picture asked for, then `<prefix>.completed`
 * (`b64_json`, `usage`), all base64 PNG at the size drawn. The partial pictures are the final one
 * coarsened, less each time.
 */
async function streamImage(
  response: ServerResponse,
  prefix: 'image_generation' | 'image_edit',
  answer: FakeAnswer,
  partialsAsked: number,
  { partialsSent, pauseMs = 0, endsEarly = false }: StreamingBehaviour,
) {
  const body = answer.body as { data?: Array<{ b64_json?: string }>; usage?: unknown } | undefined;
  const b64 = body?.data?.[0]?.b64_json ?? '';
  const final = Buffer.from(b64, 'base64');
  const { width = 1024, height = 1024 } = await sharp(final)
    .metadata()
    .catch(() => ({ width: 1024, height: 1024 }));
  const shared = {
    created_at: Math.floor(Date.now() / 1000),
    size: `${width}x${height}`,
    quality: 'medium',
    background: 'opaque',
    output_format: 'png',
  };
  const usage = body?.usage ?? {
    input_tokens: 50,
    output_tokens: 4160,
    total_tokens: 4210,
    input_tokens_details: { image_tokens: 0, text_tokens: 50 },
  };
  response.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' });
  const event = (type: string, data: unknown) => response.write(`event: ${type}\ndata: ${JSON.stringify(data)}\n\n`);
  const count = Math.min(partialsAsked, partialsSent ?? partialsAsked);
  for (let index = 0; index < count; index += 1) {
    // Coarse, then finer: drawn small and scaled back up (cheaper than a blur at full size).
    // A scripted final "picture" that is not one has no partial pictures to show.
    const step = 16 / 2 ** index;
    const partial = await sharp(final)
      .resize(Math.max(1, Math.round(width / step)), Math.max(1, Math.round(height / step)), { fit: 'fill' })
      .png()
      .toBuffer()
      .then((small) => sharp(small).resize(width, height, { fit: 'fill' }).png({ compressionLevel: 1 }).toBuffer())
      .catch(() => undefined);
    if (!partial) break;
    event(`${prefix}.partial_image`, {
      type: `${prefix}.partial_image`,
      b64_json: partial.toString('base64'),
      partial_image_index: index,
      ...shared,
    });
    if (pauseMs > 0) await new Promise((resolve) => setTimeout(resolve, pauseMs));
  }
  if (!endsEarly) event(`${prefix}.completed`, { type: `${prefix}.completed`, b64_json: b64, ...shared, usage });
  response.end();
}

/** GPT Image models take up to 16 pictures to edit (SDK 7.59.0 `ImageEditParamsBase.image`). */
export const maxOpenAiEditImages = 16;

/** More pictures than an edit takes: refused before anything is drawn, as OpenAI refuses it. */
function tooManyImages(count: number): FakeAnswer | undefined {
  if (count <= maxOpenAiEditImages) return undefined;
  return invalid(
    `Invalid 'image': too many images (${count}). You can provide up to ${maxOpenAiEditImages} images.`,
    'image',
  );
}

/** A picture of the size the request asked for (`auto`: a square). */
async function drawn(body: Record<string, unknown>): Promise<FakeAnswer> {
  const [width, height] =
    String(body.size ?? 'auto') === 'auto' ? [1024, 1024] : String(body.size).split('x').map(Number);
  return imagesAnswer(await pngBase64(width ?? 1024, height ?? 1024));
}

export type FakeOpenAi = Awaited<ReturnType<typeof startFakeOpenAi>>;

/**
 * An OpenAI-compatible image server (LocalAI, stable-diffusion.cpp's sd-server): it serves any
 * model name it lists, draws at its own size when it has one, and answers an image URL (LocalAI's
 * default), a `data:` URL, or `b64_json`. The URL is served by the same server.
 */
export async function startFakeCompatibleServer({
  models = ['stablediffusion'],
  answer = 'url',
  drawSize,
}: {
  models?: string[];
  answer?: 'url' | 'data-url' | 'b64_json';
  /** The size the server really draws, whatever it was asked (e.g. a model trained at 512×512). */
  drawSize?: { width: number; height: number };
} = {}) {
  const files = new Map<string, Buffer>();
  // Every GET it was asked (with the Host it was asked under), to see what a client fetched.
  const fetched: string[] = [];
  let origin = '';
  const server = await startScriptedServer<FakeAnswer, RecordedRequest>(async (request, body, response, script) => {
    if (request.method === 'GET') fetched.push(`${request.headers.host ?? ''}${request.url ?? ''}`);
    // `/redirect?to=<url>`: a 302 there, as a compromised server could answer an image link.
    if (request.method === 'GET' && request.url?.startsWith('/redirect?to=')) {
      return void response
        .writeHead(302, { location: decodeURIComponent(request.url.slice('/redirect?to='.length)) })
        .end();
    }
    const file = request.method === 'GET' ? files.get(request.url ?? '') : undefined;
    if (file)
      return void response
        .writeHead(200, { 'content-type': 'image/png', 'content-length': String(file.length) })
        .end(file);
    if (request.method === 'GET' && request.url === '/v1/models') return sendJson(response, 200, modelList(models));
    if (request.method !== 'POST' || request.url !== '/v1/images/generations')
      return sendJson(response, 404, { error: 'not found' });
    const json = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
    script.record({
      method: request.method,
      url: request.url,
      authorization: request.headers.authorization,
      body: json,
    });
    const scripted = script.next();
    if (scripted) {
      if (!(await delayAnswer(response, scripted.delayMs))) return;
      return sendJson(response, scripted.status, scripted.body ?? {}, scripted.headers);
    }
    const [askedWidth, askedHeight] = String(json.size ?? '512x512')
      .split('x')
      .map(Number);
    const png = await picturePng(
      drawSize?.width ?? askedWidth ?? 512,
      drawSize?.height ?? askedHeight ?? 512,
      '#285aa0',
    );
    const path = `/generated/${files.size + 1}.png`;
    files.set(path, png);
    const item =
      answer === 'url'
        ? { url: `${origin}${path}` }
        : answer === 'data-url'
          ? { url: `data:image/png;base64,${png.toString('base64')}` }
          : { b64_json: png.toString('base64') };
    sendJson(response, 200, { created: Math.floor(Date.now() / 1000), data: [item] });
  });
  origin = server.origin;
  return {
    ...server,
    fetched,
    baseUrl: `${server.origin}/v1`,
    /** Links its pictures under another origin that reaches it (e.g. `http://localhost:<port>`). */
    linkFrom(other: string) {
      origin = other;
    },
  };
}
