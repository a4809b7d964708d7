import { toolMessages, toolSliders } from '@lumigen/contract/tools';
import { PageHero } from '../../../components/ui/page-hero.tsx';
import { useProviders } from '../api/get-providers.ts';
import { ImageToolPage, type ToolPageConfig } from './image-tool-page.tsx';

/** docs/product.md §2's tool pages: buttons and fields (titles: protected-heroes.ts); one component runs them all. */
const pages = {
  removebg: { tool: 'remove-background', action: 'Remove Background' },
  removetxt: { tool: 'remove-text', action: 'Remove Text' },
  editimage: { tool: 'product-photography', action: 'Photographic Imagery', sliders: toolSliders['product-photography'] },
  variant: { tool: 'reimagine', action: 'Create Variant' },
  addbg: { tool: 'replace-background', action: 'Replace Background', prompt: { label: 'New background', placeholder: 'A sunlit marble kitchen counter', field: 'prompt' } },
  upscale: { tool: 'upscale', action: 'Upscale Image', sliders: toolSliders.upscale, size: { width: 'target_width', height: 'target_height' } },
  uncrop: { tool: 'uncrop', action: 'Uncrop/Crop', sliders: toolSliders.uncrop },
  cleanup: { tool: 'cleanup', action: 'Clean Image', mask: true },
  test: {
    tool: 'remove-background',
    action: 'Remove Background',
    // Background removal takes no instructions: the prompt is the user's note and names the download.
    prompt: { label: 'Prompt', placeholder: 'Product shot for the spring catalogue', hint: 'Background removal needs no instructions: your prompt only names the downloaded file.' },
    incompleteMessage: toolMessages.testIncomplete,
  },
} satisfies Record<string, ToolPageConfig>;

export type ToolPageName = keyof typeof pages;

/** Results of the on-this-server tools say so (issue: 'local processing'). */
function LocalBadge() {
  const providers = useProviders();
  return providers.data?.tools === 'local' ? <p className="tool__badge">local processing — edited on this server, without an outside service</p> : null;
}

/** One tool page by its route name; the public /test page draws its own hero (the protected ones get theirs from the router). */
export function ToolPage({ name }: { name: ToolPageName }) {
  const page = <ImageToolPage config={pages[name]} badge={<LocalBadge />} />;
  if (name !== 'test') return page;
  return (
    <>
      <PageHero eyebrow="AI tools" title="Background Removal Test" lead="Try background removal on an image of your own." />
      {page}
    </>
  );
}
