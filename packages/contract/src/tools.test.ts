import { describe, expect, it } from 'vitest';
import { toolFields } from './tool-schemas.ts';
import { toolIds, toolImageLimits, toolSliders } from './tools.ts';

describe('the editing tools contract', () => {
  it('reads multipart slider strings as numbers and fills in missing sliders with their defaults', () => {
    expect(toolFields['product-photography'].parse({ light_theta: '45', light_size: ' 2.5 ' })).toEqual({
      light_theta: 45,
      light_phi: 0,
      light_size: 2.5,
      shadow_darkness: 0.7,
    });
    expect(toolFields.uncrop.parse({ extend_left: '-2000', extend_up: 12 })).toEqual({
      extend_left: -2000,
      extend_right: 50,
      extend_up: 12,
      extend_down: 50,
    });
    expect(toolFields.upscale.parse({})).toEqual({ target_width: 1024, target_height: 1024 });
  });

  it('names the field, as the page labels it and as it is sent, in every refusal', () => {
    const messageOf = (tool: keyof typeof toolFields, body: Record<string, unknown>) =>
      toolFields[tool].safeParse(body).error?.issues[0]?.message;
    expect(messageOf('upscale', { target_width: '4097' })).toBe('Width (target_width) must be between 1 and 4096');
    expect(messageOf('upscale', { target_height: '100.5' })).toBe('Height (target_height) must be a whole number');
    expect(messageOf('product-photography', { shadow_darkness: '1e1' })).toBe(
      'Shadow intensity (shadow_darkness) must be a number',
    );
    expect(messageOf('replace-background', {})).toBe('Prompt is required');
    expect(messageOf('remove-background', { prompt: 'x', colour: 'red' })).toBe('Unknown field: prompt, colour');
  });

  it('keeps every slider default inside its range, and gives every tool a pixel limit', () => {
    for (const slider of Object.values(toolSliders).flat())
      expect(slider.default >= slider.min && slider.default <= slider.max).toBe(true);
    expect(Object.keys(toolImageLimits).sort()).toEqual([...toolIds].sort());
    expect(Object.keys(toolFields).sort()).toEqual([...toolIds].sort());
  });
});
