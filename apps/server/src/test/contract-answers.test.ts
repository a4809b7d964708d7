import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { checkAnswer } from './contract-answers.ts';

const answer = (statusCode: number, body: unknown, contentType = 'application/json; charset=utf-8') =>
  ({
    statusCode,
    headers: { 'content-type': contentType },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  }) as unknown as LightMyRequestResponse;

const credit = {
  success: true,
  message: 'Credit loaded',
  creditBalance: 5,
  name: 'Ada',
  email: 'ada@example.com',
  emailVerified: false,
  role: 'customer',
};

describe('checking answers against the contract', () => {
  it('accepts an answer that matches its route’s schema, and the error shape for a failure', () => {
    expect(() => checkAnswer('POST', '/api/image/get-credit', answer(200, credit))).not.toThrow();
    expect(() =>
      checkAnswer(
        'POST',
        '/api/image/deduct-credit',
        answer(402, {
          success: false,
          message:
            'Not enough credits: this needs 1 credit and your account has 0. Buy credits at http://localhost:8080/pricing.',
          creditBalance: 0,
          creditsNeeded: 1,
        }),
      ),
    ).not.toThrow();
    expect(() =>
      checkAnswer(
        'GET',
        '/api/health',
        answer(503, { status: 'degraded', database: 'down', generation: 'ok', disk: 'ok', uptimeSeconds: 3 }),
      ),
    ).not.toThrow();
  });

  it('refuses a missing, mistyped or unknown field, naming it', () => {
    const { name: _name, ...withoutName } = credit;
    expect(() => checkAnswer('POST', '/api/image/get-credit', answer(200, withoutName))).toThrow(/get-credit.*name/);
    expect(() => checkAnswer('POST', '/api/image/get-credit', answer(200, { ...credit, creditBalance: '5' }))).toThrow(
      /creditBalance/,
    );
    expect(() => checkAnswer('POST', '/api/image/get-credit', answer(200, { ...credit, passwordHash: 'x' }))).toThrow(
      /fields its schema does not list: passwordHash/,
    );
    expect(() =>
      checkAnswer(
        'GET',
        '/api/images?limit=2',
        answer(200, {
          success: true,
          images: [
            {
              id: crypto.randomUUID(),
              kind: 'generation',
              prompt: null,
              width: 1,
              height: 1,
              createdAt: 'now',
              settings: {},
              recipeId: null,
              style: null,
              path: '/x',
            },
          ],
          nextCursor: null,
        }),
      ),
    ).toThrow(/images\[0\]\.path/);
  });

  it('refuses a failure in another shape, and a success status the route does not list', () => {
    expect(() =>
      checkAnswer(
        'POST',
        '/api/user/login',
        answer(400, { statusCode: 400, error: 'Bad Request', message: 'body/email' }),
      ),
    ).toThrow(/errorResponse/);
    expect(() => checkAnswer('POST', '/api/user/login', answer(201, { success: true }))).toThrow(
      /no answer with status 201/,
    );
  });

  it('refuses a success from a route the contract does not list', () => {
    expect(() => checkAnswer('GET', '/api/image/get-credit', answer(200, credit))).toThrow(
      /no route in packages\/contract\/src\/routes\.ts/,
    );
    expect(() => checkAnswer('GET', '/api/secret-admin', answer(200, { success: true }))).toThrow(/no route/);
  });

  it('checks bytes by their type, and JSON routes for JSON', () => {
    expect(() => checkAnswer('GET', '/api/images/0f0e', answer(200, 'PNG…', 'image/png'))).not.toThrow();
    expect(() => checkAnswer('GET', '/api/images/0f0e', answer(200, { success: true }))).toThrow(/expected image\/png/);
    expect(() => checkAnswer('POST', '/api/image/get-credit', answer(200, 'ok', 'text/plain'))).toThrow(
      /expected JSON/,
    );
  });

  it('leaves the web app’s pages and CORS preflights alone', () => {
    expect(() => checkAnswer('GET', '/pricing', answer(200, '<!doctype html>', 'text/html'))).not.toThrow();
    expect(() => checkAnswer('OPTIONS', '/api/user/login', answer(204, ''))).not.toThrow();
  });
});
