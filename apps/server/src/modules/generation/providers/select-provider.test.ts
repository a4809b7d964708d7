import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config.ts';
import { selectGenerationProvider } from './select-provider.ts';

// A paid key beside the local payment provider needs the operator's say-so (config.test.ts).
const providerFor = (env: Record<string, string>) =>
  selectGenerationProvider(loadConfig({ ALLOW_TEST_PAYMENTS: 'true', ...env }).generation).name;

describe('choosing the generation provider from configuration', () => {
  it('paints locally with no key, and with an empty one', () => {
    expect(providerFor({})).toBe('local');
    expect(providerFor({ OPENAI_API_KEY: '  ' })).toBe('local');
  });

  it('uses OpenAI once a key is set, with the documented defaults', () => {
    expect(providerFor({ OPENAI_API_KEY: 'sk-live' })).toBe('openai');
    expect(loadConfig({ OPENAI_API_KEY: 'sk-live', ALLOW_TEST_PAYMENTS: 'true' }).generation).toEqual({
      provider: 'openai',
      openai: { apiKey: 'sk-live', baseUrl: undefined, model: 'gpt-image-2.6-flare', timeoutMs: 60_000, maxRetries: 2 },
    });
  });

  it('GENERATION_PROVIDER=local keeps the local painter even with a key', () => {
    expect(providerFor({ OPENAI_API_KEY: 'sk-live', GENERATION_PROVIDER: 'local' })).toBe('local');
  });

  it('refuses to start with a combination that cannot work', () => {
    expect(() => loadConfig({ GENERATION_PROVIDER: 'openai' })).toThrow(
      /OPENAI_API_KEY: required when GENERATION_PROVIDER=openai/,
    );
    expect(() => loadConfig({ GENERATION_PROVIDER: 'dalle' })).toThrow(/GENERATION_PROVIDER/);
    expect(() =>
      loadConfig({ ALLOW_TEST_PAYMENTS: 'true', OPENAI_API_KEY: 'k', OPENAI_BASE_URL: 'not a url' }),
    ).toThrow(/OPENAI_BASE_URL/);
    // The sweep would refund a generation still waiting for its provider.
    expect(() =>
      loadConfig({
        ALLOW_TEST_PAYMENTS: 'true',
        OPENAI_API_KEY: 'k',
        OPENAI_TIMEOUT_SECONDS: '600',
        RESERVATION_TIMEOUT_MINUTES: '10',
      }),
    ).toThrow(/OPENAI_TIMEOUT_SECONDS: must be shorter than RESERVATION_TIMEOUT_MINUTES/);
    // Without OpenAI the timeout is not used, and a short reservation timeout stays allowed.
    expect(loadConfig({ RESERVATION_TIMEOUT_MINUTES: '0.001' }).generation.provider).toBe('local');
  });
});
