import { clipdropPaths, type ToolId } from '@lumigen/contract/tools';
import sharp from 'sharp';
import { fakeEdit } from './fake-tool-provider.ts';
import { delayAnswer, resetConnection, startScriptedServer } from './scripted-server.ts';

/** One scripted answer of the fake Clipdrop API. */
export type ClipdropAnswer =
  /** 200 with the edited image in this format (the fake's edit: negated, at the tool's result size). */
  | { image: 'png' | 'jpeg' | 'webp'; delayMs?: number }
  /** Clipdrop's documented errors: a status and `{ "error": "…" }`. */
  | { status: number; error?: string; headers?: Record<string, string>; delayMs?: number }
  /** Anything else, byte for byte. */
  | { status: number; raw: Buffer; contentType: string }
  /** No answer: the connection is reset once the request has arrived. */
  | { reset: true };

export type ClipdropFile = { bytes: Buffer; type: string; filename: string };
export type ClipdropRequest = {
  path: string;
  apiKey: string | undefined;
  fields: Record<string, string>;
  files: Record<string, ClipdropFile>;
};

const toolByPath = new Map(Object.entries(clipdropPaths).map(([tool, path]) => [path, tool as ToolId]));

/**
 * A local stand-in for the eight Clipdrop endpoints of docs/product.md §7: multipart in, image bytes or
 * `{ error }` JSON out, 401 without `x-api-key`, 404 elsewhere. It records every request (fields
 * and files parsed back from the multipart body) and answers from the script in order, the last
 * answer repeating; by default a PNG.
 */
export async function startFakeClipdrop() {
  const server = await startScriptedServer<ClipdropAnswer, ClipdropRequest>(
    async (request, body, response, script) => {
      const path = request.url ?? '';
      const tool = toolByPath.get(path);
      const json = (status: number, answer: unknown, headers: Record<string, string> = {}) =>
        response.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(answer));
      if (request.method !== 'POST' || !tool) return json(404, { error: 'Not found' });
      const apiKey = typeof request.headers['x-api-key'] === 'string' ? request.headers['x-api-key'] : undefined;
      if (!apiKey) return json(401, { error: 'Missing API key' });

      const form = await new Request(`http://fake${path}`, {
        method: 'POST',
        headers: { 'content-type': request.headers['content-type'] ?? '' },
        body: body as Uint8Array<ArrayBuffer>,
      }).formData();
      const recorded: ClipdropRequest = { path, apiKey, fields: {}, files: {} };
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
      if (!(await delayAnswer(response, 'delayMs' in answer ? answer.delayMs : undefined))) return;
      if ('raw' in answer)
        return response.writeHead(answer.status, { 'content-type': answer.contentType }).end(answer.raw);
      if ('status' in answer)
        return json(answer.status, answer.error === undefined ? {} : { error: answer.error }, answer.headers);
      const image = recorded.files.image_file;
      if (!image) return json(400, { error: 'image_file is required' });
      const edited = await fakeEdit(tool, image.bytes, recorded.fields);
      const bytes = answer.image === 'png' ? edited.png : await sharp(edited.png)[answer.image]().toBuffer();
      return response
        .writeHead(200, {
          'content-type': `image/${answer.image}`,
          'x-remaining-credits': '99',
          'x-credits-consumed': '1',
        })
        .end(bytes);
    },
    [{ image: 'png' }],
  );
  return { ...server, baseUrl: server.origin };
}

export type FakeClipdrop = Awaited<ReturnType<typeof startFakeClipdrop>>;
