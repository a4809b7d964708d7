import { z } from 'zod';
import {
  acceptedImageTypes,
  maxUploadBytes,
  toolIds,
  toolSliders,
  cleanupModes,
  replaceBackgroundPromptLimit,
  type SliderSpec,
} from './tools.ts';
import { editSizes, maxEditImages } from './edit.ts';
import { imageQualities, imageStyleIds, promptLimits } from './generation.ts';

/**
 * How a caller proves who they are: nobody (`none`); a session token from /api/user/login
 * (`session`: the `token` header or `Authorization: Bearer`); an API key made on /profile →
 * Developers (`apiKey`: `Authorization: Bearer lk_…`; `clipdropKey`: `x-api-key: lk_…`, as
 * Clipdrop's clients send it); the operator's METRICS_TOKEN (`metrics`); Stripe's signature (`stripe`).
 */
export type RouteAuth = 'none' | 'session' | 'apiKey' | 'clipdropKey' | 'metrics' | 'stripe';

/** A multipart body the route reads itself (no JSON schema validates it): a tool call, a batch, a recipe's run, an edit with words (ours or OpenAI's shape). */
export type MultipartBody = 'tool' | 'batch' | 'recipe' | 'edit' | 'openai-edit';

export type RouteDoc = {
  /** The group the reference lists it under (one of `routeTags`). */
  tag: RouteTag;
  summary: string;
  description?: string;
  auth: RouteAuth;
  multipart?: MultipartBody;
  /** Path parameters the route checks in its handler rather than with a schema. */
  params?: z.ZodObject;
};

export const routeTags = {
  Account: 'Sign-up, sign-in, sessions and the account itself.',
  Credits: 'The balance and its ledger: every change is a ledger row.',
  Generation: 'Text to image. One credit per image, refunded when it fails or is unusable.',
  Tools: 'The eight editing tools. One credit per edit, refunded when it fails or is unusable.',
  Jobs: 'Paid work as jobs: submit, follow, cancel.',
  Batches: 'One tool over many pictures at once, each picture its own job.',
  Recipes: 'Saved chains of tools: run one on a picture or a batch, priced as the sum of its steps.',
  Prompts: 'Prompts kept with their size, quality and style, to fill the generator again.',
  Images: 'Your results.',
  Payments: 'Buying credits.',
  'Developer keys': 'API keys (lk_…) that spend the same credits as your account.',
  'OpenAI-compatible': 'The OpenAI Images API, answered by Lumigen: change the base URL, keep your code.',
  'Clipdrop-compatible': 'The Clipdrop API, answered by Lumigen: change the base URL, keep your code.',
  Site: 'Forms on the public pages.',
  Operations: 'For operators: health and metrics.',
} as const;
export type RouteTag = keyof typeof routeTags;

const toolParam = z.object({ tool: z.enum(toolIds).describe('The editing tool') });

/**
 * The reference text of each route of `apiRoutes` (routes.ts), by the same `METHOD /path`: the
 * OpenAPI document at /api/openapi.json takes its summaries, groups and security from here, and
 * its schemas from the routes themselves. A route in apiRoutes without an entry here (or in
 * `routeFamilies`) fails `openapi.test.ts`. Entries for routes not yet served are ignored.
 */
export const routeDocs: Record<string, RouteDoc> = {
  'POST /api/user/register': {
    tag: 'Account',
    auth: 'none',
    summary: 'Create an account',
    description:
      'Answers 201 with a session token; new accounts receive their free credits (after e-mail confirmation where the operator asks for it).',
  },
  'POST /api/user/login': {
    tag: 'Account',
    auth: 'none',
    summary: 'Sign in',
    description: 'Answers a session token for the `token` header.',
  },
  'POST /api/user/logout': { tag: 'Account', auth: 'session', summary: 'Sign out this session' },
  'POST /api/user/reset-request': {
    tag: 'Account',
    auth: 'none',
    summary: 'Mail a password reset link',
    description: 'The same answer whether or not the address has an account.',
  },
  'POST /api/user/reset': {
    tag: 'Account',
    auth: 'none',
    summary: 'Set a new password with a mailed link',
    description: 'Signs in and ends every other session.',
  },
  'POST /api/user/verify': { tag: 'Account', auth: 'none', summary: 'Confirm the e-mail address with a mailed link' },
  'POST /api/user/verify-resend': { tag: 'Account', auth: 'session', summary: 'Mail a new confirmation link' },
  'POST /api/user/update': { tag: 'Account', auth: 'session', summary: 'Change the display name' },
  'POST /api/user/change-password': {
    tag: 'Account',
    auth: 'session',
    summary: 'Change the password',
    description: 'Other sessions are signed out; every API key is revoked too unless `revokeApiKeys` is false.',
  },
  'GET /api/user/sessions': { tag: 'Account', auth: 'session', summary: 'List signed-in sessions' },
  'POST /api/user/sessions/:id/revoke': { tag: 'Account', auth: 'session', summary: 'Sign out one session' },
  'POST /api/user/logout-others': {
    tag: 'Account',
    auth: 'session',
    summary: 'Sign out every other session',
    description: 'Every API key is revoked too unless `revokeApiKeys` is false.',
  },
  'POST /api/user/change-email': {
    tag: 'Account',
    auth: 'session',
    summary: 'Change the e-mail address',
    description: 'Nothing changes until the link mailed to the new address is opened.',
  },
  'GET /api/user/export': {
    tag: 'Account',
    auth: 'session',
    summary: 'Download everything we hold about you (ZIP)',
    description: '`account.json`, `ledger.csv`, `payments.csv` and every image.',
  },
  'POST /api/user/delete': { tag: 'Account', auth: 'session', summary: 'Delete the account and its images' },
  'GET /api/credits/ledger': {
    tag: 'Credits',
    auth: 'session',
    summary: 'The credit ledger, newest first',
    description: 'Page with `cursor` from the previous answer.',
  },
  'POST /api/image/get-credit': {
    tag: 'Credits',
    auth: 'session',
    summary: 'The balance, name and e-mail of the signed-in account',
  },
  'POST /api/image/deduct-credit': {
    tag: 'Credits',
    auth: 'session',
    summary: 'Spend one edit’s credit',
    description: 'Kept for the original web client; the tool calls charge by themselves.',
  },
  'POST /api/image/generate-image': {
    tag: 'Generation',
    auth: 'session',
    summary: 'Generate an image and wait for it',
    description:
      'Reserves a generation’s current price (`GET /api/image/providers`), runs a generation job and answers the PNG as a data URL. A failure, or a picture nobody can use (all black, blank, the wrong size), is refunded and answers why.',
  },
  'GET /api/image/providers': {
    tag: 'Generation',
    auth: 'none',
    summary: 'Which providers answer (local or hosted), and the current price of each kind of work',
  },
  'POST /api/image/tools/:tool': {
    tag: 'Tools',
    auth: 'session',
    multipart: 'tool',
    params: toolParam,
    summary: 'Edit a picture and wait for the result',
    description:
      'Multipart, with Clipdrop’s field names. Reserves the tool’s current price (`GET /api/image/providers`); an upload that is not an image, too large or out of range costs nothing (4xx). A failure, or an unusable answer (all black, transparent, unchanged, the wrong size), is refunded and answers why.',
  },
  'POST /api/jobs/generate': {
    tag: 'Jobs',
    auth: 'session',
    summary: 'Submit a generation job',
    description: 'Answers 202 with the job id at once; follow it with `GET /api/jobs/{id}/events`.',
  },
  'POST /api/jobs/tools/:tool': {
    tag: 'Jobs',
    auth: 'session',
    multipart: 'tool',
    params: toolParam,
    summary: 'Submit an editing job',
    description: 'The same multipart body as `POST /api/image/tools/{tool}`; answers 202 with the job id.',
  },
  'POST /api/jobs/edit': {
    tag: 'Jobs',
    auth: 'session',
    multipart: 'edit',
    summary: 'Submit an edit with words',
    description:
      'Multipart: `image_file` 1–4 times (the first is changed, the rest are references), `prompt`, optional `mask_file`, `size`, `quality`, `style`. Priced as a generation; 503 `edit_unavailable` when no provider can edit, nothing charged. Answers 202 with the job id.',
  },
  'GET /api/jobs': { tag: 'Jobs', auth: 'session', summary: 'List your jobs, newest first' },
  'GET /api/jobs/:id': { tag: 'Jobs', auth: 'session', summary: 'One job: status, progress, result or failure' },
  'GET /api/jobs/:id/events': {
    tag: 'Jobs',
    auth: 'session',
    summary: 'Follow a job (Server-Sent Events)',
    description:
      'Events `queued`, `running`, `progress`, `preview`, `succeeded`, `failed`, `canceled`; resume with `Last-Event-ID`.',
  },
  'GET /api/jobs/:id/previews/:n': {
    tag: 'Jobs',
    auth: 'session',
    summary: 'A partial picture of a running job',
    description:
      'The WebP (at most 512 px on its long side) a `preview` event names; only its owner sees it, and it is gone (404) once the job ends.',
  },
  'POST /api/jobs/:id/cancel': {
    tag: 'Jobs',
    auth: 'session',
    summary: 'Cancel a job and refund it',
    description: '409 once it has finished.',
  },
  'POST /api/batches': {
    tag: 'Batches',
    auth: 'session',
    multipart: 'batch',
    summary: 'Run one tool over up to 50 pictures',
    description:
      'Multipart: `tool`, the tool’s fields, and `image_file` repeated. Each picture is a job and costs the tool’s current price; a picture the server refuses is named and never charged. Answers 202 with the batch id.',
  },
  'GET /api/batches/:id': {
    tag: 'Batches',
    auth: 'session',
    summary: 'A batch and each picture’s status, result or failure',
  },
  'POST /api/batches/:id/cancel': {
    tag: 'Batches',
    auth: 'session',
    summary: 'Cancel every unfinished picture of a batch and refund it',
    description:
      'Each waiting or working picture is canceled as `POST /api/jobs/{id}/cancel` would (a recipe’s later steps with it) and refunded; finished pictures stay. Answers the batch; 409 when every picture had already finished.',
  },
  'GET /api/batches/:id/zip': { tag: 'Batches', auth: 'session', summary: 'Download every result of a batch as a ZIP' },
  'POST /api/recipes': {
    tag: 'Recipes',
    auth: 'session',
    summary: 'Save a recipe: a named chain of tools with their settings',
    description: 'JSON: `name` and `steps` (each a tool and its fields). Its price is the sum of its steps.',
  },
  'GET /api/recipes': { tag: 'Recipes', auth: 'session', summary: 'List your saved recipes' },
  'DELETE /api/recipes/:id': { tag: 'Recipes', auth: 'session', summary: 'Delete a saved recipe' },
  'POST /api/recipes/:id/run': {
    tag: 'Recipes',
    auth: 'session',
    multipart: 'recipe',
    summary: 'Run a recipe on one picture or up to 50',
    description:
      'Multipart: `image_file`, once or repeated. Every step of every picture is reserved when the run is accepted; a failed step refunds itself and every step after it, and earlier steps keep their images. Answers 202 with a batch id: follow it with GET /api/batches/:id.',
  },
  'GET /api/prompts': { tag: 'Prompts', auth: 'session', summary: 'List your saved prompts, newest first' },
  'POST /api/prompts': {
    tag: 'Prompts',
    auth: 'session',
    summary: 'Save a prompt with its size, quality and style',
    description:
      'JSON: `prompt`, `size`, and optionally `quality` and `style`, checked as a generation would be. At most 100 per account: past it, 409.',
  },
  'DELETE /api/prompts/:id': { tag: 'Prompts', auth: 'session', summary: 'Delete a saved prompt' },
  'GET /api/images': {
    tag: 'Images',
    auth: 'session',
    summary: 'List or search your images, newest first',
    description:
      '`q`: words of the prompt or a tool’s name (every word must match, as a whole word or its start); `kind`: `generation`, `edit` or a tool; `limit`; `cursor`: the previous page’s `nextCursor`.',
  },
  'GET /api/images/:id': { tag: 'Images', auth: 'session', summary: 'Download an image (PNG)' },
  'DELETE /api/images/:id': { tag: 'Images', auth: 'session', summary: 'Delete an image' },
  'POST /api/keys': {
    tag: 'Developer keys',
    auth: 'session',
    summary: 'Create an API key',
    description:
      'Name, scopes (`generate`, `tools`, `read`) and an optional daily credit cap. The key (`lk_…`) is in this answer only; we keep its hash.',
  },
  'GET /api/keys': {
    tag: 'Developer keys',
    auth: 'session',
    summary: 'List your API keys',
    description: 'Name, prefix, created, last used, credits spent today.',
  },
  'DELETE /api/keys/:id': {
    tag: 'Developer keys',
    auth: 'session',
    summary: 'Revoke an API key',
    description: 'From then on the key answers 401.',
  },
  'POST /v1/images/generations': {
    tag: 'OpenAI-compatible',
    auth: 'apiKey',
    summary: 'Create an image (OpenAI Images API shape)',
    description:
      'Point the official `openai` client at this server’s `/v1`. The five sizes; answers `b64_json`. One credit, on the key’s account; past its daily cap 402, revoked 401, without the `generate` scope 403.',
  },
  'POST /v1/images/edits': {
    tag: 'OpenAI-compatible',
    auth: 'apiKey',
    multipart: 'openai-edit',
    summary: 'Edit an image (OpenAI Images API shape)',
    description:
      'Multipart `image` or `image[]` (up to 4), `prompt`, optional `mask`, `size`, `quality`, `n` = 1; `model` is accepted and ignored. Priced as a generation, on the key’s account; answers `b64_json`.',
  },
  'POST /api/contact': { tag: 'Site', auth: 'none', summary: 'Send the contact form' },
  'POST /api/newsletter': { tag: 'Site', auth: 'none', summary: 'Subscribe to the newsletter' },
  'GET /api/payments/config': {
    tag: 'Payments',
    auth: 'none',
    summary: 'Which payment provider the checkout uses, and its public key',
  },
  'GET /api/payments': { tag: 'Payments', auth: 'session', summary: 'List your purchases' },
  'POST /api/stripe/create-payment-intent': { tag: 'Payments', auth: 'session', summary: 'Start buying a bundle' },
  'POST /api/image/add-credit': {
    tag: 'Payments',
    auth: 'session',
    summary: 'Collect a paid bundle’s credits',
    description: 'Takes the payment id; the credits come from the catalogue, once per payment.',
  },
  'POST /api/payments/local/confirm': {
    tag: 'Payments',
    auth: 'session',
    summary: 'Pay with a test card (test mode only)',
  },
  'POST /api/stripe/webhook': { tag: 'Payments', auth: 'stripe', summary: 'Stripe’s webhook (Stripe-signed)' },
  'GET /api/health': {
    tag: 'Operations',
    auth: 'none',
    summary: 'Health, for load balancers',
    description: '503 while the database or the queue does not answer.',
  },
  'GET /api/openapi.json': { tag: 'Operations', auth: 'none', summary: 'This document (OpenAPI 3.1)' },
  'GET /metrics': {
    tag: 'Operations',
    auth: 'metrics',
    summary: 'Prometheus metrics',
    description:
      'Only with the operator’s METRICS_TOKEN as a bearer token; 404 when metrics are not served on this port.',
  },
};

/** Routes documented as a family, by the start of their `METHOD /path`: one entry for many paths. */
export const routeFamilies: { prefix: string; doc: RouteDoc }[] = [
  {
    prefix: 'POST /clipdrop/',
    doc: {
      tag: 'Clipdrop-compatible',
      auth: 'clipdropKey',
      multipart: 'tool',
      summary: 'Edit a picture (Clipdrop API shape)',
      description:
        'Clipdrop’s paths, fields and answers: multipart in, image bytes out, with `x-remaining-credits` and `x-credits-consumed`. `x-api-key: lk_…`; no credit 402, a bad key 403.',
    },
  },
];

/** The reference text of a route, or undefined when it has none (a test fails then). */
export function routeDocOf(route: string): RouteDoc | undefined {
  return routeDocs[route] ?? routeFamilies.find((family) => route.startsWith(family.prefix))?.doc;
}

const sliderSchema = (tool: string, slider: SliderSpec) => ({
  type: 'number',
  minimum: slider.min,
  maximum: slider.max,
  default: slider.default,
  ...(Number.isInteger(slider.step) ? { multipleOf: slider.step } : {}),
  description: `${tool}: ${slider.label}${slider.unit ? ` (${slider.unit})` : ''}`,
});

/**
 * The JSON Schema of a tool call's multipart body, from the tools' catalogue: `image_file`, the
 * mask, and every tool's own fields (each says which tool reads it). With `batch`, the tool is a
 * field and `image_file` repeats; a recipe's run takes only pictures.
 */
export function multipartSchema(kind: MultipartBody): Record<string, unknown> {
  const file = {
    type: 'string',
    contentMediaType: 'application/octet-stream',
    description: `${acceptedImageTypes.join(', ')}; at most ${maxUploadBytes / 1024 / 1024} MB`,
  };
  const pictures = { type: 'array', items: file, minItems: 1, maxItems: 50, description: 'Up to 50 pictures' };
  // A recipe holds its steps' settings: its run sends only the pictures.
  if (kind === 'recipe') return { type: 'object', required: ['image_file'], properties: { image_file: pictures } };
  if (kind === 'edit' || kind === 'openai-edit') return editSchema(kind, file);
  const properties: Record<string, unknown> = {
    ...(kind === 'batch'
      ? { tool: { type: 'string', enum: [...toolIds], description: 'The editing tool every picture goes through' } }
      : {}),
    image_file: kind === 'batch' ? pictures : file,
    mask_file: {
      ...file,
      description:
        'cleanup: white where pixels should disappear, exactly the size of image_file (also accepted as `mask`)',
    },
    prompt: {
      type: 'string',
      maxLength: replaceBackgroundPromptLimit,
      description: 'replace-background: the new background, in words',
    },
    mode: {
      type: 'string',
      enum: [...cleanupModes],
      default: 'quality',
      description: 'cleanup: quality or the faster pass',
    },
  };
  for (const [tool, sliders] of Object.entries(toolSliders))
    for (const slider of sliders) properties[slider.name] = sliderSchema(tool, slider);
  return { type: 'object', required: kind === 'batch' ? ['tool', 'image_file'] : ['image_file'], properties };
}

/** An edit with words: our field names, or OpenAI's `/v1/images/edits` ones. */
function editSchema(kind: 'edit' | 'openai-edit', file: Record<string, unknown>): Record<string, unknown> {
  const ours = kind === 'edit';
  const images = {
    type: 'array',
    items: file,
    minItems: 1,
    maxItems: maxEditImages,
    description: 'The picture to change first, then up to three references',
  };
  return {
    type: 'object',
    required: [ours ? 'image_file' : 'image', 'prompt'],
    properties: {
      [ours ? 'image_file' : 'image']: images,
      [ours ? 'mask_file' : 'mask']: {
        ...file,
        description: ours
          ? 'White where the picture may change, exactly its size'
          : 'A PNG with alpha, the size of the first image: fully transparent where it may change',
      },
      prompt: { type: 'string', maxLength: promptLimits['dall-e-3'].max, description: 'What should change' },
      size: { type: 'string', enum: [...editSizes], description: 'auto: the picture’s own size' },
      quality: { type: 'string', ...(ours ? { enum: [...imageQualities] } : {}) },
      ...(ours ? { style: { type: 'string', enum: [...imageStyleIds], default: 'none' } } : {}),
    },
  };
}

/** `GET /api/openapi.json`: an OpenAPI 3.1 document (its full shape is OpenAPI's, checked by a validator in the tests). */
export const openApiDocumentResponse = z.looseObject({
  openapi: z.string().startsWith('3.1.'),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.unknown()),
});
