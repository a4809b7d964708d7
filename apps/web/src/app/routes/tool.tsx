import { toolMessages, toolSliders } from '@lumigen/contract/tools';
import { useProviders } from '../../features/generation/api/get-providers.ts';
import { ImageToolPage, type ToolPageConfig } from '../../features/tools/components/image-tool-page.tsx';

/** SPEC.md §2's tool pages: titles, buttons and fields; one component runs them all. */
const pages = {
  removebg: { tool: 'remove-background', title: 'Remove Background', lead: 'Cut the subject out of any photo and get a transparent PNG.', action: 'Remove Background' },
  removetxt: { tool: 'remove-text', title: 'Image Text Removal', lead: 'Erase captions, watermarks and stray text from an image.', action: 'Remove Text', insufficientMessage: toolMessages.insufficientShort },
  editimage: { tool: 'product-photography', title: 'Photographic Imagery', lead: 'Place your product on a studio background, with light and shadow you control.', action: 'Photographic Imagery', sliders: toolSliders['product-photography'] },
  variant: { tool: 'reimagine', title: 'Image Variation Tool', lead: 'Create a fresh variant of an image you already like.', action: 'Create Variant' },
  addbg: { tool: 'replace-background', title: 'Replace Background', lead: 'Keep the subject and describe a new scene behind it.', action: 'Replace Background', prompt: { label: 'New background', placeholder: 'A sunlit marble kitchen counter', field: 'prompt' } },
  upscale: { tool: 'upscale', title: 'Image Upscaling Tool', lead: 'Enlarge an image to up to 4096 pixels per side.', action: 'Upscale Image', sliders: toolSliders.upscale },
  uncrop: { tool: 'uncrop', title: 'Image Crop & Uncrop', lead: 'Extend an image beyond its borders — or crop it with negative values.', action: 'Uncrop/Crop', sliders: toolSliders.uncrop },
  cleanup: { tool: 'cleanup', title: 'Image Cleanup Tool', lead: 'Paint over what should disappear — or upload a mask — and Lumigen fills it in.', action: 'Clean Image', mask: true },
  test: {
    tool: 'remove-background',
    title: 'Background Removal Test',
    lead: 'Try background removal on an image of your own.',
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
export const BackgroundTestPage = () => <Tool config={pages.test} />;
