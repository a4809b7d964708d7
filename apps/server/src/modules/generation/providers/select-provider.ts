import type { GenerationConfig } from '../../../config.ts';
import { createLocalGenerationProvider } from './local.ts';
import { createOpenAiProvider } from './openai.ts';
import type { GenerationProvider } from './provider.ts';

/** Chosen once at start-up: OpenAI when configured, else the local painter. */
export function selectGenerationProvider(config: GenerationConfig): GenerationProvider {
  return config.provider === 'openai' ? createOpenAiProvider(config.openai) : createLocalGenerationProvider();
}
