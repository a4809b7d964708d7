import { z } from 'zod';
import { email, text } from './fields.ts';
import { messages } from './messages.ts';

export const contactRequest = z.strictObject({
  name: text('Name', { max: 80 }),
  email,
  comments: text('Comments', { max: 5000 }),
});
export type ContactRequest = z.infer<typeof contactRequest>;

export const newsletterRequest = z.strictObject({
  email,
  agreed: z.literal(true, { error: messages.newsletterAgreement }),
});
export type NewsletterRequest = z.infer<typeof newsletterRequest>;

export const marketingResponse = z.object({ success: z.literal(true), message: z.string() });
export type MarketingResponse = z.infer<typeof marketingResponse>;
