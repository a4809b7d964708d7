import { messages } from '@lumigen/contract/messages';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  imageIdParams,
  imagesListQuery,
  isImageId,
  type DeleteImageResponse,
  type ImagesListResponse,
} from '@lumigen/contract/images';
import { AppError } from '../../lib/app-error.ts';
import { callerId } from '../../lib/caller.ts';
import type { ImagesService } from './images.service.ts';

export async function imagesRoutes(app: FastifyInstance, { images }: { images: ImagesService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/images',
    { schema: { querystring: imagesListQuery }, onRequest: app.requireSessionOrReadKey },
    async (request): Promise<ImagesListResponse> => {
      return { success: true, ...(await images.listOwned(callerId(request), request.query)) };
    },
  );

  // Only the owner gets the bytes; for anyone else the image does not exist (404, not 403).
  // The bytes stream from the store as the socket takes them: 300 slow readers of a 4096×4096
  // result hold a chunk or two each, not a copy each (docs/architecture.md §5). Fastify destroys
  // the source stream (closing the file, or the connection to the bucket) when the client goes.
  r.get(
    '/api/images/:id',
    { schema: { params: imageIdParams }, onRequest: app.requireSessionOrReadKey },
    async (request, reply) => {
      const found = isImageId(request.params.id)
        ? await images.openOwned(request.params.id, callerId(request))
        : undefined;
      if (!found) throw new AppError('not_found', messages.notFound);
      // An image never changes once stored, but it is private: browsers may keep it, proxies not.
      return reply
        .type('image/png')
        .header('content-length', found.size)
        .header('cache-control', 'private, max-age=31536000, immutable')
        .send(found.stream);
    },
  );

  // Owner only; another user's image, like a missing one, is 404.
  r.delete(
    '/api/images/:id',
    { schema: { params: imageIdParams }, onRequest: app.requireAuth },
    async (request): Promise<DeleteImageResponse> => {
      if (!(await images.deleteOwned(request.params.id, request.auth.userId)))
        throw new AppError('not_found', messages.notFound);
      request.log.info({ imageId: request.params.id }, 'image deleted');
      return { success: true, message: messages.imageDeleted };
    },
  );
}
