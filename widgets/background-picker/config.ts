/**
 * The picker's view of the animation config. Its types, limits, defaults and key order come from
 * src/shared/animation-config.ts, which the server uses too. The config holds only the keys the
 * owner chose; the server re-validates everything and fills the rest from the type's defaults,
 * so leaving a key out means "the default", and leaving `colors` out keeps the theme-aware light
 * and dark palettes.
 */
import {
  ANIMATION_LIMITS,
  ANIMATION_TYPE_DEFAULTS,
  COLOR_MAX_LENGTH,
  GRADIENT_DIRECTIONS,
  SHAPES,
  TYPE_SETTINGS,
  isAnimationType,
  isGradientDirection,
  serializeAnimationConfig,
  type AnimationConfigInput,
  type AnimationTypeDefaults,
  type AnimationType,
  type GradientDirection,
  type NumberKey,
  type Shape,
} from '../../src/shared/animation-config.js';
import { GRADIENT_AXIS, gradientImage, gradientSeconds } from '../../src/shared/animated-gradient.js';

export { isAnimationType, isGradientDirection, type AnimationType, type GradientDirection, type NumberKey };
export type ConfigInput = AnimationConfigInput;

const DIRECTION_LABELS: Record<GradientDirection, string> = {
  'to-right': 'Soldan sağa',
  'to-bottom': 'Yukarıdan aşağıya',
  diagonal: 'Çapraz',
  radial: 'Dairesel',
};

const SHAPE_LABELS: Record<Shape, string> = {
  circle: 'Daire',
  square: 'Kare',
  triangle: 'Üçgen',
  hexagon: 'Altıgen',
};

export const DIRECTIONS = GRADIENT_DIRECTIONS.map((value) => ({ value, label: DIRECTION_LABELS[value] }));
export const SHAPE_OPTIONS = SHAPES.map((value) => ({ value, label: SHAPE_LABELS[value] }));

/** What each type lets the owner set besides its colours. */
export const SETTINGS = TYPE_SETTINGS;

export interface NumberRange {
  label: string;
  min: number;
  max: number;
  step: number;
}

export function numberRange(type: AnimationType, key: NumberKey): NumberRange {
  const { min, max } = ANIMATION_LIMITS[key];
  switch (key) {
    case 'count':
      // The public page draws fewer geometry shapes however many are asked for.
      return type === 'geometry'
        ? { label: 'Şekil sayısı', min, max: ANIMATION_LIMITS.geometryShapes, step: 1 }
        : { label: 'Parçacık sayısı', min, max, step: 1 };
    case 'size':
      return { label: 'Boyut', min, max, step: 1 };
    case 'speed':
      return { label: 'Hız', min, max, step: 0.1 };
    case 'waveCount':
      return { label: 'Dalga sayısı', min, max, step: 1 };
    case 'amplitude':
      return { label: 'Dalga yüksekliği', min, max, step: 1 };
  }
}

export const MIN_COLORS = ANIMATION_LIMITS.colors.min;
export const MAX_COLORS = ANIMATION_LIMITS.colors.max;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function colorList(value: unknown): string[] | undefined {
  if (!Array.isArray(value) || value.length < MIN_COLORS || value.length > MAX_COLORS) return undefined;
  return value.every((c): c is string => typeof c === 'string' && c.length <= COLOR_MAX_LENGTH)
    ? [...value]
    : undefined;
}

function finite(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** Reads a stored config leniently: unknown or malformed keys are dropped. */
export function readInput(raw: unknown): ConfigInput {
  if (!isRecord(raw)) return {};
  const input: ConfigInput = {};
  const colors = colorList(raw.colors);
  if (colors) input.colors = colors;
  if (isGradientDirection(raw.direction)) input.direction = raw.direction;
  for (const key of ['count', 'size', 'speed', 'waveCount', 'amplitude'] as const) {
    const n = finite(raw[key]);
    if (n !== undefined) input[key] = n;
  }
  if (Array.isArray(raw.shapes)) {
    const shapes = SHAPES.filter((s) => (raw.shapes as unknown[]).includes(s));
    if (shapes.length) input.shapes = shapes;
  }
  for (const variant of ['light', 'dark'] as const) {
    const v = raw[variant];
    const list = isRecord(v) ? colorList(v.colors) : undefined;
    if (list) input[variant] = { colors: list };
  }
  return input;
}

/** `animation:{type}:{json}` (also `video:animation:...`, the older spelling), or null. */
export function parseAnimationValue(value: string): { type: AnimationType; input: ConfigInput } | null {
  const match = /^(?:video:)?animation:([a-z]+)(?::([\s\S]*))?$/.exec(value.trim());
  if (!match || !isAnimationType(match[1])) return null;
  let raw: unknown = {};
  if (match[2]?.trim()) {
    try {
      raw = JSON.parse(match[2]);
    } catch {
      raw = {};
    }
  }
  return { type: match[1], input: readInput(raw) };
}

/** The background_value for an animation: only the keys this type uses, in the server's order. */
export function serializeAnimation(type: AnimationType, input: ConfigInput): string {
  const used = new Set<string>(['colors', 'light', 'dark', ...SETTINGS[type]]);
  return `animation:${type}:${serializeAnimationConfig(input, used)}`;
}

/** A type's defaults: the same the server fills in for keys the owner leaves out. */
export type Defaults = AnimationTypeDefaults;

export function defaultsOf(type: AnimationType): Defaults {
  return ANIMATION_TYPE_DEFAULTS[type];
}

/** The colours the page would draw with (the server's light/dark resolution). */
export function shownColors(input: ConfigInput, defaults: Defaults, dark: boolean): string[] {
  return (
    (dark ? input.dark?.colors : input.light?.colors) ?? input.colors ?? [...(dark ? defaults.dark : defaults.light)]
  );
}

/** `#abc` → `#aabbcc`; anything that is not a hex colour → null (a colour input needs #rrggbb). */
export function toHex(color: string): string | null {
  const c = color.trim().toLowerCase();
  if (/^#[0-9a-f]{6}$/.test(c)) return c;
  if (/^#[0-9a-f]{8}$/.test(c)) return c.slice(0, 7);
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])[0-9a-f]?$/.exec(c);
  return short ? `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}` : null;
}

/** The same moving gradient the public page draws (src/domain/background-css.ts). */
export function gradientStyle(
  colors: string[],
  direction: GradientDirection,
  speed: number,
): { backgroundImage: string; animationName: string; animationDuration: string } {
  return {
    backgroundImage: gradientImage(colors, direction),
    animationName: `background-picker-${GRADIENT_AXIS[direction]}`,
    animationDuration: `${gradientSeconds(speed)}s`,
  };
}
