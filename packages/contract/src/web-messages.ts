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
  paidNotCredited: (reason: string) =>
    `Your payment went through, but the credits could not be added yet (${reason}). They will appear on your balance shortly.`,
  carriedImageFailed: (reason: string) => `Could not load that image: ${reason}`,
  /** "Use again" filled a page with an earlier result's settings. */
  toolSettingsCarried: 'The settings of your earlier result are filled in: choose a picture to run them on.',
  generationSettingsCarried:
    'The prompt and settings of your earlier image are filled in: press Generate to paint a new one.',
  /** "Use again" named a recipe the user no longer has. */
  recipeGone: 'That recipe is no longer among your recipes: it was deleted. Its images stay in your gallery.',
  /** An action the balance cannot pay for: both numbers, so the way out (buying) is obvious. */
  shortOfCredits: (action: string, needed: number, balance: number) =>
    `${action} needs ${needed} credit${needed === 1 ? '' : 's'}; your account has ${balance}. Buy credits to continue — you come back here after paying.`,
  /** Picked a picture the tools cannot read. */
  notAPicture: 'That file is not a picture Lumigen can read. Choose a PNG, JPEG or WebP image.',
  /** iPhones save HEIC by default; the browser cannot decode it. */
  heicRefused:
    'HEIC/HEIF photos cannot be edited here yet. On an iPhone, set Settings › Camera › Formats to “Most Compatible”, or share the photo and choose JPEG, then choose it again.',
  tooSmall: (width: number, height: number, min: number) =>
    `That picture is ${width}×${height} pixels; each side needs at least ${min} pixels.`,
  tooLarge: (megabytes: number) => `That file is over ${megabytes} MB. Choose a smaller image.`,
  /** A picture over a tool's pixel limit, made smaller in the browser before it is sent. */
  scaledDown: (from: { width: number; height: number }, to: { width: number; height: number }, limit: number) =>
    `Your ${from.width}×${from.height} picture (${((from.width * from.height) / 1e6).toFixed(1)} megapixels) was scaled down to ${to.width}×${to.height} before sending: this tool takes at most ${limit} megapixels.`,
} as const;
