import { PageHero } from '../../components/ui/page-hero.tsx';

/**
 * The tool pages' titles and promises. The tools themselves open with the generation and editing
 * work; until then each page says so plainly instead of offering a button that cannot work.
 */
function ToolSoon({ title, lead }: { title: string; lead: string }) {
  return (
    <>
      <PageHero eyebrow="AI tools" title={title} lead={lead} />
      <section className="section container">
        <p role="status">This tool is being prepared and opens soon. Your credits are safe until then.</p>
      </section>
    </>
  );
}

export const RemoveBackgroundPage = () => <ToolSoon title="Remove Background" lead="Cut the subject out of any photo in one click." />;
export const RemoveTextPage = () => <ToolSoon title="Image Text Removal" lead="Erase captions, watermarks and stray text from an image." />;
export const PhotographyPage = () => <ToolSoon title="Photographic Imagery" lead="Place a product on a studio background with light and shadow you control." />;
export const VariantPage = () => <ToolSoon title="Image Variation Tool" lead="Create a fresh variant of an image you already like." />;
export const ReplaceBackgroundPage = () => <ToolSoon title="Replace Background" lead="Keep the subject, describe a new scene behind it." />;
export const UpscalePage = () => <ToolSoon title="Image Upscaling Tool" lead="Enlarge an image up to 4096 pixels per side." />;
export const UncropPage = () => <ToolSoon title="Image Crop & Uncrop" lead="Extend an image beyond its borders, or crop it down." />;
export const CleanupPage = () => <ToolSoon title="Image Cleanup Tool" lead="Paint over an object and it disappears." />;
export const BackgroundTestPage = () => <ToolSoon title="Background Removal Test" lead="Try background removal on an image of your own." />;
