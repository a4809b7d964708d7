import { localEngines } from '@lumigen/contract/pricing';
import { toolIds, type ToolId } from '@lumigen/contract/tools';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config.ts';
import { selectToolProvider } from './select-provider.ts';

// A paid key beside the local payment provider needs the operator's say-so (config.test.ts).
const chainsFor = (env: Record<string, string>) => loadConfig({ ALLOW_TEST_PAYMENTS: 'true', ...env }).tools.chains;
const every = (chain: string[]) => Object.fromEntries(toolIds.map((tool) => [tool, chain]));
const openAiTools: ToolId[] = ['cleanup', 'uncrop', 'replace-background', 'reimagine', 'remove-text'];
/** The local engine follows a real provider only where it is a model, never a preview (docs/decisions/051). */
const thenLocal = (tool: ToolId, chain: string[]) => (localEngines[tool] === 'model' ? [...chain, 'local'] : chain);
const everyThenLocal = (chain: string[]) => Object.fromEntries(toolIds.map((tool) => [tool, thenLocal(tool, chain)]));

describe("choosing the editing tools' provider chains from configuration", () => {
  it('edits locally with no key, and with an empty one, on two threads by default', async () => {
    expect(chainsFor({})).toEqual(every(['local']));
    expect(chainsFor({ CLIPDROP_API_KEY: ' ', CLIPDROP_BASE_URL: '', STABILITY_API_KEY: '' })).toEqual(
      every(['local']),
    );
    expect(loadConfig({}).tools).toEqual({
      chains: every(['local']),
      local: { threads: 2, timeoutMs: 120_000 },
      prices: {},
    });
    const provider = selectToolProvider(loadConfig({}).tools);
    expect(provider.name).toBe('local');
    await provider.close?.();
  });

  it('unset, every provider whose key is set, in the order clipdrop, stability, openai, then local', () => {
    expect(chainsFor({ CLIPDROP_API_KEY: 'cd-key' })).toEqual(everyThenLocal(['clipdrop']));
    expect(chainsFor({ STABILITY_API_KEY: 'sk-st' })).toEqual(everyThenLocal(['stability']));
    // OpenAI's edits offer five tools: the other three stay local.
    const openAiOnly = chainsFor({ OPENAI_API_KEY: 'sk-oa' });
    for (const tool of toolIds)
      expect(openAiOnly[tool]).toEqual(openAiTools.includes(tool) ? thenLocal(tool, ['openai']) : ['local']);
    const all = chainsFor({ OPENAI_API_KEY: 'sk-oa', STABILITY_API_KEY: 'sk-st', CLIPDROP_API_KEY: 'cd-key' });
    for (const tool of toolIds)
      expect(all[tool]).toEqual(
        thenLocal(tool, openAiTools.includes(tool) ? ['clipdrop', 'stability', 'openai'] : ['clipdrop', 'stability']),
      );
  });

  it('never puts a local engine that only previews a tool behind a real provider, whoever names it there', () => {
    // A job with a real provider in its chain is priced as real work: a preview must not answer it.
    const chains = chainsFor({
      STABILITY_API_KEY: 's',
      TOOLS_PROVIDER: 'stability,local',
      TOOLS_PROVIDER_CLEANUP: 'stability,local',
    });
    expect(chains.cleanup).toEqual(['stability']);
    expect(chains.upscale).toEqual(['stability']);
    expect(chains['remove-background']).toEqual(['stability', 'local']);
    expect(chainsFor({ STABILITY_API_KEY: 's', TOOLS_PROVIDER_UNCROP: 'local' }).uncrop).toEqual(['local']);
  });

  it('TOOLS_PROVIDER is an ordered list (a single name as before); a provider is skipped for a tool it does not offer', () => {
    expect(chainsFor({ CLIPDROP_API_KEY: 'cd-key', TOOLS_PROVIDER: 'local' })).toEqual(every(['local']));
    expect(chainsFor({ CLIPDROP_API_KEY: 'cd-key', TOOLS_PROVIDER: 'clipdrop' })).toEqual(every(['clipdrop']));
    expect(
      chainsFor({ CLIPDROP_API_KEY: 'k', STABILITY_API_KEY: 's', TOOLS_PROVIDER: ' Stability , clipdrop,local' }),
    ).toEqual(everyThenLocal(['stability', 'clipdrop']));
    const chains = chainsFor({ OPENAI_API_KEY: 'o', STABILITY_API_KEY: 's', TOOLS_PROVIDER: 'openai,stability' });
    expect(chains.cleanup).toEqual(['openai', 'stability']);
    expect(chains.upscale).toEqual(['stability']);
    // Nothing left for a tool: its local engine, which offers every tool.
    expect(chainsFor({ OPENAI_API_KEY: 'o', TOOLS_PROVIDER: 'openai' }).upscale).toEqual(['local']);
  });

  it('TOOLS_PROVIDER_<TOOL> overrides the list for one tool', () => {
    const chains = chainsFor({
      CLIPDROP_API_KEY: 'k',
      STABILITY_API_KEY: 's',
      TOOLS_PROVIDER: 'stability,clipdrop',
      TOOLS_PROVIDER_REMOVE_BACKGROUND: 'local',
      TOOLS_PROVIDER_PRODUCT_PHOTOGRAPHY: 'clipdrop,local',
    });
    expect(chains['remove-background']).toEqual(['local']);
    expect(chains['product-photography']).toEqual(['clipdrop', 'local']);
    expect(chains.cleanup).toEqual(['stability', 'clipdrop']);
  });

  it("builds one provider per name and reports each tool's chain", async () => {
    const provider = selectToolProvider(
      loadConfig({ ALLOW_TEST_PAYMENTS: 'true', STABILITY_API_KEY: 's', OPENAI_API_KEY: 'o' }).tools,
    );
    expect(provider.name).toBe('stability');
    expect(provider.chains.cleanup).toEqual(['stability', 'openai']);
    await provider.close?.();
  });

  it('refuses to start with a combination that cannot work', () => {
    expect(() => loadConfig({ TOOLS_PROVIDER: 'clipdrop' })).toThrow(
      /CLIPDROP_API_KEY: required when TOOLS_PROVIDER names clipdrop/,
    );
    expect(() => loadConfig({ TOOLS_PROVIDER: 'stability,local' })).toThrow(
      /STABILITY_API_KEY: required when TOOLS_PROVIDER names stability/,
    );
    expect(() => loadConfig({ TOOLS_PROVIDER: 'photoroom' })).toThrow(/TOOLS_PROVIDER/);
    expect(() => loadConfig({ TOOLS_PROVIDER: 'local,local' })).toThrow(/TOOLS_PROVIDER: names a provider twice/);
    expect(() =>
      loadConfig({ ALLOW_TEST_PAYMENTS: 'true', OPENAI_API_KEY: 'o', TOOLS_PROVIDER_UPSCALE: 'openai' }),
    ).toThrow(/TOOLS_PROVIDER_UPSCALE: openai does not offer upscale/);
    expect(() =>
      loadConfig({ ALLOW_TEST_PAYMENTS: 'true', CLIPDROP_API_KEY: 'k', CLIPDROP_BASE_URL: 'not a url' }),
    ).toThrow(/CLIPDROP_BASE_URL/);
    expect(() =>
      loadConfig({ ALLOW_TEST_PAYMENTS: 'true', STABILITY_API_KEY: 'k', STABILITY_BASE_URL: 'not a url' }),
    ).toThrow(/STABILITY_BASE_URL/);
    expect(() => loadConfig({ PROVIDER_PRICES_JSON: '{"stability:/x": "cheap"}' })).toThrow(/PROVIDER_PRICES_JSON/);
    expect(() => loadConfig({ TOOLS_LOCAL_THREADS: '0' })).toThrow(/TOOLS_LOCAL_THREADS/);
    // The sweep would refund an edit still waiting for its provider.
    expect(() =>
      loadConfig({
        ALLOW_TEST_PAYMENTS: 'true',
        CLIPDROP_API_KEY: 'k',
        TOOLS_PROVIDER: 'clipdrop',
        CLIPDROP_TIMEOUT_SECONDS: '600',
        RESERVATION_TIMEOUT_MINUTES: '10',
      }),
    ).toThrow(/CLIPDROP_TIMEOUT_SECONDS: must be shorter than RESERVATION_TIMEOUT_MINUTES/);
    // A chain may try each provider in turn: their timeouts add up.
    expect(() =>
      loadConfig({
        ALLOW_TEST_PAYMENTS: 'true',
        CLIPDROP_API_KEY: 'k',
        STABILITY_API_KEY: 's',
        TOOLS_PROVIDER: 'clipdrop,stability',
        CLIPDROP_TIMEOUT_SECONDS: '300',
        STABILITY_TIMEOUT_SECONDS: '400',
        RESERVATION_TIMEOUT_MINUTES: '10',
      }),
    ).toThrow(/STABILITY_TIMEOUT_SECONDS: must be shorter than RESERVATION_TIMEOUT_MINUTES/);
    expect(() => loadConfig({ TOOLS_LOCAL_TIMEOUT_SECONDS: '900' })).toThrow(
      /TOOLS_LOCAL_TIMEOUT_SECONDS: must be shorter than RESERVATION_TIMEOUT_MINUTES/,
    );
    expect(chainsFor({ RESERVATION_TIMEOUT_MINUTES: '0.001' })).toEqual(every(['local']));
  });

  it('PROVIDER_PRICES_JSON overrides list prices', () => {
    expect(
      loadConfig({ PROVIDER_PRICES_JSON: '{"clipdrop:credit": 0.01, "openai:gpt-image-2.6-flare:output": 40}' }).tools
        .prices,
    ).toEqual({ 'clipdrop:credit': 0.01, 'openai:gpt-image-2.6-flare:output': 40 });
  });
});
