import type { ToolParams } from '../tool.ts';

/**
 * The product-photography sliders read as a light (the pages show only their labels, so the
 * conventions live here):
 * - `theta` (light_theta, 0–45°) is the light's angle from straight overhead. 0: the light is
 *   above the subject and its shadow pools under it; 45: the shadow is as long as the subject is tall.
 * - `phi` (light_phi, 0–359°) is where the light stands around the subject, seen from above,
 *   turning clockwise: 0 behind the subject (the shadow falls toward the viewer), 90 on its right
 *   (the shadow falls to the left), 180 beside the camera (the shadow hides behind the subject),
 *   270 on its left.
 * - `size` (light_size, 1–8) is the light's size: a bigger light draws a softer shadow, whose
 *   blur also grows with the distance from where the subject touches the floor.
 * - `darkness` (shadow_darkness, 0–2): 0 no shadow, 1 a usual studio shadow, 2 nearly black.
 */
export type Light = { theta: number; phi: number; size: number; darkness: number };

type LightParams = ToolParams['product-photography'];

/** Each slider's range and default: the editing API's (the server checks the two agree). */
export const lightSliders = {
  light_theta: { min: 0, max: 45, default: 20 },
  light_phi: { min: 0, max: 359, default: 0 },
  light_size: { min: 1, max: 8, default: 1.7 },
  shadow_darkness: { min: 0, max: 2, default: 0.7 },
} as const satisfies Record<keyof LightParams, { min: number; max: number; default: number }>;

function slider(params: LightParams, name: keyof LightParams): number {
  const spec = lightSliders[name];
  const value = Number(params[name] ?? spec.default);
  // The caller validates; a pure function still must not paint nonsense from a stray value.
  return Number.isFinite(value) ? Math.min(spec.max, Math.max(spec.min, value)) : spec.default;
}

export function lightFrom(params: LightParams): Light {
  return {
    theta: slider(params, 'light_theta'),
    phi: slider(params, 'light_phi'),
    size: slider(params, 'light_size'),
    darkness: slider(params, 'shadow_darkness'),
  };
}

/** Where the shadow falls on the floor, per unit of shadow length: x to the right, z toward the viewer. */
export function shadowDirection(phi: number): { x: number; z: number } {
  const radians = (phi * Math.PI) / 180;
  return { x: -Math.sin(radians), z: Math.cos(radians) };
}

/** The shadow's opacity at full coverage: smooth in the slider, never quite black. */
export const shadowOpacity = (darkness: number) => 1 - Math.exp(-0.8 * darkness);
