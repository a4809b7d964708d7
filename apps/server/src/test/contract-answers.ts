import { errorResponse } from '@lumigen/contract/errors';
import { expectedAnswer, findApiRoute } from '@lumigen/contract/routes';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

/**
 * Keys the answer has and its schema does not know. Zod strips them quietly, so a field added on
 * the server without the contract (or left behind after a rename) would otherwise pass.
 */
function unknownKeys(raw: unknown, parsed: unknown, at = ''): string[] {
  if (Array.isArray(raw) && Array.isArray(parsed))
    return raw.flatMap((item, index) => unknownKeys(item, parsed[index], `${at}[${index}]`));
  if (raw === null || parsed === null || typeof raw !== 'object' || typeof parsed !== 'object') return [];
  return Object.entries(raw).flatMap(([key, value]) =>
    key in parsed
      ? unknownKeys(value, (parsed as Record<string, unknown>)[key], `${at}.${key}`)
      : [`${at}.${key}`.slice(1)],
  );
}

const preview = (body: string) => (body.length > 300 ? `${body.slice(0, 300)}… (${body.length} characters)` : body);

/**
 * Throws unless the answer is what packages/contract/src/routes.ts says this route answers with
 * this status. Outside /api, only the table's own routes (/metrics) have a contract: the web
 * app's pages and assets, and CORS preflights, are skipped.
 */
export function checkAnswer(method: string, url: string, response: LightMyRequestResponse): void {
  const pathname = url.split('?')[0]!;
  if (method === 'OPTIONS' || method === 'HEAD') return;
  const route = findApiRoute(method, pathname);
  if (!pathname.startsWith('/api/') && !route) return;
  const request = `${method} ${url} → ${response.statusCode}`;
  const answer = expectedAnswer(route, response.statusCode);
  if (!answer) {
    throw new Error(
      route
        ? `${request}: the contract lists no answer with status ${response.statusCode} for ${route} (packages/contract/src/routes.ts)`
        : `${request}: no route in packages/contract/src/routes.ts matches; add it with its response schema`,
    );
  }
  const contentType = String(response.headers['content-type'] ?? '');
  if ('bytes' in answer) {
    if (!contentType.startsWith(answer.bytes))
      throw new Error(`${request}: expected ${answer.bytes} bytes, got content-type '${contentType}'`);
    return;
  }
  if (!contentType.startsWith('application/json'))
    throw new Error(`${request}: expected JSON, got content-type '${contentType}': ${preview(response.body)}`);
  let body: unknown;
  try {
    body = JSON.parse(response.body);
  } catch {
    throw new Error(`${request}: the body is not JSON: ${preview(response.body)}`);
  }
  const parsed = answer.json.safeParse(body);
  if (!parsed.success) {
    const issues = parsed.error.issues
      .map((issue) => `${issue.path.join('.') || '(answer)'}: ${issue.message}`)
      .join('; ');
    const schema = answer.json === errorResponse ? 'the error shape (errorResponse)' : `${route}'s schema`;
    throw new Error(`${request}: the answer does not match ${schema}: ${issues}\n${preview(response.body)}`);
  }
  const extra = unknownKeys(body, parsed.data);
  if (extra.length > 0)
    throw new Error(
      `${request}: the answer has fields its schema does not list: ${extra.join(', ')}\n${preview(response.body)}`,
    );
}

/**
 * Makes `app.inject` check every answer against the contract (see `checkAnswer`), so every
 * route test is also a contract test. Only the promise form is checked; the chained form is left
 * as Fastify made it.
 */
export function checkAnswers<App extends FastifyInstance>(app: App): App {
  const inject = app.inject.bind(app) as (options: InjectOptions | string) => Promise<LightMyRequestResponse>;
  const original = app.inject;
  const checked = async (options: InjectOptions | string) => {
    const response = await inject(options);
    const method = typeof options === 'string' ? 'GET' : (options.method ?? 'GET').toUpperCase();
    const target = typeof options === 'string' ? options : (options.url ?? options.path ?? '/');
    const url = typeof target === 'string' ? target : (target.pathname ?? '/');
    checkAnswer(method, url, response);
    return response;
  };
  app.inject = ((options?: InjectOptions | string, callback?: unknown) =>
    options === undefined || callback !== undefined
      ? Reflect.apply(
          original,
          app,
          [options, callback].filter((argument) => argument !== undefined),
        )
      : checked(options)) as App['inject'];
  return app;
}
