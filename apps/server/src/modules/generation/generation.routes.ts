import { generateImageRequest, type GenerateImageResponse } from '@lumigen/contract/generation';
import { messages } from '@lumigen/contract/messages';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { imageAnswerStream } from '../images/image-answer.ts';
import type { GenerationService } from './generation.service.ts';

export async function generationRoutes(app: FastifyInstance, { generation }: { generation: GenerationService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/image/generate-image', { schema: { body: generateImageRequest }, onRequest: app.requireAuth }, async (request, reply) => {
    const { imageId, png, creditBalance } = await generation.generate(request.auth.userId, request.body, request.log);
    reply.type('application/json; charset=utf-8');
    return reply.send(imageAnswerStream<GenerateImageResponse>({ success: true, message: messages.imageGenerated, creditBalance, imageId, image: png }));
  });
}
