import multipart from '@fastify/multipart';
import {
  editFromOpenAi,
  generationFromOpenAi,
  openAiEditRequest,
  openAiImageRequest,
  type OpenAiErrorResponse,
  type OpenAiImagesResponse,
} from '@lumigen/contract/drop-in';
import { generateImageRequest } from '@lumigen/contract/generation-schemas';
import { messages } from '@lumigen/contract/messages';
import type { FastifyError, FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { errorAnswer } from '../../plugins/error-handler.ts';
import type { RequestLimit } from '../../lib/request-limit.ts';
import { ApiKeyRefused } from '../api-keys/index.ts';
import { previewsParam, type GenerationService } from '../generation/index.ts';
import { base64JsonStream } from '../images/index.ts';
import type { JobsService } from '../paid-work/index.ts';
import type { UploadGuard } from '../../lib/upload-guard.ts';
import { acceptEditCall, editUploadLimits, type EditFieldNames, type EditService } from '../tools/index.ts';

/** OpenAI's edit fields: `image` (the SDK sends several as `image[]`), and a mask transparent where it may change. */
const openAiEditFields: EditFieldNames = { images: ['image', 'image[]'], mask: ['mask'], maskChanges: 'transparent' };

const b64Field = '"b64_json":"';

/** A 400 about one parameter, named as OpenAI names it (`param`, and `unknown_parameter` or `invalid_value`). */
class InvalidParameter extends AppError {
  readonly param: string | null;
  readonly reason: string | null;
  constructor(message: string, param: string | null, reason: string | null) {
    super('bad_request', message);
    this.param = param;
    this.reason = reason;
  }
}

function invalidParameter(issue: z.core.$ZodIssue | undefined): InvalidParameter {
  if (!issue || (issue.path.length === 0 && issue.code === 'invalid_type'))
    return new InvalidParameter(messages.bodyNotObject, null, null);
  if (issue.code === 'unrecognized_keys') {
    const [key] = issue.keys;
    return new InvalidParameter(`Unknown parameter: '${key}'.`, key ?? null, 'unknown_parameter');
  }
  const param = issue.path.map(String).join('.') || null;
  return new InvalidParameter(
    issue.message,
    param,
    issue.code === 'invalid_type' && issue.input === undefined ? 'missing_required_parameter' : 'invalid_value',
  );
}

/** OpenAI's error type and code for each status we answer. */
function openAiKind(status: number, error: unknown): { type: string; code: string | null } {
  if (error instanceof InvalidParameter) return { type: 'invalid_request_error', code: error.reason };
  if (status === 401) return { type: 'invalid_request_error', code: 'invalid_api_key' };
  if (status === 402) return { type: 'insufficient_quota', code: 'insufficient_quota' };
  if (status === 403)
    return { type: 'invalid_request_error', code: error instanceof ApiKeyRefused ? 'insufficient_permissions' : null };
  if (status === 429) return { type: 'requests', code: 'rate_limit_exceeded' };
  if (status >= 500)
    return {
      type: 'server_error',
      code: error instanceof AppError && typeof error.extra.code === 'string' ? error.extra.code : null,
    };
  return { type: 'invalid_request_error', code: null };
}

/**
 * `POST /v1/images/generations` in the shape of OpenAI's Images API (decision 027): code written
 * for OpenAI generates here by changing its base URL and key (`Authorization: Bearer lk_…`, the
 * `generate` scope). The generation is a job charged to the key's owner like any other, and this
 * call waits for it, as `/api/image/generate-image` does. Failures answer OpenAI's error body.
 */
export async function openAiImagesRoutes(
  app: FastifyInstance,
  {
    generation,
    edit,
    jobs,
    paidLimit,
    uploadsDir,
    uploadGuard,
  }: {
    generation: GenerationService;
    edit: EditService;
    jobs: JobsService;
    paidLimit: RequestLimit;
    uploadsDir: string;
    uploadGuard: UploadGuard;
  },
) {
  // For `/v1/images/edits` only (generations is JSON): an edit's limits.
  await app.register(multipart, { limits: editUploadLimits, throwFileSizeLimit: false });
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const { status, headers, message } = errorAnswer(error, request, reply);
    const body: OpenAiErrorResponse = {
      error: { message, ...openAiKind(status, error), param: error instanceof InvalidParameter ? error.param : null },
    };
    return reply.code(status).headers(headers).send(body);
  });

  app.post(
    '/v1/images/generations',
    { onRequest: app.requireApiKey('generate'), preHandler: paidLimit },
    async (request, reply) => {
      const key = request.apiKey!;
      const asked = openAiImageRequest.safeParse(request.body);
      if (!asked.success) throw invalidParameter(asked.error.issues[0]);
      const ours = generateImageRequest.safeParse(generationFromOpenAi(asked.data));
      // The prompt's own rules (empty, too long for the size); `model` and `size` are ours to pick.
      if (!ours.success) throw invalidParameter(ours.error.issues[0]);
      generation.assertAvailable();
      const accepted = await jobs.submit(key.userId, 'generation', { ...ours.data, [previewsParam]: false }, {}, key);
      const { png } = await jobs.outcome(key.userId, accepted);
      reply.type('application/json; charset=utf-8');
      return reply.send(imagesAnswer(png));
    },
  );

  /**
   * `POST /v1/images/edits`: the official client's `images.edit` against us. Its fields are read
   * as OpenAI names them, judged by OpenAI's rules of shape and then ours (the edit's fields, the
   * pictures, the mask), and the edit is a job of kind `edit` on the key's account, waited for.
   */
  app.post(
    '/v1/images/edits',
    { onRequest: app.requireApiKey('generate'), preHandler: paidLimit },
    async (request, reply) => {
      const key = request.apiKey!;
      const accepted = await acceptEditCall(
        request,
        {
          ...openAiEditFields,
          fields: (sent) => {
            const asked = openAiEditRequest.safeParse(sent);
            if (!asked.success) throw invalidParameter(asked.error.issues[0]);
            return editFromOpenAi(asked.data);
          },
        },
        { edit, jobs, uploadsDir, uploadGuard },
        { userId: key.userId, apiKey: key, waits: true },
      );
      const { png } = await jobs.outcome(key.userId, accepted);
      reply.type('application/json; charset=utf-8');
      return reply.send(imagesAnswer(png));
    },
  );
}

/** The answer's JSON with an empty `b64_json`, which the PNG's base64 fills as it is sent. */
function imagesAnswer(png: Parameters<typeof base64JsonStream>[1]) {
  const shape: OpenAiImagesResponse = { created: Math.floor(Date.now() / 1000), data: [{ b64_json: '' }] };
  const json = JSON.stringify(shape);
  const at = json.indexOf(b64Field) + b64Field.length;
  return base64JsonStream(json.slice(0, at), png, json.slice(at));
}
