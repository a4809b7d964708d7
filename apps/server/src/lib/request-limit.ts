import type { FastifyRequest } from 'fastify';

/** A preHandler made by `limitBy`: 429 with Retry-After once any of its counters is over. */
export type RequestLimit = (request: FastifyRequest) => Promise<void>;
