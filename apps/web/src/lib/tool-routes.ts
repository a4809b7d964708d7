import type { ToolId } from '@lumigen/contract/tools';

/** Each editing tool's page (docs/product.md §2's routes). */
export const toolRoutes: Record<ToolId, string> = {
  'remove-background': '/removebg',
  'remove-text': '/removetxt',
  'product-photography': '/editimage',
  reimagine: '/variant',
  'replace-background': '/addbg',
  upscale: '/upscale',
  uncrop: '/uncrop',
  cleanup: '/cleanup',
};

/** The query that fills a tool page with earlier settings ("Use again"). */
export const settingsParam = 'settings';

/** A tool page filled with `settings`, or undefined for what is not a tool's result (a generation). */
export function useAgainLink(kind: string, settings: Record<string, string | number>): string | undefined {
  const route = toolRoutes[kind as ToolId];
  if (!route) return undefined;
  return `${route}?${new URLSearchParams({ [settingsParam]: JSON.stringify(settings) })}`;
}
