import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config.ts';
import { selectToolProvider } from './select-provider.ts';

describe('choosing the editing-tools provider from configuration', () => {
  it('edits locally, on two threads by default', () => {
    expect(selectToolProvider(loadConfig({}).tools).name).toBe('local');
    expect(loadConfig({}).tools).toEqual({ provider: 'local', local: { threads: 2, timeoutMs: 120_000 } });
  });

  it('refuses to start with a combination that cannot work', () => {
    expect(() => loadConfig({ TOOLS_LOCAL_THREADS: '0' })).toThrow(/TOOLS_LOCAL_THREADS/);
    // The sweep would refund an edit still running.
    expect(() => loadConfig({ TOOLS_LOCAL_TIMEOUT_SECONDS: '900' })).toThrow(/TOOLS_LOCAL_TIMEOUT_SECONDS: must be shorter than RESERVATION_TIMEOUT_MINUTES/);
    // A short reservation timeout (the restart tests use one) is fine while no tool timeout was chosen above it.
    expect(loadConfig({ RESERVATION_TIMEOUT_MINUTES: '0.001' }).tools.provider).toBe('local');
  });
});
