import { z } from 'zod';

/**
 * The editing tools: their Clipdrop endpoint names (SPEC.md §7), their parameters with SPEC.md §5's
 * ranges and defaults, and their upload limits. The server validates against these; the pages
 * draw their sliders from them.
 */
export const toolIds = ['remove-background', 'remove-text', 'product-photography', 'reimagine', 'replace-background', 'upscale', 'uncrop', 'cleanup'] as const;
export type ToolId = (typeof toolIds)[number];

export type SliderSpec = { name: string; label: string; min: number; max: number; step: number; default: number; unit?: string };

export const toolSliders = {
  'product-photography': [
    { name: 'light_theta', label: 'Light angle', min: 0, max: 45, step: 1, default: 20, unit: '°' },
    { name: 'light_phi', label: 'Light around object', min: 0, max: 359, step: 1, default: 0, unit: '°' },
    { name: 'light_size', label: 'Shadow softness', min: 1, max: 8, step: 0.1, default: 1.7 },
    { name: 'shadow_darkness', label: 'Shadow intensity', min: 0, max: 2, step: 0.1, default: 0.7 },
  ],
  upscale: [
    { name: 'target_width', label: 'Width', min: 1, max: 4096, step: 1, default: 1024, unit: 'px' },
    { name: 'target_height', label: 'Height', min: 1, max: 4096, step: 1, default: 1024, unit: 'px' },
  ],
  uncrop: [
    { name: 'extend_left', label: 'Extend left', min: -2000, max: 2000, step: 1, default: 50, unit: 'px' },
    { name: 'extend_right', label: 'Extend right', min: -2000, max: 2000, step: 1, default: 50, unit: 'px' },
    { name: 'extend_up', label: 'Extend up', min: -2000, max: 2000, step: 1, default: 50, unit: 'px' },
    { name: 'extend_down', label: 'Extend down', min: -2000, max: 2000, step: 1, default: 50, unit: 'px' },
  ],
} as const satisfies Partial<Record<ToolId, readonly SliderSpec[]>>;

/** Uploads: at most this many bytes, sniffed as PNG, JPEG or WebP. */
export const maxUploadBytes = 30 * 1024 * 1024;
export const acceptedImageTypes = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const replaceBackgroundPromptLimit = 1000;

export const toolResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  image: z.string().startsWith('data:image/png;base64,'),
  creditBalance: z.number().int(),
  imageId: z.uuid(),
});
export type ToolResponse = z.infer<typeof toolResponse>;

/** The client-side texts of SPEC.md §5 (the server answers its own 4xx messages). */
export const toolMessages = {
  noImage: 'Please upload an image',
  insufficient: 'insufficient credit',
  insufficientShort: 'insufficient',
  failed: (reason: string) => `Image edit failed: ${reason}`,
} as const;
