import type { GenerateImageResponse } from '@lumigen/contract/generation';
import { generateImageRequest } from '@lumigen/contract/generation-schemas';
import { messages } from '@lumigen/contract/messages';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { RequestLimit } from '../../plugins/rate-limit.ts';
import { imageAnswerStream } from '../images/image-answer.ts';
import type { JobsService } from '../jobs/jobs.service.ts';
import type { GenerationService } from './generation.service.ts';

/** docs/product.md's generate-image: a generation job (`/api/jobs/generate`) that this call waits for. */
export async function generationRoutes(app: FastifyInstance, { generation, jobs, paidLimit }: { generation: GenerationService; jobs: JobsService; paidLimit: RequestLimit }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/image/generate-image', { schema: { body: generateImageRequest }, onRequest: app.requireAuth, preHandler: paidLimit }, async (request, reply) => {
    generation.assertAvailable();
    const accepted = await jobs.submit(request.auth.userId, 'generation', request.body);
    const { imageId, png, creditBalance } = await jobs.outcome(request.auth.userId, accepted);
    reply.type('application/json; charset=utf-8');
    return reply.send(imageAnswerStream<GenerateImageResponse>({ success: true, message: messages.imageGenerated, creditBalance, imageId, image: png }));
  });
}
