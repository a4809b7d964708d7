// The legal pages import nothing from the contract that carries zod schemas, which keeps them ~4 kB.
import type { ReactNode } from 'react';

export type LegalSection = { id: string; title: string; body: ReactNode };

/** When the documents last changed; changes are announced by e-mail before they apply. */
export const legalUpdated = 'November 2026';

/** docs/product.md §2: both documents ask for 2–3 weeks for a response on link requests. */
export const linkRequestResponseTime = '2–3 weeks';
