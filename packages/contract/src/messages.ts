import { brand } from './brand.ts';
import { actionLabels } from './credits.ts';
import { creditCosts, formatCost } from './pricing.ts';

/** An upload as a person calls it: the tool pages send `image_file` and, for cleanup, `mask` (`mask_file` in Clipdrop's shape). */
function upload(field: string): string {
  if (field === 'image_file') return 'The picture';
  if (field === 'mask' || field === 'mask_file') return 'The mask';
  return field;
}

/**
 * Every user-facing text the server sends, so the web app and tests quote one source. The texts only
 * the web app shows are in web-messages.ts.
 */
export const messages = {
  registered: 'Registered successfully!',
  /** SIGNUP_BONUS_AFTER_VERIFICATION=true: the free credits wait for the mailed link. */
  registeredVerifyForBonus: (credits: number) =>
    `Registered successfully! Confirm your e-mail address with the link we sent you to receive your ${credits} free credits.`,
  loggedIn: 'Login successfully!',
  loggedOut: 'Logged out',
  invalidCredentials: 'Invalid email or password',
  accountSuspended: `This account is suspended. Write to ${brand.email} to talk it over with support.`,
  emailTaken: 'Email already registered',
  /** Only the registration form compares the two passwords; the server never sees the second. */
  passwordsDiffer: 'Passwords do not match',
  unauthorized: 'Please log in to continue',
  resetRequested:
    'If an account exists for this address, we have sent it a link to reset the password. Check your inbox.',
  passwordReset:
    'Your password has been changed and you are signed in. Other sessions were signed out and every API key was revoked.',
  resetLinkInvalid: 'This password reset link is not valid. Request a new one.',
  resetLinkExpired: 'This password reset link has expired. Request a new one.',
  /** The normalized address (dots, +tags, Gmail's two domains) already had its free credits. */
  registeredNoBonus:
    'Registered successfully! This e-mail address already received its free credits on another account, so this account starts with 0 credits.',
  disposableEmail: 'Addresses from disposable e-mail services cannot be used. Please sign up with an address you keep.',
  emailVerifiedNoBonus:
    'Your e-mail address is confirmed. This address already received its free credits on another account, so none were added.',
  emailVerified: 'Your e-mail address is confirmed.',
  emailVerifiedWithBonus: (credits: number) =>
    `Your e-mail address is confirmed. ${credits} free credits were added to your account.`,
  verifyLinkInvalid: 'This confirmation link is not valid. Sign in and ask for a new one.',
  verifyLinkExpired: 'This confirmation link has expired. Sign in and ask for a new one.',
  verifyLinkUsed: 'This confirmation link has already been used.',
  verificationSent: (email: string) => `We sent a new confirmation link to ${email}. Check your inbox.`,
  alreadyVerified: 'Your e-mail address is already confirmed.',
  profileUpdated: 'Your name has been updated.',
  passwordChanged: 'Your password has been changed. Other sessions were signed out; this one stays signed in.',
  passwordChangedKeysRevoked:
    'Your password has been changed. Other sessions were signed out and every API key was revoked; this session stays signed in.',
  wrongCurrentPassword: 'The current password is not correct',
  sessionRevoked: 'That session has been signed out.',
  otherSessionsEnded: 'Every other session has been signed out.',
  otherSessionsEndedKeysRevoked: 'Every other session has been signed out and every API key was revoked.',
  resetLinkUsed: 'This password reset link has already been used. Request a new one.',
  /** change-email: nothing changes until the link mailed to the new address is opened. */
  emailChangeRequested: (email: string) =>
    `We sent a confirmation link to ${email}. Your address changes when you open it.`,
  emailUnchanged: 'That is already your e-mail address.',
  emailChanged: (email: string) => `Your e-mail address is now ${email}.`,
  wrongPassword: 'The password is not correct',
  accountDeleted: 'Your account has been deleted. Your images are gone and you have been signed out.',
  /** Work in progress would store an image for an account that no longer exists. */
  accountBusy:
    'Some of your images are still being made. Wait for them to finish, or cancel them, then delete your account.',
  creditLoaded: 'Credit loaded',
  // The specification's toast (docs/product.md §8), '1 credit deducted', at whatever an edit costs.
  creditDeducted: `${formatCost(creditCosts.edit)} deducted`,
  /** A short balance: what the action needs, what the account has, and where to buy (API clients read it too). */
  insufficientCredit: (needed: number, balance: number, pricingUrl: string) =>
    `Not enough credits: this needs ${formatCost(needed)} and your account has ${balance}. Buy credits at ${pricingUrl}.`,
  /** The account's unusable-output refunds for the day ran out: paid work waits until 00:00 UTC. */
  unusableBudgetSpent: (refunds: number) =>
    `The image services answered unusable pictures for your account ${refunds} times today, each refunded. To keep this from repeating, paid work is paused until 00:00 UTC; nothing was charged.`,
  /** A refund or dispute took back credits already spent: paid work waits until a purchase pays them. */
  shortfallOwed: (credits: number) =>
    `Your account owes ${credits} credit${credits === 1 ? '' : 's'} from a refunded or disputed purchase whose credits were already spent. Buy a bundle to settle it: the owed credits are taken from it first and the rest is added to your balance. Until then paid work is paused.`,
  imageGenerated: 'Image generated',
  // Generation failures: the credit is already back when the user reads these.
  contentPolicy:
    'The image service declined this prompt under its content policy. Please rephrase it; your credit was refunded.',
  providerFailed: 'The image service could not create this image. Please try again; your credit was refunded.',
  providerTimeout: 'The image service took too long to answer. Please try again; your credit was refunded.',
  /** The operator's model is not offered by the provider: nothing is charged until they fix it. */
  generationUnavailable:
    'Image generation is unavailable right now: the image service is not set up correctly. No credit was charged; please try again later.',
  imageEdited: 'Image edited',
  /** The editing tools' answers: upload problems name the field; failures say the credit is back. */
  tool: {
    unknown: (tool: string) => `Unknown tool: ${tool}`,
    notMultipart: 'Send the image as multipart/form-data, in the image_file field',
    fileMissing: (field: string) => `${field} is required: choose a PNG, JPEG or WebP image`,
    maskMissing: 'mask is required for cleanup: an image of the same size, white where pixels should disappear',
    fileEmpty: (field: string) => `${upload(field)} is an empty file. Choose it again.`,
    fileTooLarge: (field: string, megabytes: number) =>
      `${upload(field)} is larger than ${megabytes} MB. Choose a smaller file.`,
    notAnImage: (field: string) => `${upload(field)} is not a PNG, JPEG or WebP image.`,
    unreadable: (field: string) => `${upload(field)} could not be read: the file is damaged or incomplete.`,
    tooManyPixels: (field: string, megapixels: number, tool: string, limit: number) =>
      `${upload(field)} is ${megapixels.toFixed(1)} megapixels; ${actionLabels[tool] ?? tool} takes at most ${limit} megapixels. Scale it down and try again.`,
    tooSmall: (field: string, width: number, height: number, min: number) =>
      `${upload(field)} is ${width}×${height} pixels; each side must be at least ${min} pixels.`,
    maskSize: (width: number, height: number, maskWidth: number, maskHeight: number) =>
      `The mask must be the size of the picture, ${width}×${height} pixels (it is ${maskWidth}×${maskHeight}).`,
    cropTooLarge: (width: number, height: number, min: number) =>
      `The extend values leave ${Math.max(width, 0)}×${Math.max(height, 0)} pixels of the image; each side must keep at least ${min}`,
    uncropTooLarge: (width: number, height: number, maxPixels: number) =>
      `The extend values make a ${width}×${height} result (${((width * height) / 1e6).toFixed(1)} megapixels); uncrop makes at most ${(maxPixels / 1e6).toFixed(1)} megapixels (${Math.round(Math.sqrt(maxPixels))}×${Math.round(Math.sqrt(maxPixels))})`,
    notAFile: (field: string) => `${field} must be a file`,
    notText: (field: string) => `${field} must be text, not a file`,
    sentTwice: (field: string) => `${field} was sent more than once`,
    fieldTooLong: (field: string) => `${field} is too long`,
    tooManyFiles: 'At most 2 files per request: image_file and, for cleanup, mask',
    tooManyFields: 'Too many fields in the request',
    unknownField: (field: string) => `Unknown field: ${field}`,
    malformed: 'The multipart body is malformed or incomplete',
    // Provider failures: the credit is already back when the user reads these.
    rejected: (reason?: string) =>
      `The editing service could not process this image${reason ? ` (${reason})` : ''}. Your credit was refunded.`,
    unavailable: 'The editing service is unavailable right now. Please try again later; your credit was refunded.',
    rateLimited: 'The editing service is busy. Please try again in a moment; your credit was refunded.',
    busy: 'This server is busy editing other images. Please try again in a moment; your credit was refunded.',
    failed: 'The editing service could not edit this image. Please try again; your credit was refunded.',
    timeout: 'The editing service took too long to answer. Please try again; your credit was refunded.',
  },
  /**
   * The provider answered a picture nobody can use (decision 029): refunded, and said plainly. A
   * safety filter's all-black answer is the common case.
   */
  unusable: {
    transparent: 'The provider returned a fully transparent image; your credit was refunded.',
    black: 'The provider returned an all-black image; your credit was refunded.',
    oneColour: 'The provider returned an image of a single flat colour; your credit was refunded.',
    unchanged: 'The provider returned your picture unchanged; your credit was refunded.',
    wrongSize: (width: number, height: number, expectedWidth: number, expectedHeight: number) =>
      `The provider returned a ${width}×${height} image instead of ${expectedWidth}×${expectedHeight}; your credit was refunded.`,
  },
  /** Uploads refused before a byte is read: nothing was charged. */
  uploads: {
    tooManyAtOnce: (max: number) =>
      `You already have ${max} uploads in progress. Wait for one to finish; nothing was charged.`,
    spillFull: 'The server is receiving too many uploads right now. Please try again in a moment; nothing was charged.',
    diskLow:
      'The server is short of disk space and cannot take uploads right now. Please try again later; nothing was charged.',
  },
  /** Jobs (decision 022): the per-user limits, and why a job ended without an image. */
  job: {
    tooMany: (running: number, waiting: number) =>
      `You already have ${running + waiting} images in progress (${running} at a time, ${waiting} waiting). Please wait for one to finish; nothing was charged.`,
    canceled: 'Canceled; your credit was refunded.',
    /** Too many open event streams, of this account or from this address. */
    tooManyStreams: (max: number, seconds: number) =>
      `You are already following ${max} jobs at once from here. Close one, or try again in ${seconds} seconds.`,
    alreadyFinished: 'This job has already finished.',
    cancelRequested: 'Job canceled; your credit was refunded.',
    lost: 'The job was interrupted and could not be finished. Please try again; your credit was refunded.',
    internal: 'Something went wrong on our side. Please try again; your credit was refunded.',
    /** A brief call whose process closed (a restart) before its job ended: the job goes on. */
    stillRunning:
      'The server is restarting and stopped waiting, but your image is still being made: it appears under Recent work in a moment, or your credit is given back. There is no need to send it again.',
    storageUnavailable:
      'Image storage is unavailable right now, so the image could not be saved. Please try again in a moment; your credit was refunded.',
  },
  /** Developer API keys (decision 027). */
  apiKey: {
    missing: 'No API key provided: send it in the x-api-key header or as Authorization: Bearer lk_…',
    invalid: 'Invalid API key',
    revoked: 'This API key has been revoked',
    suspended: `The account of this API key is suspended. Write to ${brand.email} to talk it over with support.`,
    missingScope: (scope: string) =>
      `This API key does not have the ${scope} scope. Create a key with it on your profile page.`,
    capReached: (cap: number) =>
      `This API key has reached its daily limit of ${cap} credit${cap === 1 ? '' : 's'}. It resets at 00:00 UTC; nothing was charged.`,
    tooMany: (max: number) => `You already have ${max} API keys. Revoke one you no longer use to create another.`,
    revokedDone: 'API key revoked. Programs using it can no longer call Lumigen.',
    /** A key spends the account's credits: only someone who proved they hold the mailbox makes one. */
    addressUnconfirmed:
      'Confirm your e-mail address before creating an API key: open the link we sent you, or ask for a new one on your profile page.',
  },
  /** Our own storage or database is down (decision 026): nothing the user did wrong, try again soon. */
  storageUnavailable: 'Image storage is unavailable right now. Please try again in a moment.',
  storageUnavailableNothingCharged:
    'Image storage is unavailable right now, so your upload could not be kept. Please try again in a moment; no credit was taken.',
  databaseUnavailable:
    'The service is briefly unavailable: its database does not answer. Please try again in a moment; images already accepted will still be made, or their credit given back.',
  malformedJson: 'The request body is not valid JSON',
  bodyNotObject: 'The request body must be a JSON object',
  bodyTooLarge: 'The request is too large',
  unsupportedMediaType: 'Unsupported content type',
  notFound: 'Not found',
  metricsTokenRequired: 'The metrics need the bearer token set in METRICS_TOKEN',
  imageDeleted: 'Image deleted',
  contactReceived: 'submitted successfully! We will get back.',
  subscribed: 'subscribed successfully!',
  newsletterAgreement: 'Please agree to the privacy policy to subscribe',
  /** The web app's words for an address the newsletter form cannot use (the server names the field instead). */
  invalidEmailExample: 'Enter a valid email address, like name@example.com',
  rateLimited: (seconds: number) => `Too many attempts. Try again in ${seconds} seconds.`,
  internal: (requestId: string) => `Something went wrong on our side (request ${requestId}). Please try again.`,
  paymentSuccessful: 'Payment successful',
  unknownBundle: 'Unknown bundle: choose Starter, Popular or Premium',
  paymentNotFound: 'Payment not found',
  paymentNotYours: 'This payment belongs to another account',
  paymentNotCompleted: 'The payment has not been completed',
  paymentMismatch: 'The payment does not match this purchase',
  paymentProviderFailed: 'The payment provider could not be reached. Please try again.',
  invalidWebhookSignature: 'Invalid webhook signature',
  /** The operator's console (docs/decisions/054). */
  admin: {
    confirmed: 'Password confirmed: changes are open for 15 minutes',
    wrongPassword: 'The password is not correct',
    confirmPassword: 'Confirm your password first: changes need it typed again within the last 15 minutes',
    creditsGranted: (delta: number, balance: number) =>
      `${delta > 0 ? `Granted ${delta}` : `Took ${-delta}`} credit${Math.abs(delta) === 1 ? '' : 's'}; the balance is ${balance}`,
    creditsBelowZero: (balance: number) =>
      `The balance is ${balance}: taking that many credits would leave it below zero`,
    customerGone: 'This account was deleted',
    suspended: 'Account suspended: its sessions and API keys stop at once',
    unsuspended: 'Account restored: its sessions and API keys work again',
    alreadySuspended: 'This account is already suspended',
    notSuspended: 'This account is not suspended',
    sessionRevoked: 'Session revoked',
    keyRevoked: 'API key revoked',
    confirmationSent: (email: string) => `A new confirmation link was sent to ${email}`,
    nothingOwed: 'This account owes no credits',
    shortfallForgiven: (owed: number) => `Forgave ${owed} owed credit${owed === 1 ? '' : 's'}: paid work is open again`,
    accountDeleted: 'Account deleted, as its owner would have deleted it',
    priceSet: (label: string, credits: number) =>
      `${label} now costs ${credits} credit${credits === 1 ? '' : 's'}; work already accepted keeps its price`,
  },
  /** Stripe's own texts for its test cards, so the local provider reads like Stripe. */
  card: {
    declined: 'Your card was declined.',
    insufficientFunds: 'Your card has insufficient funds.',
    expired: 'Your card has expired.',
    expiryInPast: "Your card's expiration date is in the past.",
    invalidExpiryMonth: "Your card's expiration month is invalid.",
    incorrectCvc: "Your card's security code is incorrect.",
    incompleteCvc: "Your card's security code is incomplete.",
    invalidNumber: 'Your card number is invalid.',
    incompleteNumber: 'Your card number is incomplete.',
    /** Only the card form says this: a date not fully typed never reaches the server. */
    incompleteExpiry: "Your card's expiration date is incomplete.",
    processingError: 'An error occurred while processing your card. Try again in a little bit.',
    notTestCard: 'Your card was declined. Your request was in test mode, but used a non test card.',
  },
} as const;
