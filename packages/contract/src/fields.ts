import { z } from 'zod';

/**
 * Field builders whose messages name the field, so a 400 tells the user exactly what to fix.
 * `label` is how the field is called in a sentence ("Password", "Email").
 */
export function text(label: string, { min = 1, max }: { min?: number; max: number }) {
  return z
    .string({ error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be text`) })
    .trim()
    .min(min, min <= 1 ? `${label} is required` : `${label} must be at least ${min} characters`)
    .max(max, `${label} must be at most ${max} characters`);
}

/** Like `text` but kept exactly as typed (passwords may start or end with spaces). */
export function secret(label: string, { min, max }: { min: number; max: number }) {
  return z
    .string({ error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be text`) })
    .min(min, min <= 1 ? `${label} is required` : `${label} must be at least ${min} characters`)
    .max(max, `${label} must be at most ${max} characters`);
}

export const email = z
  .string({ error: (issue) => (issue.input === undefined ? 'Email is required' : 'Email must be text') })
  .trim()
  .toLowerCase()
  .max(254, 'Email must be at most 254 characters')
  .pipe(z.email('Email must be a valid email address'));

/** Calls whose body docs/product.md leaves empty: accept nothing, `{}` or an empty object only. */
export const emptyBody = z.strictObject({}).nullish();

/** A page of a list: the items under `key`, and `nextCursor` to pass as `cursor` for the older page (null on the last). */
export function pagedAnswer<Key extends string, Item extends z.ZodType>(key: Key, item: Item) {
  return z.object({
    success: z.literal(true),
    // A computed key widens to `string` unless its type is said, and the spread keeps the JSON's field order.
    ...({ [key]: z.array(item) } as Record<Key, z.ZodArray<Item>>),
    nextCursor: z.string().nullable(),
  });
}
