import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { messages } from '@lumigen/contract/messages';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Serves the built web app: hashed assets cached for a year, pages never cached, each text file
 * as the Brotli or gzip copy the build wrote beside it when the browser accepts one
 * (docs/decisions/010; files without a copy go out as they are). A public page
 * prerendered at build time (dist/prerendered/<page>.html) is answered with its own HTML; any other
 * GET outside /api gets index.html so the client router can take it (SPA fallback).
 */
export const webAppPlugin = fp(async (app: FastifyInstance, { distDir }: { distDir: string }) => {
  const built = existsSync(path.join(distDir, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      // The copies are chosen by Accept-Encoding, never asked for by name.
      globIgnore: ['**/*.br', '**/*.gz'],
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  const prerendered = new Map<string, string>();
  const prerenderedDir = path.join(distDir, 'prerendered');
  if (built && existsSync(prerenderedDir)) {
    for (const file of readdirSync(prerenderedDir)) {
      if (!file.endsWith('.html')) continue;
      const urlPath = file === 'index.html' ? '/' : `/${file.slice(0, -'.html'.length).replaceAll('__', '/')}`;
      prerendered.set(urlPath, `prerendered/${file}`);
    }
  }

  app.setNotFoundHandler((request, reply) => {
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api');
    if (!isPage) return reply.code(404).send({ success: false, message: messages.notFound });
    if (!built) return reply.code(503).type('text/plain').send('The web app is not built yet: run `npm run build`.');
    const pathname = request.url.split('?')[0]!.replace(/(.)\/+$/, '$1');
    return reply.header('cache-control', 'no-cache').sendFile(prerendered.get(pathname) ?? 'index.html');
  });
});
