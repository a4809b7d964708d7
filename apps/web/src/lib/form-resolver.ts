import { webMessages } from '@lumigen/contract/web-messages';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { notify } from './notify.ts';

type FormSchema = z.ZodType<FieldValues, FieldValues>;

/** A form's resolver, and a way to start loading what it checks with before the first check. */
export type LazyZodResolver<S extends FormSchema> = Resolver<z.input<S>, unknown, z.output<S>> & { preload(): void };

/**
 * A zod resolver whose schema, and zod with it, load on the form's first check (or `preload`)
 * rather than with the page: building the schemas is a long main-thread task, which a page with a
 * form paid for at start-up. `loadSchema` is an `import()` of the module that builds the schema.
 * A failed load is not kept: the check refuses the values with the network message (a toast, and
 * the form's root error), so nothing is sent, and the next check tries again.
 *
 * Zod's eval probe is switched off by ./zod-jitless.ts, which the app's entry loads first.
 */
export function lazyZodResolver<S extends FormSchema>(loadSchema: () => Promise<S>): LazyZodResolver<S> {
  type Check = Resolver<z.input<S>, unknown, z.output<S>>;
  let loading: Promise<Check> | undefined;
  const load = () =>
    (loading ??= Promise.all([import('@hookform/resolvers/zod'), loadSchema()]).then(
      ([{ zodResolver }, schema]): Check => zodResolver<FieldValues, unknown, FieldValues, S>(schema),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  const resolver: Check = async (values, context, options) => {
    let check: Check;
    try {
      check = await load();
    } catch {
      notify.error(webMessages.networkError, { toastId: 'form-check-unavailable' });
      const errors = { root: { type: 'network', message: webMessages.networkError } } as FieldErrors<z.input<S>>;
      return { values: {}, errors };
    }
    return check(values, context, options);
  };
  // A failed preload is tried again by the check, which reports it.
  return Object.assign(resolver, { preload: () => void load().catch(() => undefined) });
}
