import multipart from '@fastify/multipart';
import type { BatchAcceptedResponse } from '@lumigen/contract/batches';
import { messages } from '@lumigen/contract/messages';
import {
  createRecipeRequest,
  type DeleteRecipeResponse,
  type RecipeResponse,
  type RecipesListResponse,
} from '@lumigen/contract/recipe-schemas';
import { recipeMessages } from '@lumigen/contract/recipes';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import type { RequestLimit } from '../../lib/request-limit.ts';
import { type BatchesService, batchUploadLimits, readPaidBatchUpload } from '../batches/index.ts';
import type { JobsService } from '../paid-work/index.ts';
import type { RecipesService } from './recipes.service.ts';
import type { UploadGuard } from '../../lib/upload-guard.ts';

const recipeIdParams = z.object({ id: z.string() });

/** Recipes (decision 028): saved chains of tools, listed, deleted, and run on one picture or many. */
export async function recipesRoutes(
  app: FastifyInstance,
  {
    recipes,
    batches,
    jobs,
    uploadsDir,
    uploadGuard,
    paidLimit,
  }: {
    recipes: RecipesService;
    batches: BatchesService;
    jobs: JobsService;
    uploadsDir: string;
    uploadGuard: UploadGuard;
    paidLimit: RequestLimit;
  },
) {
  await app.register(multipart, { limits: batchUploadLimits, throwFileSizeLimit: false });
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('onRequest', app.requireAuth);

  r.post('/api/recipes', { schema: { body: createRecipeRequest } }, async (request, reply): Promise<RecipeResponse> => {
    const recipe = await recipes.create(request.auth.userId, request.body);
    reply.code(201);
    return { success: true, recipe };
  });

  r.get('/api/recipes', async (request): Promise<RecipesListResponse> => {
    return { success: true, recipes: await recipes.list(request.auth.userId) };
  });

  r.delete(
    '/api/recipes/:id',
    { schema: { params: recipeIdParams } },
    async (request): Promise<DeleteRecipeResponse> => {
      await recipes.delete(request.auth.userId, request.params.id);
      return { success: true, message: recipeMessages.deleted };
    },
  );

  // Multipart: `image_file`, once or repeated (a batch); the settings are the recipe's own.
  r.post(
    '/api/recipes/:id/run',
    { schema: { params: recipeIdParams }, preHandler: paidLimit },
    async (request, reply): Promise<BatchAcceptedResponse> => {
      const { userId } = request.auth;
      const { plan, price } = await recipes.plan(userId, request.params.id);
      // The batch's total is reserved once the pictures are read, before any is decoded.
      const upload = await readPaidBatchUpload(request, { jobs, uploadGuard, uploadsDir }, userId, price);
      try {
        const [field] = Object.keys(upload.fields);
        if (field !== undefined) throw new AppError('bad_request', messages.tool.unknownField(field));
        const batchId = await batches.accept(userId, plan, upload);
        reply.code(202);
        return { success: true, batchId };
      } finally {
        await upload.dispose();
      }
    },
  );
}
