import OpenAI from 'openai';
import { ToolProviderError } from './provider.ts';

/** OpenAI's errors as our failures: a refused input or content stays with the user, the rest may fail over. */
export function failureOf(error: unknown, timeoutMs: number): ToolProviderError {
  if (error instanceof ToolProviderError) return error;
  if (error instanceof OpenAI.APIConnectionTimeoutError)
    return new ToolProviderError('timeout', `OpenAI did not answer within ${timeoutMs} ms`, { cause: error });
  if (
    error instanceof OpenAI.APIUserAbortError ||
    ['AbortError', 'TimeoutError'].includes((error as { name?: string }).name ?? '')
  ) {
    return new ToolProviderError('timeout', `OpenAI did not answer within ${timeoutMs} ms`, { cause: error });
  }
  if (error instanceof OpenAI.APIConnectionError)
    return new ToolProviderError('failed', 'OpenAI could not be reached', { cause: error });
  if (!(error instanceof OpenAI.APIError) || error.status === undefined)
    return new ToolProviderError('failed', 'OpenAI image edit failed', { cause: error });
  const { status, code } = error;
  const options = { status, cause: error };
  if (code === 'moderation_blocked' || code === 'content_policy_violation') {
    return new ToolProviderError('rejected_input', `OpenAI's safety system refused the edit (${status})`, {
      ...options,
      reason: "the image service's content moderation refused this picture or its description",
    });
  }
  if (code === 'insufficient_quota')
    return new ToolProviderError(
      'unavailable',
      'OpenAI: the account has no quota left (429 insufficient_quota)',
      options,
    );
  if (status === 400 || status === 413 || status === 422)
    return new ToolProviderError('rejected_input', `OpenAI refused the input (${status})`, {
      ...options,
      reason: error.message.slice(0, 200),
    });
  if (status === 401 || status === 403)
    return new ToolProviderError(
      'unavailable',
      `OpenAI refused the API key (${status}): check OPENAI_API_KEY`,
      options,
    );
  if (status === 404)
    return new ToolProviderError(
      'unavailable',
      `OpenAI does not serve image edits with this model (404): check OPENAI_IMAGE_MODEL and OPENAI_BASE_URL`,
      options,
    );
  if (status === 429) return new ToolProviderError('rate_limited', 'OpenAI asks us to slow down (429)', options);
  return new ToolProviderError('failed', `OpenAI failed (${status})`, options);
}
