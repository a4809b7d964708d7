import { toolMessages, type ToolId } from '@lumigen/contract/tools';
import { PageHero } from '../../../components/ui/page-hero.tsx';
import { editingTools, type CatalogueRoute } from '../../../lib/tool-catalogue.ts';
import { toolFields } from '../tool-fields.ts';
import { useProviders } from '../../../lib/providers.ts';
import { ImageToolPage, type ToolPageConfig } from './image-tool-page.tsx';

/** A tool page's name: its route without the slash (`removebg`), or the public `test` page. */
export type ToolPageName = Exclude<CatalogueRoute, '/generate'> extends `/${infer Name}` ? Name | 'test' : never;

/** Every editing tool's page, from the catalogue (titles: protected-heroes.ts, from the same entries). */
const pages = Object.fromEntries(
  editingTools.map((entry) => [
    entry.route.slice(1),
    { tool: entry.id, action: entry.action, ...toolFields[entry.id] },
  ]),
) as Record<Exclude<ToolPageName, 'test'>, ToolPageConfig>;

/** docs/product.md §2's public /test page: background removal with a note that names the download. */
const testPage: ToolPageConfig = {
  tool: 'remove-background',
  action: 'Remove Background',
  // Background removal takes no instructions: the prompt is the user's note and names the download.
  prompt: {
    label: 'Prompt',
    placeholder: 'Product shot for the spring catalogue',
    hint: 'Background removal needs no instructions: your prompt only names the downloaded file.',
  },
  incompleteMessage: toolMessages.testIncomplete,
};

/** Results of the on-this-server tools say so, and a local preview says what it is (docs/decisions/051). */
function LocalBadge({ tool }: { tool: ToolId }) {
  const providers = useProviders();
  const price = providers.data?.prices.tools[tool];
  if (price?.preview) {
    return (
      <p className="tool__badge">
        local processing — {price.credits === 0 ? 'a free preview' : 'a preview'}: a quick approximation made on this
        server, not by an AI model
      </p>
    );
  }
  return providers.data?.tools === 'local' ? (
    <p className="tool__badge">local processing — edited on this server, without an outside service</p>
  ) : null;
}

/** One tool page by its route name; the public /test page draws its own hero (the protected ones get theirs from the router). */
export function ToolPage({ name }: { name: ToolPageName }) {
  const config = name === 'test' ? testPage : pages[name];
  const page = <ImageToolPage config={config} badge={<LocalBadge tool={config.tool} />} />;
  if (name !== 'test') return page;
  return (
    <>
      <PageHero
        eyebrow="AI tools"
        title="Background Removal Test"
        lead="Try background removal on an image of your own."
      />
      {page}
    </>
  );
}
