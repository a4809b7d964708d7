import { describe, expect, it } from 'vitest';
import { clipdropErrorResponse, openAiErrorResponse } from './drop-in.ts';
import { errorResponse } from './errors.ts';
import { healthResponse } from './health.ts';
import { apiRoutes, expectedAnswer, findApiRoute } from './routes.ts';
import { clipdropPaths } from './tools.ts';

describe('the route table', () => {
  it('finds a route by method and path, parameters and query strings included', () => {
    expect(findApiRoute('post', '/api/user/login')).toBe('POST /api/user/login');
    expect(findApiRoute('GET', '/api/images?limit=3')).toBe('GET /api/images');
    expect(findApiRoute('GET', '/api/images/3f1c')).toBe('GET /api/images/:id');
    expect(findApiRoute('POST', '/api/image/tools/upscale')).toBe('POST /api/image/tools/:tool');
  });

  it('finds nothing for another method, a longer path or a parameter spanning segments', () => {
    expect(findApiRoute('GET', '/api/user/login')).toBeUndefined();
    expect(findApiRoute('POST', '/api/user/login/again')).toBeUndefined();
    expect(findApiRoute('GET', '/api/images/a/b')).toBeUndefined();
  });

  it('expects the listed answer, the error shape for any failure, and nothing else', () => {
    expect(expectedAnswer('GET /api/health', 503)).toEqual({ json: healthResponse });
    expect(expectedAnswer('POST /api/user/login', 401)).toEqual({ json: errorResponse });
    expect(expectedAnswer(undefined, 404)).toEqual({ json: errorResponse });
    expect(expectedAnswer('POST /api/user/register', 200)).toBeUndefined();
  });

  it('expects the drop-in endpoints to fail in the shape of the service they stand in for', () => {
    expect(expectedAnswer('POST /v1/images/generations', 401)).toEqual({ json: openAiErrorResponse });
    expect(expectedAnswer('POST /clipdrop/cleanup/v1', 402)).toEqual({ json: clipdropErrorResponse });
    expect(expectedAnswer('POST /api/keys', 400)).toEqual({ json: errorResponse });
  });

  it('lists a Clipdrop-shaped route for each of the eight Clipdrop endpoints', () => {
    for (const path of Object.values(clipdropPaths))
      expect(findApiRoute('POST', `/clipdrop${path}`)).toBe(`POST /clipdrop${path}`);
  });

  it('gives every route an API path (or /metrics, where scrapers look, or a drop-in path) and a success answer', () => {
    for (const [route, answers] of Object.entries(apiRoutes)) {
      expect(route).toMatch(/^(GET|POST|PUT|PATCH|DELETE) (\/api\/|\/metrics$|\/v1\/|\/clipdrop\/)/);
      expect(
        Object.keys(answers).some((status) => Number(status) < 300),
        route,
      ).toBe(true);
    }
  });
});
