import {
  type DeleteSavedPromptResponse,
  savedPromptMessages,
  type SavedPromptResponse,
  type SavedPromptsResponse,
} from '@lumigen/contract/prompts';
import { savePromptRequest } from '@lumigen/contract/prompt-schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PromptsService } from './prompts.service.ts';

const promptIdParams = z.strictObject({ id: z.string().max(100) });

/** Saved prompts: listed, kept and deleted by their owner's session only. */
export async function promptsRoutes(app: FastifyInstance, { prompts }: { prompts: PromptsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('onRequest', app.requireAuth);

  r.get('/api/prompts', async (request): Promise<SavedPromptsResponse> => {
    return { success: true, prompts: await prompts.list(request.auth.userId) };
  });

  r.post(
    '/api/prompts',
    { schema: { body: savePromptRequest } },
    async (request, reply): Promise<SavedPromptResponse> => {
      const prompt = await prompts.save(request.auth.userId, request.body);
      reply.code(201);
      return { success: true, prompt };
    },
  );

  r.delete(
    '/api/prompts/:id',
    { schema: { params: promptIdParams } },
    async (request): Promise<DeleteSavedPromptResponse> => {
      await prompts.delete(request.auth.userId, request.params.id);
      return { success: true, message: savedPromptMessages.deleted };
    },
  );
}
