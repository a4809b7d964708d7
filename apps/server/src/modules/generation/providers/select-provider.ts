import type { GenerationConfig } from '../../../config.ts';
import { createLocalGenerationProvider } from './local.ts';
import type { OpenAiProviderOptions } from './openai.ts';
import type { GenerationProvider } from './provider.ts';

/** Chosen once at start-up: OpenAI when configured, else the local painter. */
export function selectGenerationProvider(config: GenerationConfig): GenerationProvider {
  return config.provider === 'openai'
    ? openAiProvider(config.openai)
    : createLocalGenerationProvider({ previewPauseMs: config.previewPauseMs });
}

/** OpenAI's SDK, some 13 MB of resident memory, is loaded only where OpenAI is the provider. */
function openAiProvider(options: OpenAiProviderOptions): GenerationProvider {
  const loaded = import('./openai.ts').then(({ createOpenAiProvider }) => createOpenAiProvider(options));
  return {
    name: 'openai',
    model: options.model,
    retriesItself: true,
    generate: async (input) => (await loaded).generate(input),
    verify: async () => (await loaded).verify!(),
  };
}
