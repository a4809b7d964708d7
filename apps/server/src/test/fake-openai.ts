import sharp from 'sharp';
import { delayAnswer, startScriptedServer } from './scripted-server.ts';

/** One scripted answer of the fake Images API. */
export type FakeAnswer = {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** Waits this long before answering (a slow provider). */
  delayMs?: number;
};

export type RecordedRequest = { method: string; url: string; authorization: string | undefined; body: Record<string, unknown> };

/** A PNG as OpenAI returns it in `b64_json`. */
export async function pngBase64(width: number, height: number): Promise<string> {
  const png = await sharp({ create: { width, height, channels: 3, background: { r: 40, g: 90, b: 160 } } }).png().toBuffer();
  return png.toString('base64');
}

export const imagesAnswer = (b64: string): FakeAnswer => ({
  status: 200,
  body: { created: Math.floor(Date.now() / 1000), data: [{ b64_json: b64, revised_prompt: 'a revised prompt' }] },
});

/** OpenAI's documented error body: `{ error: { message, type, param, code } }`. */
export const errorAnswer = (status: number, code: string | null, message: string, headers?: Record<string, string>): FakeAnswer => ({
  status,
  headers,
  body: { error: { message, type: status === 429 ? 'requests' : status >= 500 ? 'server_error' : 'invalid_request_error', param: null, code } },
});

/**
 * A local stand-in for `POST /v1/images/generations` (docs/architecture.md §1: adapters are tested against
 * the provider's documented contract, never the internet). Answers are taken from the script in
 * order; the last one repeats.
 */
export async function startFakeOpenAi() {
  const server = await startScriptedServer<FakeAnswer, RecordedRequest>(async (request, body, response, script) => {
    if (request.method !== 'POST' || request.url !== '/v1/images/generations') {
      response.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'unknown route', type: 'invalid_request_error', param: null, code: null } }));
      return;
    }
    script.record({ method: request.method, url: request.url, authorization: request.headers.authorization, body: JSON.parse(body.toString('utf8')) as Record<string, unknown> });
    const answer = script.next() ?? { status: 500 };
    if (!(await delayAnswer(response, answer.delayMs))) return;
    response.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers }).end(JSON.stringify(answer.body ?? {}));
  });
  return { ...server, baseUrl: `${server.origin}/v1` };
}
