/**
 * Texts only the web app shows (the server never sends them). A module apart from messages.ts: the
 * landing page's main chunk needs a few of these, and a bundler moves whole modules, so sharing a
 * file would put every server text into its first load (docs/architecture.md §5: <= 120 kB gzip).
 */
export const webMessages = {
  networkError: 'Could not reach Lumigen. Check your connection and try again.',
  /** An answer without a message of its own (a proxy's error page, say). */
  requestFailed: (status: number) => `The request failed (HTTP ${status}). Please try again.`,
  creditLoadFailed: (reason: string) => `Failed to load credit data: ${reason}`,
  choosePlanFirst: 'Please choose a plan first: pick a credit bundle to continue to checkout.',
  checkoutInitFailed: 'Failed to initialize checkout',
  checkoutInitFailedToast: 'Something went wrong!!!',
  paymentFailed: 'The payment could not be completed. Please try again.',
  paymentUnexpected: 'An unexpected error occurred while confirming the payment. Please try again.',
  paidNotCredited: (reason: string) => `Your payment went through, but the credits could not be added yet (${reason}). They will appear on your balance shortly.`,
  carriedImageFailed: (reason: string) => `Could not load that image: ${reason}`,
  /** "Use again" filled a page with an earlier result's settings. */
  toolSettingsCarried: 'The settings of your earlier result are filled in: choose a picture to run them on.',
  generationSettingsCarried: 'The prompt and settings of your earlier image are filled in: press Generate to paint a new one.',
  /** "Use again" named a recipe the user no longer has. */
  recipeGone: 'That recipe is no longer among your recipes: it was deleted. Its images stay in your gallery.',
} as const;
