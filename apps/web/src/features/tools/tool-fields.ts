import { toolSliders, type SliderSpec, type ToolId } from '@lumigen/contract/tools';

/** An editing tool's own fields, drawn by its page and sent under these names. */
export type ToolFieldsSpec = {
  sliders?: readonly SliderSpec[];
  /**
   * A text field: sent as `field`; without one (the /test page) the tool does not read it and the
   * text only names the download, which the hint must say.
   */
  prompt?: { label: string; placeholder: string; field?: string; hint?: string };
  /** Cleanup: a mask painted on the picture, or a mask file. */
  mask?: boolean;
  /** Upscale: the sliders of the result's width and height, which start from the picture's proportions and can keep them. */
  size?: { width: string; height: string };
};

/**
 * What each editing tool asks for besides the picture (the catalogue, lib/tool-catalogue.ts, names
 * the tool; a tool that asks for nothing more needs no entry here).
 */
export const toolFields: Partial<Record<ToolId, ToolFieldsSpec>> = {
  upscale: { sliders: toolSliders.upscale, size: { width: 'target_width', height: 'target_height' } },
  cleanup: { mask: true },
  'product-photography': { sliders: toolSliders['product-photography'] },
  'replace-background': {
    prompt: { label: 'New background', placeholder: 'A sunlit marble kitchen counter', field: 'prompt' },
  },
  uncrop: { sliders: toolSliders.uncrop },
};
