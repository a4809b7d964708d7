import { describe, expect, it } from 'vitest';
import { errorResponse } from './errors.ts';
import { healthResponse } from './health.ts';
import { apiRoutes, expectedAnswer, findApiRoute } from './routes.ts';

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

  it('gives every route an API path (or /metrics, where scrapers look) and a success answer', () => {
    for (const [route, answers] of Object.entries(apiRoutes)) {
      expect(route).toMatch(/^(GET|POST|PUT|PATCH|DELETE) (\/api\/|\/metrics$)/);
      expect(Object.keys(answers).some((status) => Number(status) < 300), route).toBe(true);
    }
  });
});
