import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config.ts';
import { selectToolProvider } from './select-provider.ts';

// A paid key beside the local payment provider needs the operator's say-so (config.test.ts).
const providerFor = (env: Record<string, string>) => selectToolProvider(loadConfig({ ALLOW_TEST_PAYMENTS: 'true', ...env }).tools).name;

describe('choosing the editing-tools provider from configuration', () => {
  it('edits locally with no key, and with an empty one, on two threads by default', () => {
    expect(providerFor({})).toBe('local');
    expect(providerFor({ CLIPDROP_API_KEY: ' ', CLIPDROP_BASE_URL: '' })).toBe('local');
    expect(loadConfig({}).tools).toEqual({ provider: 'local', local: { threads: 2, timeoutMs: 120_000 } });
  });

  it('uses Clipdrop once a key is set, at its public address by default', () => {
    expect(providerFor({ CLIPDROP_API_KEY: 'cd-key' })).toBe('clipdrop');
    expect(loadConfig({ ALLOW_TEST_PAYMENTS: 'true', CLIPDROP_API_KEY: 'cd-key' }).tools).toEqual({
      provider: 'clipdrop',
      clipdrop: { apiKey: 'cd-key', baseUrl: 'https://clipdrop-api.co', timeoutMs: 60_000 },
    });
  });

  it('TOOLS_PROVIDER=local keeps the local tools even with a key', () => {
    expect(providerFor({ CLIPDROP_API_KEY: 'cd-key', TOOLS_PROVIDER: 'local' })).toBe('local');
  });

  it('refuses to start with a combination that cannot work', () => {
    expect(() => loadConfig({ TOOLS_PROVIDER: 'clipdrop' })).toThrow(/CLIPDROP_API_KEY: required when TOOLS_PROVIDER=clipdrop/);
    expect(() => loadConfig({ TOOLS_PROVIDER: 'photoroom' })).toThrow(/TOOLS_PROVIDER/);
    expect(() => loadConfig({ ALLOW_TEST_PAYMENTS: 'true', CLIPDROP_API_KEY: 'k', CLIPDROP_BASE_URL: 'not a url' })).toThrow(/CLIPDROP_BASE_URL/);
    expect(() => loadConfig({ TOOLS_LOCAL_THREADS: '0' })).toThrow(/TOOLS_LOCAL_THREADS/);
    // The sweep would refund an edit still waiting for its provider.
    expect(() => loadConfig({ ALLOW_TEST_PAYMENTS: 'true', CLIPDROP_API_KEY: 'k', CLIPDROP_TIMEOUT_SECONDS: '600', RESERVATION_TIMEOUT_MINUTES: '10' })).toThrow(
      /CLIPDROP_TIMEOUT_SECONDS: must be shorter than RESERVATION_TIMEOUT_MINUTES/,
    );
    expect(() => loadConfig({ TOOLS_LOCAL_TIMEOUT_SECONDS: '900' })).toThrow(/TOOLS_LOCAL_TIMEOUT_SECONDS: must be shorter than RESERVATION_TIMEOUT_MINUTES/);
    // A slow local timeout does not matter while Clipdrop edits; a short reservation timeout
    // (the restart tests use one) is fine as long as no tool timeout was chosen above it.
    expect(providerFor({ CLIPDROP_API_KEY: 'k', TOOLS_LOCAL_TIMEOUT_SECONDS: '900' })).toBe('clipdrop');
    expect(providerFor({ RESERVATION_TIMEOUT_MINUTES: '0.001' })).toBe('local');
  });
});
