// The schemas of the credit calls are in credit-schemas.ts: zod stays out of the pages that need only
// these labels and limits (decision 032).
export type { CreditResponse, GetCreditResponse, LedgerEntry, LedgerQuery, LedgerResponse } from './credit-schemas.ts';

/** What each paid action is called in the ledger ("Background removal", "Refund — background removal failed"). */
export const actionLabels: Record<string, string> = {
  generation: 'Image generation',
  'remove-background': 'Background removal',
  'remove-text': 'Text removal',
  'product-photography': 'Product photography',
  reimagine: 'Reimagine',
  'replace-background': 'Background replacement',
  upscale: 'Upscale',
  uncrop: 'Uncrop',
  cleanup: 'Cleanup',
};

export const ledgerPageLimits = { default: 20, max: 100 } as const;
