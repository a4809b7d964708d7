import type { ImageSummary } from '@lumigen/contract/images';
import type { ToolId } from '@lumigen/contract/tools';
import { editingTools } from './tool-catalogue.ts';

/** Each editing tool's page (docs/product.md §2's routes), from the catalogue. */
export const toolRoutes = Object.fromEntries(editingTools.map((tool) => [tool.id, tool.route])) as Record<
  ToolId,
  string
>;

/** The query that fills a tool page, or the generator, with earlier settings ("Use again"). */
export const settingsParam = 'settings';

/** The query that opens a saved recipe's run on /profile ("Use again" on what a recipe made). */
export const runRecipeParam = 'run';

/**
 * Where "Use again" takes an image: the recipe whose run ended with it, else the page that made
 * it filled with its settings (the generator, a tool); undefined when no page can make it again.
 */
export function againLink(image: Pick<ImageSummary, 'kind' | 'settings' | 'recipeId'>): string | undefined {
  if (image.recipeId) return `/profile?${new URLSearchParams({ [runRecipeParam]: image.recipeId })}#recipes`;
  const route =
    image.kind === 'generation'
      ? '/generate'
      : Object.hasOwn(toolRoutes, image.kind)
        ? toolRoutes[image.kind as ToolId]
        : undefined;
  if (!route) return undefined;
  return `${route}?${new URLSearchParams({ [settingsParam]: JSON.stringify(image.settings) })}`;
}

/** The settings object a "Use again" address carries; undefined for none, or for anything that is not one. */
export function carriedSettings(raw: string | null): Record<string, unknown> | undefined {
  if (!raw) return undefined;
  try {
    const parsed: unknown = JSON.parse(raw);
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : undefined;
  } catch {
    // Someone else's or a mangled address: a page without its settings, not a broken one.
    return undefined;
  }
}
