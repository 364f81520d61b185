/**
 * How the gradient animation looks, for the public page's CSS (src/domain/background-css.ts)
 * and the background picker's preview (widgets/background-picker), so the preview shows what
 * the page will draw. Browser-safe: imports nothing outside src/shared.
 */
import { ANIMATION_LIMITS, type GradientDirection } from './animation-config.js';

const ANGLES: Readonly<Record<Exclude<GradientDirection, 'radial'>, string>> = {
  'to-right': '90deg',
  'to-bottom': '180deg',
  diagonal: '135deg',
};

/** Which way the oversized gradient slides, so the movement is visible for each direction. */
export const GRADIENT_AXIS: Readonly<Record<GradientDirection, 'x' | 'y' | 'xy'>> = {
  'to-right': 'x',
  'to-bottom': 'y',
  diagonal: 'xy',
  radial: 'xy',
};

/** The CSS background-image: a seamless loop, the first colour repeated at the end. */
export function gradientImage(colors: readonly string[], direction: GradientDirection): string {
  const stops = [...colors, colors[0]].join(',');
  return direction === 'radial' ? `radial-gradient(circle,${stops})` : `linear-gradient(${ANGLES[direction]},${stops})`;
}

/** Speed 1 is a calm 20 s loop; 5 is 4 s, 0.1 is 200 s. Whole seconds: one spelling. */
export function gradientSeconds(speed: unknown): number {
  const { min, max } = ANIMATION_LIMITS.speed;
  const s = typeof speed === 'number' && Number.isFinite(speed) ? Math.min(max, Math.max(min, speed)) : 1;
  return Math.round(20 / s);
}
