import { toolMessages, toolSliders } from '@lumigen/contract/tools';
import { PageHero } from '../../components/ui/page-hero.tsx';
import { useProviders } from '../../features/generation/api/get-providers.ts';
import { ImageToolPage, type ToolPageConfig } from '../../features/tools/components/image-tool-page.tsx';

/** docs/product.md §2's tool pages: buttons and fields (titles: protected-heroes.ts); one component runs them all. */
const pages = {
  removebg: { tool: 'remove-background', action: 'Remove Background' },
  removetxt: { tool: 'remove-text', action: 'Remove Text', insufficientMessage: toolMessages.insufficientShort },
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

/** Results of the on-this-server tools say so (issue: 'local processing'). */
function LocalBadge() {
  const providers = useProviders();
  return providers.data?.tools === 'local' ? <p className="tool__badge">local processing — edited on this server, without an outside service</p> : null;
}

function Tool({ config }: { config: ToolPageConfig }) {
  return <ImageToolPage config={config} badge={<LocalBadge />} />;
}

export const RemoveBackgroundPage = () => <Tool config={pages.removebg} />;
export const RemoveTextPage = () => <Tool config={pages.removetxt} />;
export const PhotographyPage = () => <Tool config={pages.editimage} />;
export const VariantPage = () => <Tool config={pages.variant} />;
export const ReplaceBackgroundPage = () => <Tool config={pages.addbg} />;
export const UpscalePage = () => <Tool config={pages.upscale} />;
export const UncropPage = () => <Tool config={pages.uncrop} />;
export const CleanupPage = () => <Tool config={pages.cleanup} />;
/** The one public tool page: it draws its own hero (the protected ones get theirs from the router). */
export const BackgroundTestPage = () => (
  <>
    <PageHero eyebrow="AI tools" title="Background Removal Test" lead="Try background removal on an image of your own." />
    <Tool config={pages.test} />
  </>
);
