import type { ToolId, ToolProviderName } from '@lumigen/contract/tools';
import type { FastifyBaseLogger } from 'fastify';
import { estimateUsd, type Prices } from './prices.ts';
import {
  ToolProviderError,
  type ProviderAttempt,
  type ProviderCall,
  type ToolFailure,
  type ToolInput,
  type ToolProvider,
} from './provider.ts';

export type ChainMetrics = {
  requests: { inc(labels: { provider: string; tool: string; outcome: string }): void };
  cost: { inc(labels: { provider: string; kind: string }, value: number): void };
};

/**
 * One provider's calls for a job as they are kept (migration 0018): each priced from its reported
 * usage, every one but the last `retried`, the last with the provider's outcome.
 */
export function providerAttempts(
  provider: ToolProviderName,
  calls: ProviderCall[],
  outcome: ProviderAttempt['outcome'],
  { prices, openAiModel }: { prices: Prices; openAiModel?: string | undefined },
): ProviderAttempt[] {
  return calls.map((call, index) => {
    const usd = estimateUsd(prices, provider, call, openAiModel);
    return {
      provider,
      endpoint: call.endpoint,
      status: call.status ?? null,
      ms: Math.round(call.ms),
      outcome: index === calls.length - 1 ? outcome : 'retried',
      usage: call.usage ?? {},
      costUsd: usd ?? null,
    };
  });
}

/** A provider that failed for its own reasons (its outage, its quota, our key): the next one may do the job. */
export const failsOver = (failure: ToolFailure) => failure !== 'rejected_input';

/**
 * The editing tools as a chain of providers per tool (decision 050): each provider in turn until
 * one answers. A refusal of the user's input or content (`rejected_input`) ends the chain at once;
 * any other failure hands the same input to the next provider, and the last one's failure is the
 * job's. Every call is recorded in `input.attempts` with its cost and counted in the metrics. The
 * job's credit is the runner's business: reserved once, committed or refunded once, whoever answered.
 */
export function createProviderChain({
  chains,
  providers,
  prices,
  openAiModel,
  metrics,
  log,
}: {
  chains: Record<ToolId, ToolProviderName[]>;
  providers: Partial<Record<ToolProviderName, ToolProvider>>;
  prices: Prices;
  openAiModel?: string | undefined;
  metrics?: ChainMetrics | undefined;
  log?: FastifyBaseLogger | undefined;
}): ToolProvider & { chains: Record<ToolId, ToolProviderName[]> } {
  for (const [tool, chain] of Object.entries(chains)) {
    for (const name of chain)
      if (!providers[name]) throw new Error(`the ${tool} chain names ${name}, which is not configured`);
  }

  function record(
    input: ToolInput,
    provider: ToolProviderName,
    calls: ProviderCall[],
    outcome: ProviderAttempt['outcome'],
    ms: number,
  ) {
    // A local tool makes no call out: its run is the attempt.
    const made =
      calls.length > 0 ? calls : [{ endpoint: provider === 'local' ? 'local' : 'unreached', status: undefined, ms }];
    for (const attempt of providerAttempts(provider, made, outcome, { prices, openAiModel })) {
      input.attempts?.push(attempt);
      metrics?.requests.inc({ provider, tool: input.tool, outcome: attempt.outcome });
      if (attempt.costUsd) metrics?.cost.inc({ provider, kind: input.tool }, attempt.costUsd);
    }
  }

  const first = Object.values(chains).find((chain) => chain[0] !== 'local')?.[0];
  return {
    // The provider most tools go to first: what /api/image/providers calls "the" tools provider.
    name: first ?? 'local',
    chains,
    async run(input) {
      const chain = chains[input.tool];
      for (const [index, name] of chain.entries()) {
        const provider = providers[name]!;
        const calls: ProviderCall[] = [];
        const startedAt = performance.now();
        try {
          const answer = await provider.run({ ...input, report: (call) => calls.push(call) });
          record(input, name, calls, 'ok', performance.now() - startedAt);
          return answer;
        } catch (error) {
          const failure = error instanceof ToolProviderError ? error.failure : 'failed';
          record(input, name, calls, failure, performance.now() - startedAt);
          const next = chain[index + 1];
          if (!(error instanceof ToolProviderError) || !failsOver(failure) || !next) throw error;
          // What the operator must fix (a key, an account out of credit) is said loudly even when the next provider saves the job.
          const fields = { err: error, tool: input.tool, provider: name, failure, providerStatus: error.status, next };
          if (failure === 'unavailable') log?.error(fields, `${error.message}; handing the job to ${next}`);
          else log?.warn(fields, `provider failed; handing the job to ${next}`);
        }
      }
      throw new Error(`no provider for ${input.tool}`);
    },
    async close() {
      await Promise.all(Object.values(providers).map((provider) => provider.close?.() ?? Promise.resolve()));
    },
  };
}

/** The start-up line's account of the chains: one chain when every tool has the same, else each tool's. */
export function describeChains(chains: Record<ToolId, ToolProviderName[]>): string {
  const each = Object.entries(chains).map(([tool, chain]) => [tool, chain.join(' > ')] as const);
  if (new Set(each.map(([, chain]) => chain)).size === 1) return each[0]![1];
  return each.map(([tool, chain]) => `${tool}: ${chain}`).join(', ');
}
