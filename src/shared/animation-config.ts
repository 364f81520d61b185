/**
 * The animated background's config, defined once for the server and the browser: the server
 * reads and validates it (src/domain/background-animation.ts), the background picker writes it
 * (widgets/background-picker) and the public page draws it (widgets/profile/animations.ts).
 * Browser-safe: imports nothing outside src/shared.
 *
 * Stored as `animation:{type}:{json}` in customer_profiles.background_value or cover_photo; the
 * JSON holds only the keys the owner set, in CONFIG_KEYS order (one spelling per config). A key
 * left out means "the type's default", and leaving `colors` out keeps the theme-aware light and
 * dark palettes. See docs/product.md, "Backgrounds and covers".
 */

export const ANIMATION_TYPE_IDS = ['gradient', 'particles', 'waves', 'geometry'] as const;
export type AnimationType = (typeof ANIMATION_TYPE_IDS)[number];

export const GRADIENT_DIRECTIONS = ['to-right', 'to-bottom', 'diagonal', 'radial'] as const;
export type GradientDirection = (typeof GRADIENT_DIRECTIONS)[number];

export const SHAPES = ['circle', 'square', 'triangle', 'hexagon'] as const;
export type Shape = (typeof SHAPES)[number];

export interface Range {
  readonly min: number;
  readonly max: number;
}

/** The longest colour spelling anyone accepts (the server's colour grammar and the widgets). */
export const COLOR_MAX_LENGTH = 64;

/**
 * What a config may hold. The server refuses anything outside these on write and clamps into
 * them on read (a stored value stays usable if a limit tightens); the widgets clamp too.
 */
export const ANIMATION_LIMITS = {
  /** Colours in `colors` and in each light/dark variant. */
  colors: { min: 2, max: 6 },
  count: { min: 5, max: 150 },
  size: { min: 1, max: 40 },
  speed: { min: 0.1, max: 5 },
  waveCount: { min: 1, max: 6 },
  amplitude: { min: 5, max: 100 },
  /** The public page draws at most this many geometry shapes, however many are asked for. */
  geometryShapes: 40,
  /** The stored JSON: at most this many UTF-8 bytes, and this many levels of objects/arrays. */
  configBytes: 4096,
  configDepth: 3,
} as const;

/** The numeric settings, each with its range in ANIMATION_LIMITS. */
export type NumberKey = 'count' | 'size' | 'speed' | 'waveCount' | 'amplitude';

/** A config as stored: only the keys the owner set. */
export interface AnimationConfigInput {
  colors?: string[];
  direction?: GradientDirection;
  count?: number;
  size?: number;
  speed?: number;
  shapes?: Shape[];
  waveCount?: number;
  amplitude?: number;
  light?: { colors: string[] };
  dark?: { colors: string[] };
}

/** The order of the keys in the stored JSON. */
export const CONFIG_KEYS = [
  'colors',
  'direction',
  'count',
  'size',
  'speed',
  'shapes',
  'waveCount',
  'amplitude',
  'light',
  'dark',
] as const;

/** What each type lets the owner set besides its colours; the other keys do nothing for it. */
export const TYPE_SETTINGS: Readonly<Record<AnimationType, readonly ('direction' | 'shapes' | NumberKey)[]>> = {
  gradient: ['direction', 'speed'],
  particles: ['count', 'size', 'speed'],
  waves: ['waveCount', 'amplitude', 'speed'],
  geometry: ['shapes', 'count', 'speed'],
};

/** The stored JSON of a config: the keys of `input` that are set (and in `only`, if given), in CONFIG_KEYS order. */
export function serializeAnimationConfig(input: AnimationConfigInput, only?: ReadonlySet<string>): string {
  const ordered: Record<string, unknown> = {};
  for (const key of CONFIG_KEYS) {
    if (input[key] !== undefined && (only === undefined || only.has(key))) ordered[key] = input[key];
  }
  return JSON.stringify(ordered);
}

export function isAnimationType(value: unknown): value is AnimationType {
  return typeof value === 'string' && (ANIMATION_TYPE_IDS as readonly string[]).includes(value);
}

export function isGradientDirection(value: unknown): value is GradientDirection {
  return typeof value === 'string' && (GRADIENT_DIRECTIONS as readonly string[]).includes(value);
}

export function isShape(value: unknown): value is Shape {
  return typeof value === 'string' && (SHAPES as readonly string[]).includes(value);
}

/** A type's defaults: what a config without that key means. */
export interface AnimationTypeDefaults {
  /** Colours on a light page, and the `colors` of a config that sets none. */
  readonly light: readonly string[];
  /** Colours on a dark page. */
  readonly dark: readonly string[];
  readonly direction: GradientDirection;
  readonly count: number;
  readonly size: number;
  readonly speed: number;
  readonly shapes: readonly Shape[];
  readonly waveCount: number;
  readonly amplitude: number;
}

const BASE = {
  direction: 'diagonal',
  count: 50,
  size: 3,
  speed: 1,
  shapes: SHAPES,
  waveCount: 3,
  amplitude: 30,
} as const;

/** Per-type defaults, so `animation:waves` with no config still looks good in both themes. */
export const ANIMATION_TYPE_DEFAULTS: Readonly<Record<AnimationType, AnimationTypeDefaults>> = Object.freeze({
  gradient: {
    ...BASE,
    light: ['#a5b4fc', '#f9a8d4', '#fde68a', '#99f6e4'],
    dark: ['#1e1b4b', '#4c1d95', '#831843', '#0f172a'],
  },
  particles: { ...BASE, count: 60, light: ['#6366f1', '#ec4899', '#14b8a6'], dark: ['#a5b4fc', '#f9a8d4', '#5eead4'] },
  waves: { ...BASE, light: ['#93c5fd', '#a5b4fc', '#c4b5fd'], dark: ['#1e3a8a', '#312e81', '#4c1d95'] },
  geometry: {
    ...BASE,
    count: 14,
    size: 24,
    speed: 0.6,
    light: ['#6366f1', '#f59e0b', '#10b981', '#ec4899'],
    dark: ['#818cf8', '#fbbf24', '#34d399', '#f472b6'],
  },
});
