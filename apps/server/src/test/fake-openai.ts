import { once } from 'node:events';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

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
 * A local stand-in for `POST /v1/images/generations` (DESIGN.md §1: adapters are tested against
 * the provider's documented contract, never the internet). Answers are taken from `script` in
 * order; the last one repeats.
 */
export async function startFakeOpenAi() {
  const requests: RecordedRequest[] = [];
  let script: FakeAnswer[] = [];
  const readBody = async (request: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  };
  const server = createServer(async (request, response) => {
    const raw = await readBody(request);
    if (request.method !== 'POST' || request.url !== '/v1/images/generations') {
      response.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'unknown route', type: 'invalid_request_error', param: null, code: null } }));
      return;
    }
    requests.push({ method: request.method, url: request.url, authorization: request.headers.authorization, body: JSON.parse(raw) as Record<string, unknown> });
    const answer = (script.length > 1 ? script.shift() : script[0]) ?? { status: 500 };
    if (answer.delayMs) await new Promise((resolve) => setTimeout(resolve, answer.delayMs));
    if (response.destroyed) return;
    response.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers }).end(JSON.stringify(answer.body ?? {}));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    /** Sets the answers for the next requests and forgets earlier requests. */
    answer(...answers: FakeAnswer[]) {
      script = answers;
      requests.length = 0;
    },
    async close() {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}
