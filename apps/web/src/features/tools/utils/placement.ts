import type { ToolId } from '@lumigen/contract/tools';
import type { Size } from './proportions.ts';

/** Where the original sits inside a result's frame, as fractions of the frame's width and height. */
export type Placement = { left: number; top: number; width: number; height: number };

/** Uncrop's result: the picture grown (or cut, when negative) by the four extends. */
export function uncropFrame(original: Size, sliders: Record<string, number>): Size {
  const n = (name: string) => sliders[name] ?? 0;
  return {
    width: original.width + n('extend_left') + n('extend_right'),
    height: original.height + n('extend_up') + n('extend_down'),
  };
}

/**
 * For the tools whose result has another size than the picture: where the picture lies in it, so
 * the two are compared at the same scale. Uncrop moves it by the extends; upscale stretches it over
 * the whole frame. Other tools: undefined (the picture is fitted to the result's frame).
 */
export function originalPlacement(
  tool: ToolId,
  original: Size,
  sliders: Record<string, number>,
): Placement | undefined {
  if (tool === 'upscale') return { left: 0, top: 0, width: 1, height: 1 };
  if (tool !== 'uncrop') return undefined;
  const frame = uncropFrame(original, sliders);
  if (frame.width <= 0 || frame.height <= 0) return undefined;
  return {
    left: (sliders.extend_left ?? 0) / frame.width,
    top: (sliders.extend_up ?? 0) / frame.height,
    width: original.width / frame.width,
    height: original.height / frame.height,
  };
}

/** The share of uncrop's result that is new border, from the picture's size and the four extends. */
export function uncroppedShare(picture: Size, values: Record<string, number>): number {
  const side = (name: string) => values[name] ?? 0;
  const [left, right, up, down] = [side('extend_left'), side('extend_right'), side('extend_up'), side('extend_down')];
  const kept =
    Math.max(0, picture.width - Math.max(0, -left) - Math.max(0, -right)) *
    Math.max(0, picture.height - Math.max(0, -up) - Math.max(0, -down));
  const total = Math.max(1, (picture.width + left + right) * (picture.height + up + down));
  return Math.max(0, 1 - kept / total);
}
