import type { GenerateImageResponse } from '@lumigen/contract/generation';
import type { JobAcceptedResponse } from '@lumigen/contract/jobs';
import { generateImageRequest } from '@lumigen/contract/generation-schemas';
import { messages } from '@lumigen/contract/messages';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { RequestLimit } from '../../lib/request-limit.ts';
import { imageAnswerStream } from '../images/index.ts';
import type { JobsService } from '../paid-work/index.ts';
import { previewsParam, type GenerationService } from './generation.service.ts';

/**
 * Generation's calls: `POST /api/jobs/generate` accepts a generation job (202; watched under
 * /api/jobs), and docs/product.md's generate-image is that job, which the call waits for.
 */
export async function generationRoutes(
  app: FastifyInstance,
  { generation, jobs, paidLimit }: { generation: GenerationService; jobs: JobsService; paidLimit: RequestLimit },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Submitting needs the session; watching the job also takes a key (the jobs routes).
  r.post(
    '/api/jobs/generate',
    { schema: { body: generateImageRequest }, onRequest: app.requireAuth, preHandler: paidLimit },
    async (request, reply): Promise<JobAcceptedResponse> => {
      generation.assertAvailable();
      const { jobId, status } = await jobs.submit(request.auth.userId, 'generation', request.body);
      reply.code(202);
      return { success: true, jobId, status };
    },
  );

  r.post(
    '/api/image/generate-image',
    { schema: { body: generateImageRequest }, onRequest: app.requireAuth, preHandler: paidLimit },
    async (request, reply) => {
      generation.assertAvailable();
      const accepted = await jobs.submit(request.auth.userId, 'generation', {
        ...request.body,
        [previewsParam]: false,
      });
      const { imageId, png, creditBalance } = await jobs.outcome(request.auth.userId, accepted);
      reply.type('application/json; charset=utf-8');
      return reply.send(
        imageAnswerStream<GenerateImageResponse>({
          success: true,
          message: messages.imageGenerated,
          creditBalance,
          imageId,
          image: png,
        }),
      );
    },
  );
}
