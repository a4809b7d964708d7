import { routeDocOf } from '@lumigen/contract/route-docs';
import { apiRoutes } from '@lumigen/contract/routes';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestContext } from '../test/harness.ts';

type Operation = {
  operationId: string;
  summary: string;
  tags: string[];
  security?: Array<Record<string, string[]>>;
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> };
  parameters?: Array<{ name: string; in: string; schema: { enum?: string[] } }>;
  responses: Record<string, { content?: Record<string, { schema: { required?: string[] } }> }>;
};
type Document = { openapi: string; paths: Record<string, Record<string, Operation>> };

/** `POST /api/jobs/:id/cancel` → the document's path and method: `/api/jobs/{id}/cancel`, `post`. */
const located = (route: string) => {
  const [method, path] = route.split(' ') as [string, string];
  return { method: method.toLowerCase(), path: path.replace(/:([a-zA-Z]+)/g, '{$1}') };
};

// The web app is not built for these tests; (its pages are not routes of the contract).
describe('GET /api/openapi.json', () => {
  let t: TestContext;
  let document: Document;

  beforeAll(async () => {
    t = await startTestApp('pglite');
    const answer = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(answer.statusCode).toBe(200);
    document = answer.json();
  });
  afterAll(() => t.close());

  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('documents every route of the contract’s table, each with its own reference text', () => {
    const undocumented = Object.keys(apiRoutes).filter((route) => !routeDocOf(route));
    expect(undocumented, 'add these routes to routeDocs in packages/contract/src/route-docs.ts').toEqual([]);
    for (const route of Object.keys(apiRoutes)) {
      const { method, path } = located(route);
      const operation = document.paths[path]?.[method];
      expect(operation, `${route} is missing from the document`).toBeDefined();
      expect(operation!.summary).toBe(routeDocOf(route)!.summary);
      // Every success status the table lists, and the one failure shape.
      const statuses = Object.keys(apiRoutes[route as keyof typeof apiRoutes]);
      expect(Object.keys(operation!.responses).sort()).toEqual([...statuses, 'default'].sort());
    }
  });

  it('lists nothing but the table’s routes (no web pages, no HEAD twins)', () => {
    const listed = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method} ${path}`),
    );
    const expected = Object.keys(apiRoutes)
      .map((route) => located(route))
      .map(({ method, path }) => `${method} ${path}`);
    expect(listed.sort()).toEqual(expected.sort());
    const ids = listed.map((entry) => {
      const [method, path] = entry.split(' ') as [string, string];
      return document.paths[path]![method]!.operationId;
    });
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('carries the request schemas the routes validate with, and who may call them', () => {
    const generate = document.paths['/api/image/generate-image']!.post!;
    const body = generate.requestBody!.content['application/json']!.schema;
    expect(Object.keys(body.properties ?? {}).sort()).toEqual(['model', 'prompt', 'quality', 'size', 'style']);
    expect(generate.security).toEqual([{ sessionToken: [] }, { sessionBearer: [] }]);
    expect(generate.responses['200']!.content!['application/json']!.schema.required).toEqual([
      'success',
      'message',
      'image',
      'creditBalance',
      'imageId',
    ]);

    const register = document.paths['/api/user/register']!.post!;
    expect(register.security).toEqual([]);

    const tool = document.paths['/api/image/tools/{tool}']!.post!;
    expect(Object.keys(tool.requestBody!.content)).toEqual(['multipart/form-data']);
    expect(tool.requestBody!.content['multipart/form-data']!.schema.properties).toHaveProperty('image_file');
    expect(tool.parameters).toContainEqual(
      expect.objectContaining({
        name: 'tool',
        in: 'path',
        schema: expect.objectContaining({ enum: expect.arrayContaining(['remove-background', 'upscale']) }),
      }),
    );

    const image = document.paths['/api/images/{id}']!.get!;
    expect(Object.keys(image.responses['200']!.content!)).toEqual(['image/png']);
  });
});
