/**
 * The server's side of the animation config (its types, limits, defaults and key order are in
 * src/shared/animation-config.ts): reading the JSON after `animation:{type}:`, leniently for the
 * public page and strictly for what the owner saves, and resolving it into a full config.
 */
import {
  ANIMATION_LIMITS,
  ANIMATION_TYPE_DEFAULTS,
  SHAPES,
  isAnimationType,
  isGradientDirection,
  isShape,
  type AnimationConfigInput,
  type AnimationType,
  type GradientDirection,
  type Range,
  type Shape,
} from '../shared/animation-config.js';
import { parseColor } from './background-colors.js';

export interface AnimationPalette {
  colors: string[];
}

/** A fully resolved animation config: every field present, every value validated. */
export interface AnimationConfig {
  colors: string[];
  direction: GradientDirection;
  count: number;
  size: number;
  speed: number;
  shapes: Shape[];
  waveCount: number;
  amplitude: number;
  /** Colours for a light page: the light variant, else `colors`, else the type's default. */
  light: AnimationPalette;
  /** Colours for a dark page: the dark variant, else `colors`, else the type's default. */
  dark: AnimationPalette;
}

/** An animation as stored: its type and the keys the owner set. */
export interface ParsedAnimation {
  type: AnimationType;
  input: AnimationConfigInput;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** True when `v` has at most `max` levels of objects/arrays (a flat object is one level). */
function depthWithin(v: unknown, max: number): boolean {
  if (typeof v !== 'object' || v === null) return true;
  if (max === 0) return false;
  return (Array.isArray(v) ? v : Object.values(v)).every((child) => depthWithin(child, max - 1));
}

function colorList(v: unknown): string[] | undefined {
  if (!Array.isArray(v) || v.length < ANIMATION_LIMITS.colors.min || v.length > ANIMATION_LIMITS.colors.max)
    return undefined;
  const colors = v.map(parseColor);
  return colors.every((c): c is string => c !== null) ? colors : undefined;
}

/**
 * A number within `range`. Reading clamps a finite number into range (a stored value stays
 * usable if limits tighten); writing refuses anything outside it. Two decimals at most, so
 * the canonical JSON and the CSS have one spelling per value.
 */
function numberIn(v: unknown, range: Range, integer: boolean, strict: boolean): number | undefined {
  if (typeof v !== 'number' || !Number.isFinite(v)) return undefined;
  if (strict && (v < range.min || v > range.max || (integer && !Number.isInteger(v)))) return undefined;
  const n = integer ? Math.round(v) : Math.round(v * 100) / 100;
  return Math.min(range.max, Math.max(range.min, n));
}

function shapeList(v: unknown): Shape[] | undefined {
  if (!Array.isArray(v) || v.length === 0 || v.length > 8) return undefined;
  if (!v.every(isShape)) return undefined;
  return SHAPES.filter((shape) => v.includes(shape));
}

/** A `light`/`dark` variant: only its colours are read; undefined when unusable. */
function variantColors(v: unknown): string[] | undefined {
  return isPlainObject(v) ? colorList(v.colors) : undefined;
}

/**
 * Reads the known keys of a parsed config (unknown keys are dropped). Lenient: a bad key falls
 * back to its default. Strict: a bad key makes the whole config invalid (null).
 */
function readConfig(raw: Record<string, unknown>, strict: boolean): AnimationConfigInput | null {
  let bad = false;
  const fail = () => {
    bad = true;
  };
  const out: AnimationConfigInput = {};
  const has = (key: string) => Object.hasOwn(raw, key);
  const set = <K extends keyof AnimationConfigInput>(key: K, value: AnimationConfigInput[K] | undefined) => {
    if (!has(key)) return;
    if (value === undefined) fail();
    else out[key] = value;
  };
  set('colors', colorList(raw.colors));
  set('direction', isGradientDirection(raw.direction) ? raw.direction : undefined);
  set('count', numberIn(raw.count, ANIMATION_LIMITS.count, true, strict));
  set('size', numberIn(raw.size, ANIMATION_LIMITS.size, false, strict));
  set('speed', numberIn(raw.speed, ANIMATION_LIMITS.speed, false, strict));
  set('shapes', shapeList(raw.shapes));
  set('waveCount', numberIn(raw.waveCount, ANIMATION_LIMITS.waveCount, true, strict));
  set('amplitude', numberIn(raw.amplitude, ANIMATION_LIMITS.amplitude, false, strict));
  for (const key of ['light', 'dark'] as const) {
    if (!has(key)) continue;
    const colors = variantColors(raw[key]);
    if (colors) out[key] = { colors };
    else fail();
  }
  return strict && bad ? null : out;
}

/** Fills every missing field from the type's defaults; arrays are fresh copies. */
export function resolveConfig(type: AnimationType, input: AnimationConfigInput): AnimationConfig {
  const d = ANIMATION_TYPE_DEFAULTS[type];
  return {
    colors: [...(input.colors ?? d.light)],
    direction: input.direction ?? d.direction,
    count: input.count ?? d.count,
    size: input.size ?? d.size,
    speed: input.speed ?? d.speed,
    shapes: [...(input.shapes ?? d.shapes)],
    waveCount: input.waveCount ?? d.waveCount,
    amplitude: input.amplitude ?? d.amplitude,
    light: { colors: [...(input.light?.colors ?? input.colors ?? d.light)] },
    dark: { colors: [...(input.dark?.colors ?? input.colors ?? d.dark)] },
  };
}

/** The defaults for a type, resolved (a fresh object each call). */
export function animationDefaults(type: AnimationType): AnimationConfig {
  return resolveConfig(type, {});
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) for (const child of Object.values(value)) deepFreeze(child);
  return Object.freeze(value);
}

/** Every type's resolved defaults (read-only; use animationDefaults() for a copy to change). */
export const ANIMATION_DEFAULTS: Readonly<Record<AnimationType, Readonly<AnimationConfig>>> = deepFreeze({
  gradient: animationDefaults('gradient'),
  particles: animationDefaults('particles'),
  waves: animationDefaults('waves'),
  geometry: animationDefaults('geometry'),
});

/** `{type}` or `{type}:{json}` (the part after `animation:`); null when unusable. */
export function parseAnimationSpec(spec: string, strict: boolean): ParsedAnimation | null {
  const colon = spec.indexOf(':');
  const type = colon < 0 ? spec : spec.slice(0, colon);
  const json = colon < 0 ? '' : spec.slice(colon + 1).trim();
  if (!isAnimationType(type)) return null;
  if (json === '') return { type, input: {} };
  if (Buffer.byteLength(json, 'utf8') > ANIMATION_LIMITS.configBytes) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    return null;
  }
  if (!isPlainObject(raw) || !depthWithin(raw, ANIMATION_LIMITS.configDepth)) return null;
  const input = readConfig(raw, strict);
  return input ? { type, input } : null;
}
