import { GenerationProviderError, type GenerationProvider } from './modules/generation/index.ts';
import { ToolProviderError, type ToolProvider } from './modules/tools/index.ts';
import type { ProviderMetrics } from './modules/metrics/index.ts';

/** Times one provider call and counts it by outcome; a failure also by its kind (a bug's: `error`). */
async function measure<T>(
  metrics: ProviderMetrics,
  labels: { provider: string; tool: string },
  failureOf: (error: unknown) => string,
  call: () => Promise<T>,
): Promise<T> {
  const startedAt = performance.now();
  const seconds = () => (performance.now() - startedAt) / 1000;
  try {
    const result = await call();
    metrics.calls.observe({ ...labels, outcome: 'ok' }, seconds());
    return result;
  } catch (error) {
    metrics.calls.observe({ ...labels, outcome: 'error' }, seconds());
    metrics.errors.inc({ ...labels, failure: failureOf(error) });
    throw error;
  }
}

/** The provider paid work uses, measured: every generation goes through here, whichever provider paints. */
export function measuredGenerationProvider(provider: GenerationProvider, metrics: ProviderMetrics): GenerationProvider {
  const labels = { provider: provider.name, tool: 'generation' };
  return {
    name: provider.name,
    ...(provider.model === undefined ? {} : { model: provider.model }),
    ...(provider.retriesItself === undefined ? {} : { retriesItself: provider.retriesItself }),
    ...(provider.verify ? { verify: provider.verify.bind(provider) } : {}),
    generate: (input) =>
      measure(
        metrics,
        labels,
        (error) => (error instanceof GenerationProviderError ? error.failure : 'error'),
        () => provider.generate(input),
      ),
  };
}

/** Likewise for the editing tools, labelled by tool. */
export function measuredToolProvider(provider: ToolProvider, metrics: ProviderMetrics): ToolProvider {
  return {
    name: provider.name,
    ...(provider.close ? { close: provider.close.bind(provider) } : {}),
    run: (input) =>
      measure(
        metrics,
        { provider: provider.name, tool: input.tool },
        (error) => (error instanceof ToolProviderError ? error.failure : 'error'),
        () => provider.run(input),
      ),
  };
}
