import { ToolPage } from '../../features/tools/components/tool-pages.tsx';

export const RemoveBackgroundRoute = () => <ToolPage name="removebg" />;
export const RemoveTextRoute = () => <ToolPage name="removetxt" />;
export const PhotographyRoute = () => <ToolPage name="editimage" />;
export const VariantRoute = () => <ToolPage name="variant" />;
export const ReplaceBackgroundRoute = () => <ToolPage name="addbg" />;
export const UpscaleRoute = () => <ToolPage name="upscale" />;
export const UncropRoute = () => <ToolPage name="uncrop" />;
export const CleanupRoute = () => <ToolPage name="cleanup" />;
export const BackgroundTestRoute = () => <ToolPage name="test" />;
