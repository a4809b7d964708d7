import fastifySwagger, { type SwaggerTransform } from '@fastify/swagger';
import { brand } from '@lumigen/contract/brand';
import { errorResponse } from '@lumigen/contract/errors';
import { multipartSchema, routeDocOf, routeTags, type RouteAuth } from '@lumigen/contract/route-docs';
import { apiRoutes, type Answer } from '@lumigen/contract/routes';
import type { FastifyInstance, FastifySchema } from 'fastify';
import fp from 'fastify-plugin';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';

type TransformInput = Parameters<SwaggerTransform>[0];
type Transformed = { schema: Record<string, unknown>; url: string };

const zodToJson = createJsonSchemaTransform({ skipList: [] });

const securitySchemes = {
  sessionToken: {
    type: 'apiKey',
    in: 'header',
    name: 'token',
    description: 'The session token from `POST /api/user/login` or `register`.',
  },
  sessionBearer: {
    type: 'http',
    scheme: 'bearer',
    description: 'The same session token as `Authorization: Bearer <token>`.',
  },
  apiKey: {
    type: 'http',
    scheme: 'bearer',
    description: 'An API key made on /profile → Developers: `Authorization: Bearer lk_…`.',
  },
  clipdropKey: {
    type: 'apiKey',
    in: 'header',
    name: 'x-api-key',
    description: 'An API key made on /profile → Developers, as Clipdrop’s clients send theirs: `x-api-key: lk_…`.',
  },
  metricsToken: { type: 'http', scheme: 'bearer', description: 'The operator’s METRICS_TOKEN.' },
  stripeSignature: {
    type: 'apiKey',
    in: 'header',
    name: 'stripe-signature',
    description: 'Stripe signs every webhook delivery.',
  },
} as const;

const securityOf: Record<RouteAuth, Array<Record<string, string[]>>> = {
  none: [],
  session: [{ sessionToken: [] }, { sessionBearer: [] }],
  apiKey: [{ apiKey: [] }],
  clipdropKey: [{ clipdropKey: [] }],
  metrics: [{ metricsToken: [] }],
  stripe: [{ stripeSignature: [] }],
};

/** `POST /api/image/tools/:tool` → `postImageToolsByTool`: stable, unique, readable in generated SDKs. */
function operationId(method: string, path: string): string {
  const words = path
    .split('/')
    .filter((segment) => segment && segment !== 'api')
    .flatMap((segment) => (segment.startsWith(':') ? ['by', segment.slice(1)] : segment.split(/[^a-zA-Z0-9]+/)))
    .filter(Boolean);
  return [method.toLowerCase(), ...words.map((word) => word[0]!.toUpperCase() + word.slice(1))].join('');
}

const statusText: Record<number, string> = { 200: 'OK', 201: 'Created', 202: 'Accepted', 503: 'Unavailable' };

/**
 * @fastify/swagger's transform: every route of the contract's table (`apiRoutes`) is documented
 * with the request schemas it validates with (body, query, params: zod, through the type
 * provider's own converter), the answers the table lists for it, `errorResponse` for every
 * failure, and its text from `routeDocs`. Anything else Fastify serves (the web app, HEAD, CORS)
 * is left out. A route added to the table appears without more work.
 */
export function documentRoute(document: TransformInput): Transformed {
  const { schema, url, route } = document;
  const method = String(Array.isArray(route.method) ? route.method[0] : route.method).toUpperCase();
  const key = `${method} ${url}`;
  if (!(key in apiRoutes)) return { schema: { hide: true }, url };
  const doc = routeDocOf(key);
  const answers = apiRoutes[key as keyof typeof apiRoutes] as Partial<Record<number, Answer>>;

  const response: Record<string, unknown> = {};
  const bytes: Record<string, string> = {};
  for (const [status, answer] of Object.entries(answers)) {
    const description = statusText[Number(status)] ?? 'Answer';
    if (!answer) continue;
    if ('json' in answer) response[status] = { description, content: { 'application/json': { schema: answer.json } } };
    else bytes[status] = answer.bytes;
  }
  response.default = {
    description: 'Any failure: 4xx for the request (the message names the field), 5xx for us or a provider',
    content: { 'application/json': { schema: errorResponse } },
  };

  const own = (schema ?? {}) as FastifySchema & Record<string, unknown>;
  const input = { ...own, response, ...(doc?.params && !own.params ? { params: doc.params } : {}) };
  const { schema: converted } = zodToJson({ ...document, schema: input } as TransformInput) as Transformed;
  const out: Record<string, unknown> = { ...converted };
  const convertedResponse = { ...(converted.response as Record<string, unknown>) };
  for (const [status, type] of Object.entries(bytes)) {
    convertedResponse[status] = {
      description: type === 'text/event-stream' ? 'Server-Sent Events' : `${type} bytes`,
      content: { [type]: { schema: { type: 'string', contentMediaType: type } } },
    };
  }
  out.response = convertedResponse;
  if (doc?.multipart) out.body = { content: { 'multipart/form-data': { schema: multipartSchema(doc.multipart) } } };
  out.operationId = operationId(method, url);
  out.summary = doc?.summary ?? key;
  if (doc?.description) out.description = doc.description;
  out.tags = [doc?.tag ?? 'Other'];
  out.security = securityOf[doc?.auth ?? 'session'];
  return { schema: out, url };
}

/**
 * `GET /api/openapi.json`: the API as an OpenAPI 3.1 document. @fastify/swagger collects the
 * routes as they are registered (so register this first) and builds the document on its first
 * request, then keeps it: nothing is converted at start-up.
 */
export const openApiPlugin = fp(async function openApi(
  app: FastifyInstance,
  { publicOrigin }: { publicOrigin: string },
) {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `${brand.name} API`,
        version: '1.0.0',
        description: `Generate and edit images on the credits of your ${brand.name} account. Every paid call reserves its credit first and refunds it when the work fails or the provider answers a picture nobody can use. Guide and examples: ${publicOrigin}/developers.`,
        contact: { name: brand.name, email: brand.email },
      },
      servers: [{ url: publicOrigin }],
      tags: Object.entries(routeTags).map(([name, description]) => ({ name, description })),
      components: { securitySchemes: securitySchemes as never },
    },
    transform: documentRoute as SwaggerTransform,
  });

  app.get('/api/openapi.json', async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return app.swagger();
  });
});
