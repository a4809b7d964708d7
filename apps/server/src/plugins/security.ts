import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Security headers with a strict Content-Security-Policy; CORS only for our own public origin. */
export const securityPlugin = fp(async (app: FastifyInstance, { publicOrigin }: { publicOrigin: string }) => {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'"],
        // React sets inline style attributes; no inline script is ever allowed.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameSrc: ["'self'"],
        objectSrc: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    // The API and the app share one origin; nothing needs to embed our resources cross-origin.
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
  await app.register(cors, { origin: [publicOrigin], methods: ['GET', 'POST'], allowedHeaders: ['content-type', 'token', 'authorization'] });
});
