import type { FastifyBaseLogger } from 'fastify';
import type { EditConfig, ToolsConfig } from '../../../config.ts';
import {
  createEditChain,
  createOpenAiEditWithWords,
  stabilityEditWithWords,
  type EditProvider,
} from './edit-with-words.ts';
import { createProviderChain, type ChainMetrics } from './chain.ts';
import { createClipdropProvider } from './clipdrop.ts';
import { createLocalToolsProvider } from './local.ts';
import { createOpenAiEditsProvider } from './openai-edits.ts';
import { pricesWith } from './prices.ts';
import type { ToolProvider } from './provider.ts';
import { createStabilityProvider } from './stability.ts';

/** Chosen once at start-up: each tool's chain of providers (decision 050), every provider it names made once. */
export function selectToolProvider(
  config: ToolsConfig,
  { metrics, log }: { metrics?: ChainMetrics; log?: FastifyBaseLogger } = {},
) {
  const used = new Set(Object.values(config.chains).flat());
  const providers: Partial<Record<string, ToolProvider>> = {};
  if (used.has('local')) providers.local = createLocalToolsProvider(config.local);
  if (used.has('clipdrop') && config.clipdrop) providers.clipdrop = createClipdropProvider(config.clipdrop);
  if (used.has('stability') && config.stability) providers.stability = createStabilityProvider(config.stability);
  if (used.has('openai') && config.openai) providers.openai = createOpenAiEditsProvider(config.openai);
  return createProviderChain({
    chains: config.chains,
    providers,
    prices: pricesWith(config.prices),
    openAiModel: config.openai?.model,
    metrics,
    log,
  });
}

/** Edit with words: OpenAI first (or the compatible server at its base URL), then Stability's inpaint. */
export function selectEditChain(
  config: EditConfig,
  { metrics, log }: { metrics?: ChainMetrics; log?: FastifyBaseLogger } = {},
) {
  const providers: EditProvider[] = [];
  if (config.openai) providers.push(createOpenAiEditWithWords(config.openai));
  if (config.stability) providers.push(stabilityEditWithWords(createStabilityProvider(config.stability)));
  return createEditChain({
    providers,
    prices: pricesWith(config.prices),
    openAiModel: config.openai?.model,
    metrics,
    log,
  });
}
