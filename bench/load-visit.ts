import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { catRequest, parseEvents } from '../apps/server/src/test/job-calls.ts';
import type { Tally } from './load-tally.ts';

export type VirtualUser = { index: number; email: string; password: string };

type Visit = {
  account: VirtualUser;
  /** The web instances; each request goes to the next, as a round-robin load balancer sends them. */
  origins: string[];
  tally: Tally;
  /** No new job is submitted after this (epoch ms); accepted ones are still seen through. */
  until: number;
  upload: { payload: Buffer; contentType: string };
};

type Answer = { status: number; bytes: Buffer; json(): any };

type Init = { method?: string; headers?: Record<string, string>; body?: string | Buffer };

// The clients are the bench's, not the product's: like autocannon's or wrk's, they should cost the
// machine as little as they can, or their own event loop becomes part of what is measured. With
// fetch the clients took 0.4–0.5 s of CPU in the first second and stalled for up to half a second
// (decision 036). node:http on keep-alive sockets, one per call in flight as a browser holds them.
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });

function send(url: string, init: Init): Promise<{ status: number; bytes: Buffer; retryAfter: string | undefined }> {
  return new Promise((resolve, reject) => {
    const body = init.body === undefined ? undefined : Buffer.isBuffer(init.body) ? init.body : Buffer.from(init.body);
    const request = http.request(
      url,
      {
        method: init.method ?? 'GET',
        agent,
        timeout: 300_000,
        headers: { ...init.headers, ...(body ? { 'content-length': String(body.length) } : {}) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            bytes: Buffer.concat(chunks),
            retryAfter: response.headers['retry-after'] as string | undefined,
          }),
        );
      },
    );
    request.on('timeout', () =>
      request.destroy(Object.assign(new Error('no answer within 300 s'), { code: 'TIMEOUT' })),
    );
    request.on('error', reject);
    request.end(body);
  });
}

let turn = 0;
const nextOrigin = (origins: string[]) => origins[turn++ % origins.length]!;

/**
 * One HTTP call, timed to the last byte of its answer under `route`. Answers `expected` or
 * undefined: a 429 is counted apart (and waited out), anything else is a failure.
 */
async function call(
  v: Visit,
  route: string,
  url: string,
  expected: number,
  init: Init = {},
): Promise<Answer | undefined> {
  const started = performance.now();
  let answer: Awaited<ReturnType<typeof send>>;
  try {
    answer = await send(`${nextOrigin(v.origins)}${url}`, init);
  } catch (error) {
    const code = (error as { code?: string }).code;
    v.tally.failed(
      route,
      code ?? (error instanceof Error ? error.name : 'error'),
      error instanceof Error ? error.message : String(error),
    );
    return undefined;
  }
  const { status, bytes, retryAfter } = answer;
  v.tally.took(route, performance.now() - started, started);
  if (status === expected) return { status, bytes, json: () => JSON.parse(bytes.toString('utf8')) };
  if (status === 429) {
    v.tally.limited(route);
    await sleep(Math.min(5, Number(retryAfter) || 1) * 1000);
  } else {
    v.tally.failed(route, String(status), bytes.toString('utf8'));
  }
  return undefined;
}

const json = (token: string, body: unknown): Init => ({
  method: 'POST',
  headers: { token, 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

/** Follows a job's events to its end (on whichever instance), then downloads its image. */
async function seeThrough(v: Visit, token: string, kind: string, jobId: string): Promise<boolean> {
  const events = await call(v, `GET /api/jobs/:id/events (${kind}, to its end)`, `/api/jobs/${jobId}/events`, 200, {
    headers: { token },
  });
  if (!events) return false;
  const last = parseEvents(events.bytes.toString('utf8')).at(-1);
  if (last?.event !== 'succeeded') {
    v.tally.failed(`${kind} job`, last?.event ?? 'no end', JSON.stringify(last?.data ?? {}));
    return false;
  }
  return (
    (await call(v, 'GET /api/images/:id', `/api/images/${String(last.data.imageId)}`, 200, { headers: { token } })) !==
    undefined
  );
}

/**
 * A user's visit: sign in, look at the balance, generate a 256×256 picture with the local
 * generator, download it, upscale a small picture, download that, look at the balance again.
 * True when it went through whole.
 */
export async function visit(v: Visit): Promise<boolean> {
  const { email, password, index } = v.account;
  const login = await call(v, 'POST /api/user/login', '/api/user/login', 200, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!login) return false;
  const token = login.json().token as string;
  if (
    !(await call(v, 'POST /api/image/get-credit', '/api/image/get-credit', 200, { method: 'POST', headers: { token } }))
  )
    return false;

  if (Date.now() >= v.until) return false;
  const generation = await call(
    v,
    'POST /api/jobs/generate',
    '/api/jobs/generate',
    202,
    json(token, { ...catRequest, prompt: `a harbour at dawn, user ${index}, ${Date.now()}` }),
  );
  if (!generation || !(await seeThrough(v, token, 'generation', generation.json().jobId))) return false;

  if (Date.now() >= v.until) return false;
  const upscale = await call(v, 'POST /api/jobs/tools/upscale', '/api/jobs/tools/upscale', 202, {
    method: 'POST',
    headers: { token, 'content-type': v.upload.contentType },
    body: v.upload.payload,
  });
  if (!upscale || !(await seeThrough(v, token, 'upscale', upscale.json().jobId))) return false;

  return (
    (await call(v, 'POST /api/image/get-credit', '/api/image/get-credit', 200, {
      method: 'POST',
      headers: { token },
    })) !== undefined
  );
}
