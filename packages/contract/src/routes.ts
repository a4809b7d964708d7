import type { z } from 'zod';
import {
  accountActionResponse,
  authResponse,
  logoutResponse,
  resetRequestResponse,
  sessionsResponse,
  updateProfileResponse,
  verifyEmailResponse,
  verifyResendResponse,
} from './account-schemas.ts';
import { apiKeysResponse, createApiKeyResponse, revokeApiKeyResponse } from './api-key-schemas.ts';
import { batchAcceptedResponse, batchResponse } from './batch-schemas.ts';
import { creditResponse, getCreditResponse, ledgerResponse } from './credit-schemas.ts';
import { clipdropErrorResponse, openAiErrorResponse, openAiImagesResponse } from './drop-in.ts';
import { errorResponse } from './errors.ts';
import { generateImageResponse, providersResponse } from './generation-schemas.ts';
import { healthResponse } from './health.ts';
import { deleteImageResponse, imagesListResponse } from './images.ts';
import { cancelJobResponse, jobAcceptedResponse, jobResponse, jobsListResponse } from './job-schemas.ts';
import { marketingResponse } from './marketing.ts';
import {
  addCreditResponse,
  createPaymentIntentResponse,
  localConfirmResponse,
  paymentsConfigResponse,
  paymentsListResponse,
  webhookResponse,
} from './payments.ts';
import { openApiDocumentResponse } from './route-docs.ts';
import { deleteSavedPromptResponse, savedPromptResponse, savedPromptsResponse } from './prompt-schemas.ts';
import { deleteRecipeResponse, recipeResponse, recipesListResponse } from './recipe-schemas.ts';
import { toolResponse } from './tool-schemas.ts';
import { adminRoutes, type AdminRoute } from './admin.ts';

/**
 * What a route answers with a given status: a JSON body of that schema, or bytes of a media
 * type (an image) that no schema describes.
 */
export type Answer = { json: z.ZodType } | { bytes: string };

/**
 * Every API route by `METHOD /path` (`:name` is one path segment), with the answer of each
 * status it succeeds with. Any 4xx or 5xx a route does not list answers `errorResponse`.
 * The route tests parse every answer against this table, so a route added without an entry,
 * or an answer that drifts from its schema, fails there rather than in a client.
 */
export const apiRoutes = {
  'POST /api/user/register': { 201: { json: authResponse } },
  'POST /api/user/login': { 200: { json: authResponse } },
  'POST /api/user/logout': { 200: { json: logoutResponse } },
  'POST /api/user/reset-request': { 200: { json: resetRequestResponse } },
  'POST /api/user/reset': { 200: { json: authResponse } },
  'POST /api/user/verify': { 200: { json: verifyEmailResponse } },
  'POST /api/user/verify-resend': { 200: { json: verifyResendResponse } },
  'POST /api/user/update': { 200: { json: updateProfileResponse } },
  'POST /api/user/change-password': { 200: { json: accountActionResponse } },
  'GET /api/user/sessions': { 200: { json: sessionsResponse } },
  'POST /api/user/sessions/:id/revoke': { 200: { json: accountActionResponse } },
  'POST /api/user/logout-others': { 200: { json: accountActionResponse } },
  'POST /api/user/change-email': { 200: { json: accountActionResponse } },
  'GET /api/user/export': { 200: { bytes: 'application/zip' } },
  'POST /api/user/delete': { 200: { json: accountActionResponse } },
  'GET /api/credits/ledger': { 200: { json: ledgerResponse } },
  'POST /api/image/get-credit': { 200: { json: getCreditResponse } },
  'POST /api/image/deduct-credit': { 200: { json: creditResponse } },
  'POST /api/image/generate-image': { 200: { json: generateImageResponse } },
  'GET /api/image/providers': { 200: { json: providersResponse } },
  'POST /api/image/tools/:tool': { 200: { json: toolResponse } },
  'POST /api/jobs/generate': { 202: { json: jobAcceptedResponse } },
  'POST /api/jobs/tools/:tool': { 202: { json: jobAcceptedResponse } },
  'GET /api/jobs': { 200: { json: jobsListResponse } },
  'GET /api/jobs/:id': { 200: { json: jobResponse } },
  // Server-Sent Events; each event's data is described by jobEvents (job-schemas.ts).
  'GET /api/jobs/:id/events': { 200: { bytes: 'text/event-stream' } },
  'POST /api/jobs/:id/cancel': { 200: { json: cancelJobResponse } },
  'POST /api/batches': { 202: { json: batchAcceptedResponse } },
  'GET /api/batches/:id': { 200: { json: batchResponse } },
  'POST /api/batches/:id/cancel': { 200: { json: batchResponse } },
  // The succeeded pictures' results, streamed as they are read.
  'GET /api/batches/:id/zip': { 200: { bytes: 'application/zip' } },
  'POST /api/recipes': { 201: { json: recipeResponse } },
  'GET /api/recipes': { 200: { json: recipesListResponse } },
  'DELETE /api/recipes/:id': { 200: { json: deleteRecipeResponse } },
  'POST /api/recipes/:id/run': { 202: { json: batchAcceptedResponse } },
  'GET /api/prompts': { 200: { json: savedPromptsResponse } },
  'POST /api/prompts': { 201: { json: savedPromptResponse } },
  'DELETE /api/prompts/:id': { 200: { json: deleteSavedPromptResponse } },
  'GET /api/images': { 200: { json: imagesListResponse } },
  'GET /api/images/:id': { 200: { bytes: 'image/png' } },
  'DELETE /api/images/:id': { 200: { json: deleteImageResponse } },
  'POST /api/contact': { 200: { json: marketingResponse } },
  'POST /api/newsletter': { 200: { json: marketingResponse } },
  'GET /api/payments/config': { 200: { json: paymentsConfigResponse } },
  'GET /api/payments': { 200: { json: paymentsListResponse } },
  'POST /api/stripe/create-payment-intent': { 200: { json: createPaymentIntentResponse } },
  'POST /api/image/add-credit': { 200: { json: addCreditResponse } },
  'POST /api/payments/local/confirm': { 200: { json: localConfirmResponse } },
  'POST /api/stripe/webhook': { 200: { json: webhookResponse } },
  // A load balancer reads the status; the body says why, in the same shape either way.
  'GET /api/health': { 200: { json: healthResponse }, 503: { json: healthResponse } },
  // This table as an OpenAPI 3.1 document, with the request schemas the routes validate with.
  'GET /api/openapi.json': { 200: { json: openApiDocumentResponse } },
  // Prometheus' text format, for operators (docs/decisions/024); outside /api, as scrapers expect.
  'GET /metrics': { 200: { bytes: 'text/plain' } },
  // Developer API keys (decision 027): managed with the session, never with a key.
  'POST /api/keys': { 201: { json: createApiKeyResponse } },
  'GET /api/keys': { 200: { json: apiKeysResponse } },
  'DELETE /api/keys/:id': { 200: { json: revokeApiKeyResponse } },
  // Drop-in compatible endpoints, called with a key, in OpenAI's and Clipdrop's shapes (their
  // failures too: see routeErrors). Clipdrop answers the image in the format asked by Accept.
  'POST /v1/images/generations': { 200: { json: openAiImagesResponse } },
  'POST /clipdrop/remove-background/v1': { 200: { bytes: 'image/' } },
  'POST /clipdrop/product-photography/v1': { 200: { bytes: 'image/' } },
  'POST /clipdrop/replace-background/v1': { 200: { bytes: 'image/' } },
  'POST /clipdrop/reimagine/v1/reimagine': { 200: { bytes: 'image/' } },
  'POST /clipdrop/image-upscaling/v1/upscale': { 200: { bytes: 'image/' } },
  'POST /clipdrop/uncrop/v1': { 200: { bytes: 'image/' } },
  'POST /clipdrop/cleanup/v1': { 200: { bytes: 'image/' } },
  'POST /clipdrop/remove-text/v1': { 200: { bytes: 'image/' } },
} as const satisfies Record<string, Partial<Record<number, Answer>>>;

/** A public route (`apiRoutes`) or an operator's (`adminRoutes`, left out of the API reference). */
export type ApiRoute = keyof typeof apiRoutes | AdminRoute;

const everyRoute: Record<string, Partial<Record<number, Answer>>> = { ...apiRoutes, ...adminRoutes };

/** Routes whose failures are not `errorResponse`: the drop-in endpoints fail as the services they stand in for. */
export const routeErrors: Partial<Record<ApiRoute, z.ZodType>> = {
  'POST /v1/images/generations': openAiErrorResponse,
  ...Object.fromEntries(
    (Object.keys(apiRoutes) as ApiRoute[])
      .filter((route) => route.startsWith('POST /clipdrop/'))
      .map((route) => [route, clipdropErrorResponse]),
  ),
};

const patterns = Object.keys(everyRoute).map((route) => {
  const [method, path] = route.split(' ') as [string, string];
  const segments = path
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return { route: route as ApiRoute, method, pattern: new RegExp(`^${segments.join('/')}$`) };
});

/** The table's route for a request (query string ignored), or undefined when it has none. */
export function findApiRoute(method: string, url: string): ApiRoute | undefined {
  const pathname = url.split('?')[0]!;
  return patterns.find((entry) => entry.method === method.toUpperCase() && entry.pattern.test(pathname))?.route;
}

/**
 * What an answer of `status` to `route` must be: the listed answer, the route's error shape
 * (`routeErrors`, else `errorResponse`) for a 4xx or 5xx, undefined for a success status the route does not list (itself a drift).
 */
export function expectedAnswer(route: ApiRoute | undefined, status: number): Answer | undefined {
  const listed = route ? everyRoute[route]?.[status] : undefined;
  if (listed) return listed;
  if (status < 400) return undefined;
  return { json: (route && routeErrors[route]) ?? errorResponse };
}
