import type { ToolProviderName } from '@lumigen/contract/tools';
import type { ProviderCall } from './provider.ts';

/** A list price in US dollars, with where it was read and when. */
type ListPrice = { usd: number; unit: string; source: string; date: string };

const stabilityPriceList = 'Stability AI "API Price Update" (platform.stability.ai/pricing; 1 credit = $0.01)';

/**
 * The list prices a job's cost is estimated from. Keys: `stability:<endpoint>` per call,
 * `clipdrop:credit` per credit Clipdrop says it consumed, `openai:<model>:input` and
 * `openai:<model>:output` per million tokens. What is not listed (no price could be confirmed)
 * has no estimate until PROVIDER_PRICES_JSON names it.
 */
export const listPrices: Record<string, ListPrice> = {
  'stability:/v2beta/stable-image/edit/remove-background': {
    usd: 0.05,
    unit: 'call',
    source: stabilityPriceList,
    date: '2025-07-09',
  },
  'stability:/v2beta/stable-image/edit/erase': {
    usd: 0.05,
    unit: 'call',
    source: stabilityPriceList,
    date: '2025-07-09',
  },
  'stability:/v2beta/stable-image/edit/inpaint': {
    usd: 0.05,
    unit: 'call',
    source: stabilityPriceList,
    date: '2025-07-09',
  },
  'stability:/v2beta/stable-image/edit/outpaint': {
    usd: 0.04,
    unit: 'call',
    source: stabilityPriceList,
    date: '2025-07-09',
  },
  'stability:/v2beta/stable-image/edit/replace-background-and-relight': {
    usd: 0.08,
    unit: 'call',
    source: stabilityPriceList,
    date: '2025-07-09',
  },
  'stability:/v2beta/stable-image/upscale/fast': {
    usd: 0.02,
    unit: 'call',
    source: stabilityPriceList,
    date: '2025-07-09',
  },
  'stability:/v2beta/stable-image/upscale/conservative': {
    usd: 0.4,
    unit: 'call',
    source: stabilityPriceList,
    date: '2025-07-09',
  },
  'stability:/v2beta/stable-image/generate/ultra': {
    usd: 0.08,
    unit: 'call',
    source: stabilityPriceList,
    date: '2025-07-09',
  },
};

export type Prices = (key: string) => number | undefined;

/** The list prices with the operator's overrides (PROVIDER_PRICES_JSON) on top. */
export function pricesWith(overrides: Record<string, number>): Prices {
  return (key) => overrides[key] ?? listPrices[key]?.usd;
}

/** Stability bills a successful call only (its errors cost nothing): its price in its credits. */
export const stabilityCredits = (endpoint: string): number | undefined => {
  const usd = listPrices[`stability:${endpoint}`]?.usd;
  return usd === undefined ? undefined : Math.round(usd * 100 * 100) / 100;
};

/** The estimate in US dollars of one call from the usage it reported; undefined: no price known. */
export function estimateUsd(
  prices: Prices,
  provider: ToolProviderName,
  call: ProviderCall,
  model?: string,
): number | undefined {
  const usage = call.usage ?? {};
  switch (provider) {
    case 'stability':
      return usage.credits === undefined ? undefined : usage.credits > 0 ? prices(`stability:${call.endpoint}`) : 0;
    case 'clipdrop': {
      const perCredit = prices('clipdrop:credit');
      return usage.credits === undefined || perCredit === undefined ? undefined : usage.credits * perCredit;
    }
    case 'openai': {
      const input = prices(`openai:${model}:input`);
      const output = prices(`openai:${model}:output`);
      if (
        input === undefined ||
        output === undefined ||
        usage.input_tokens === undefined ||
        usage.output_tokens === undefined
      )
        return undefined;
      return (usage.input_tokens * input + usage.output_tokens * output) / 1_000_000;
    }
    case 'local':
      return 0;
  }
}
