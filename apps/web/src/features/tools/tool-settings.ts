import type { ToolFieldsSpec } from './tool-fields.ts';

export type MaskSource = 'paint' | 'file';

/** What the person sets besides the files: the slider values by field name, the prompt, how the mask is given. */
export type ToolSettings = {
  prompt: string;
  sliders: Record<string, number>;
  keepRatio: boolean;
  maskSource: MaskSource;
};

/** The largest side the result-size sliders allow. */
export function sizeMax(config: ToolFieldsSpec) {
  return Math.min(
    ...(config.sliders ?? [])
      .filter((s) => s.name === config.size?.width || s.name === config.size?.height)
      .map((s) => s.max),
  );
}
