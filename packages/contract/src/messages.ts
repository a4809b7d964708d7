/** Every user-facing text the server sends, so the web app and tests quote one source. */
export const messages = {
  registered: 'Registered successfully!',
  loggedIn: 'Login successfully!',
  loggedOut: 'Logged out',
  invalidCredentials: 'Invalid email or password',
  emailTaken: 'Email already registered',
  unauthorized: 'Please log in to continue',
  creditLoaded: 'Credit loaded',
  creditDeducted: '1 credit deducted',
  insufficientCredit: 'insufficient credit',
  imageGenerated: 'Image generated',
  // Generation failures: the credit is already back when the user reads these.
  contentPolicy: 'The image service declined this prompt under its content policy. Please rephrase it; your credit was refunded.',
  providerFailed: 'The image service could not create this image. Please try again; your credit was refunded.',
  providerTimeout: 'The image service took too long to answer. Please try again; your credit was refunded.',
  malformedJson: 'The request body is not valid JSON',
  bodyNotObject: 'The request body must be a JSON object',
  bodyTooLarge: 'The request is too large',
  unsupportedMediaType: 'Unsupported content type',
  notFound: 'Not found',
  rateLimited: (seconds: number) => `Too many attempts. Try again in ${seconds} seconds.`,
  internal: (requestId: string) => `Something went wrong on our side (request ${requestId}). Please try again.`,
} as const;
