import Fastify from 'fastify';
import type { GenerateImageResponse } from '@lumigen/contract/generation';
import { imageAnswerStream } from '../apps/server/src/modules/images/image-answer.ts';

/**
 * The ceiling of a throughput row on this machine: a Fastify instance of its own (no logger,
 * hooks, database, job or file) that reads the request's body and answers `png` exactly as the
 * brief's calls do (`imageAnswerStream`). Loaded as the real route is, it measures what moving the
 * request and the answer alone costs the server and the load generator on these cores.
 */
export async function startAnswerOnly(png: Buffer): Promise<{ port: number; close: () => Promise<void> }> {
  const server = Fastify({ logger: false, bodyLimit: 64 * 1024 * 1024 });
  // Any body (JSON or a multipart upload) is read whole and dropped, as a parser would read it.
  server.removeAllContentTypeParsers();
  server.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  server.post('/answer', async (_request, reply) => {
    reply.type('application/json; charset=utf-8');
    return reply.send(
      imageAnswerStream<GenerateImageResponse>({
        success: true,
        message: 'Image generated',
        creditBalance: 5,
        imageId: '0b6f5f1e-54a8-4d8e-9c36-1f0c2a3b4c5d',
        image: png,
      }),
    );
  });
  await server.listen({ port: 0, host: '127.0.0.1' });
  return { port: (server.server.address() as { port: number }).port, close: () => server.close() };
}
