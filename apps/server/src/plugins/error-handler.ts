import { messages } from '@lumigen/contract/messages';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, type ZodFastifySchemaValidationError } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error.ts';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import { StorageUnavailableError } from '../lib/storage-unavailable.ts';

/** The first problem, in words that name the field (the schemas' messages already do). */
function describeValidation(issues: ZodFastifySchemaValidationError[]): string {
  const first = issues[0];
  if (!first) return messages.bodyNotObject;
  if (first.keyword === 'unrecognized_keys') {
    const keys = (first.params as { keys?: string[] }).keys ?? [];
    return `Unknown field${keys.length > 1 ? 's' : ''}: ${keys.join(', ')}`;
  }
  if (first.instancePath === '/' && first.keyword === 'invalid_type') return messages.bodyNotObject;
  return first.message ?? messages.bodyNotObject;
}

// Fastify's own client errors, answered in our words; anything else 4xx keeps its status.
const fastifyClientErrors: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: messages.malformedJson },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: messages.bodyNotObject },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: messages.bodyTooLarge },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: messages.unsupportedMediaType },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: 'Invalid Content-Length' },
};

/** A failure as we answer it: the status, the headers, the message and the extra fields. */
export type ErrorAnswer = {
  status: number;
  headers: Record<string, string>;
  message: string;
  extra: Record<string, unknown>;
};

/**
 * Any error as we answer it, logging what is ours to fix. 5xx answers carry the request id and
 * nothing internal; the details go to the log. The drop-in endpoints (decision 027) reshape this
 * into their services' error bodies, so every route tells the same story.
 */
export function errorAnswer(error: FastifyError, request: FastifyRequest, reply: FastifyReply): ErrorAnswer {
  const answer = (
    status: number,
    message: string,
    headers: Record<string, string> = {},
    extra: Record<string, unknown> = {},
  ): ErrorAnswer => ({ status, headers, message, extra });
  if (error instanceof AppError) {
    if (error.statusCode >= 500) request.log.error({ err: error }, 'request failed');
    return answer(error.statusCode, error.message, error.headers, error.extra);
  }
  if (hasZodFastifySchemaValidationErrors(error)) return answer(400, describeValidation(error.validation));
  const known = error.code ? fastifyClientErrors[error.code] : undefined;
  if (known) return answer(known.status, known.message);
  if (error instanceof SyntaxError && error.statusCode === 400) return answer(400, messages.malformedJson);
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500)
    return answer(error.statusCode, error.message);
  if (error.code === 'ERR_STREAM_PREMATURE_CLOSE' && (reply.raw.destroyed || request.raw.destroyed)) {
    // The client hung up before its streamed answer (an edited image) went out: nothing broke.
    request.log.info('client closed the connection before the answer was sent');
    return answer(500, messages.internal(request.id));
  }
  // Our own database or storage is down: say so (503), not "something went wrong" (500).
  if (error instanceof StorageUnavailableError) {
    request.log.error({ err: error }, 'image storage unavailable');
    return answer(503, messages.storageUnavailable, { 'retry-after': '5' });
  }
  if (isDatabaseUnavailable(error)) {
    request.log.error({ err: error }, 'database unavailable');
    return answer(503, messages.databaseUnavailable, { 'retry-after': '5' });
  }
  request.log.error({ err: error }, 'unhandled error');
  return answer(500, messages.internal(request.id));
}

/** One shape for every failure: `{ success: false, message }` with the right status. */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const { status, headers, message, extra } = errorAnswer(error, request, reply);
    return reply
      .code(status)
      .headers(headers)
      .send({ success: false, message, ...extra });
  });
});
