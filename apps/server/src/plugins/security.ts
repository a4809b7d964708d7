import type { IncomingMessage, ServerResponse } from 'node:http';
import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

// What Stripe.js needs on /checkout when Stripe is the payment provider (Stripe's CSP guidance).
const stripeSources = {
  scriptSrc: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frameSrc: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connectSrc: ['https://api.stripe.com'],
};

const helmetOptions = (stripe: boolean) => ({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      baseUri: ["'self'"],
      scriptSrc: ["'self'", ...(stripe ? stripeSources.scriptSrc : [])],
      // React sets inline style attributes; no inline script is ever allowed.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'", ...(stripe ? stripeSources.connectSrc : [])],
      frameSrc: ["'self'", ...(stripe ? stripeSources.frameSrc : [])],
      objectSrc: ["'none'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  // The API and the app share one origin; nothing needs to embed our resources cross-origin.
  crossOriginResourcePolicy: { policy: 'same-origin' as const },
  frameguard: { action: 'deny' as const },
});

/**
 * The headers helmet sets, computed once. They do not depend on the request, and building them
 * per request (as @fastify/helmet does) cost more than half of a small API call's throughput.
 */
export function securityHeaders({ stripe = false }: { stripe?: boolean } = {}): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet(helmetOptions(stripe))({} as IncomingMessage, recorder as unknown as ServerResponse, () => undefined);
  return headers;
}

/**
 * What an API answer needs (OWASP's REST Security Cheat Sheet): nothing in it may run, be framed or
 * be sniffed, and nothing is stored unless its route says so (images, the OpenAPI document). The
 * rest of helmet's set governs documents; leaving it off halves the headers of every API answer
 * (docs/decisions/039).
 */
export function apiSecurityHeaders(page: Record<string, string>): Record<string, string> {
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'cross-origin-resource-policy': page['cross-origin-resource-policy']!,
    'strict-transport-security': page['strict-transport-security']!,
    'x-content-type-options': page['x-content-type-options']!,
    'x-frame-options': page['x-frame-options']!,
    'cache-control': 'no-store',
  };
}

/** Our API and the drop-in routes (OpenAI's and Clipdrop's paths): answers to programs, never pages. */
const isApi = (url: string) =>
  url.startsWith('/api/') || url === '/api' || url.startsWith('/v1/') || url.startsWith('/clipdrop/');

/** Security headers with a strict Content-Security-Policy; CORS only for our own public origin. */
export const securityPlugin = fp(
  async (app: FastifyInstance, { publicOrigin, stripe }: { publicOrigin: string; stripe: boolean }) => {
    const pageHeaders = securityHeaders({ stripe });
    const apiHeaders = apiSecurityHeaders(pageHeaders);
    app.addHook('onRequest', (request, reply, done) => {
      reply.headers(isApi(request.url) ? apiHeaders : pageHeaders);
      // Quoted by users in bug reports; the same id is on every log line of the request.
      reply.header('x-request-id', request.id);
      done();
    });
    await app.register(cors, {
      origin: [publicOrigin],
      methods: ['GET', 'POST'],
      allowedHeaders: ['content-type', 'token', 'authorization'],
    });
  },
);
