import sharp from 'sharp';
import { delayAnswer, resetConnection, startScriptedServer } from './scripted-server.ts';

/** One scripted answer of the fake Stability API. */
export type StabilityAnswer =
  /** 200: the image, edited (negated) and at the size the endpoint makes (`size`, else the input's). */
  | { image: 'png'; size?: { width: number; height: number }; delayMs?: number }
  /** An error as Stability words it: `{ id, name, errors: [...] }`. */
  | { status: number; name: string; errors: string[]; headers?: Record<string, string> }
  | { reset: true };

export type StabilityFile = { bytes: Buffer; type: string; filename: string };
export type StabilityRequest = {
  method: string;
  path: string;
  authorization: string | undefined;
  accept: string | undefined;
  fields: Record<string, string>;
  files: Record<string, StabilityFile>;
};

const editPaths = new Set([
  '/v2beta/stable-image/edit/remove-background',
  '/v2beta/stable-image/edit/erase',
  '/v2beta/stable-image/edit/inpaint',
  '/v2beta/stable-image/edit/outpaint',
  '/v2beta/stable-image/edit/replace-background-and-relight',
  '/v2beta/stable-image/upscale/fast',
  '/v2beta/stable-image/upscale/conservative',
  '/v2beta/stable-image/generate/ultra',
]);
const asynchronous = new Set(['/v2beta/stable-image/edit/replace-background-and-relight']);
/** The file field each endpoint requires (Stability's reference). */
const imageFieldOf = (path: string) => (asynchronous.has(path) ? 'subject_image' : 'image');

/** What the endpoint makes of an input of this size when the script names none. */
function madeSize(path: string, fields: Record<string, string>, width: number, height: number) {
  if (path.endsWith('/outpaint'))
    return {
      width: width + Number(fields.left ?? 0) + Number(fields.right ?? 0),
      height: height + Number(fields.up ?? 0) + Number(fields.down ?? 0),
    };
  if (path.endsWith('/upscale/fast')) return { width: width * 4, height: height * 4 };
  // Conservative answers about 4 megapixels; ultra its own aspect-ratio sizes: neither keeps the input's size.
  if (path.endsWith('/upscale/conservative'))
    return {
      width: Math.round(width * Math.sqrt(4_000_000 / (width * height))),
      height: Math.round(height * Math.sqrt(4_000_000 / (width * height))),
    };
  if (path.endsWith('/generate/ultra')) return { width: 1024, height: 1024 };
  return { width, height };
}

/**
 * A local stand-in for Stability AI's v2beta REST API as its reference describes it today (decision
 * 050): multipart POSTs with `Authorization: Bearer` (401 without), `Accept: image/*` for bytes (or
 * `application/json` for an asynchronous job's `{ id }`), errors as `{ id, name, errors }`, and
 * replace-background-and-relight asynchronous: `GET /v2beta/results/{id}` answers 202 `pending` times,
 * then the image. It records every request and answers POSTs from the script in order.
 */
export async function startFakeStability({ pending = 1 }: { pending?: number } = {}) {
  const results = new Map<string, { bytes: Buffer; polls: number }>();
  const server = await startScriptedServer<StabilityAnswer, StabilityRequest>(
    async (request, body, response, script) => {
      const path = (request.url ?? '').split('?')[0]!;
      const json = (status: number, answer: unknown, headers: Record<string, string> = {}) =>
        response.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(answer));
      const authorization = request.headers.authorization;
      const accept = request.headers.accept;
      if (!authorization?.startsWith('Bearer '))
        return json(401, { id: 'e-auth', name: 'unauthorized', errors: ['authorization: missing or invalid'] });

      const result = request.method === 'GET' && /^\/v2beta\/results\/([\w-]+)$/.exec(path);
      if (result) {
        script.record({ method: 'GET', path, authorization, accept, fields: {}, files: {} });
        const job = results.get(result[1]!);
        if (!job) return json(404, { id: 'e-404', name: 'not_found', errors: ['no such generation'] });
        if (job.polls < pending) {
          job.polls += 1;
          return json(202, { id: result[1], status: 'in-progress' });
        }
        return response.writeHead(200, { 'content-type': 'image/png', 'finish-reason': 'SUCCESS' }).end(job.bytes);
      }
      if (request.method !== 'POST' || !editPaths.has(path))
        return json(404, { id: 'e-404', name: 'not_found', errors: [`${path} not found`] });

      const form = await new Request(`http://fake${path}`, {
        method: 'POST',
        headers: { 'content-type': request.headers['content-type'] ?? '' },
        body: body as Uint8Array<ArrayBuffer>,
      }).formData();
      const recorded: StabilityRequest = { method: 'POST', path, authorization, accept, fields: {}, files: {} };
      for (const [name, value] of form.entries()) {
        if (typeof value === 'string') recorded.fields[name] = value;
        else
          recorded.files[name] = {
            bytes: Buffer.from(await value.arrayBuffer()),
            type: value.type,
            filename: value.name,
          };
      }
      script.record(recorded);

      const answer = script.next() ?? { image: 'png' };
      if ('reset' in answer) return resetConnection(response);
      if ('status' in answer)
        return json(
          answer.status,
          { id: `e-${answer.status}`, name: answer.name, errors: answer.errors },
          answer.headers,
        );
      if (!(await delayAnswer(response, answer.delayMs))) return;
      const image = recorded.files[imageFieldOf(path)];
      if (!image) return json(400, { id: 'e-400', name: 'bad_request', errors: [`${imageFieldOf(path)}: required`] });
      if (path.endsWith('/inpaint') && !recorded.fields.prompt)
        return json(400, { id: 'e-400', name: 'bad_request', errors: ['prompt: required'] });
      if (path.endsWith('/erase') && !recorded.files.mask)
        return json(400, { id: 'e-400', name: 'bad_request', errors: ['mask: required'] });
      if (path.endsWith('/upscale/conservative') && !recorded.fields.prompt)
        return json(400, { id: 'e-400', name: 'bad_request', errors: ['prompt: required'] });
      const { width = 0, height = 0 } = await sharp(image.bytes).metadata();
      const size = answer.size ?? madeSize(path, recorded.fields, width, height);
      const bytes = await sharp(image.bytes)
        .negate({ alpha: false })
        .resize(size.width, size.height, { fit: 'fill' })
        .png()
        .toBuffer();
      if (asynchronous.has(path)) {
        const id = `job${results.size + 1}`;
        results.set(id, { bytes, polls: 0 });
        return json(200, { id });
      }
      if (!accept?.startsWith('image/'))
        return json(200, { image: bytes.toString('base64'), finish_reason: 'SUCCESS', seed: 1 });
      return response.writeHead(200, { 'content-type': 'image/png', 'finish-reason': 'SUCCESS', seed: '1' }).end(bytes);
    },
    [{ image: 'png' }],
  );
  return { ...server, baseUrl: server.origin, posts: () => server.requests.filter((r) => r.method === 'POST') };
}

export type FakeStability = Awaited<ReturnType<typeof startFakeStability>>;
