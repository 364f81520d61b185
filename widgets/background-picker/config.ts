/**
 * The animation config as the owner sets it: only the keys they chose, mirroring ConfigInput in
 * src/services/background.ts. The server re-validates everything and fills the rest from the
 * type's defaults, so leaving a key out means "the default", and leaving `colors` out keeps the
 * theme-aware light and dark palettes.
 */

export const ANIMATION_TYPE_IDS = ['gradient', 'particles', 'waves', 'geometry'] as const;
export type AnimationType = (typeof ANIMATION_TYPE_IDS)[number];

export const DIRECTIONS = [
  { value: 'to-right', label: 'Soldan sağa' },
  { value: 'to-bottom', label: 'Yukarıdan aşağıya' },
  { value: 'diagonal', label: 'Çapraz' },
  { value: 'radial', label: 'Dairesel' },
] as const;

export const SHAPES = [
  { value: 'circle', label: 'Daire' },
  { value: 'square', label: 'Kare' },
  { value: 'triangle', label: 'Üçgen' },
  { value: 'hexagon', label: 'Altıgen' },
] as const;

export type NumberKey = 'count' | 'size' | 'speed' | 'waveCount' | 'amplitude';

export interface ConfigInput {
  colors?: string[];
  direction?: string;
  count?: number;
  size?: number;
  speed?: number;
  shapes?: string[];
  waveCount?: number;
  amplitude?: number;
  light?: { colors: string[] };
  dark?: { colors: string[] };
}

/** What each type lets the owner set besides its colours (the server's LIMITS). */
export const SETTINGS: Record<AnimationType, readonly ('direction' | 'shapes' | NumberKey)[]> = {
  gradient: ['direction', 'speed'],
  particles: ['count', 'size', 'speed'],
  waves: ['waveCount', 'amplitude', 'speed'],
  geometry: ['shapes', 'count', 'speed'],
};

export interface NumberRange {
  label: string;
  min: number;
  max: number;
  step: number;
}

export function numberRange(type: AnimationType, key: NumberKey): NumberRange {
  switch (key) {
    case 'count':
      // The public page draws at most 40 shapes however many are asked for.
      return { label: type === 'geometry' ? 'Şekil sayısı' : 'Parçacık sayısı', min: 5, max: type === 'geometry' ? 40 : 150, step: 1 };
    case 'size':
      return { label: 'Boyut', min: 1, max: 40, step: 1 };
    case 'speed':
      return { label: 'Hız', min: 0.1, max: 5, step: 0.1 };
    case 'waveCount':
      return { label: 'Dalga sayısı', min: 1, max: 6, step: 1 };
    case 'amplitude':
      return { label: 'Dalga yüksekliği', min: 5, max: 100, step: 1 };
  }
}

export const MIN_COLORS = 2;
export const MAX_COLORS = 4;

export function isAnimationType(value: unknown): value is AnimationType {
  return typeof value === 'string' && (ANIMATION_TYPE_IDS as readonly string[]).includes(value);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function colorList(value: unknown): string[] | undefined {
  if (!Array.isArray(value) || value.length < MIN_COLORS || value.length > 6) return undefined;
  return value.every((c): c is string => typeof c === 'string' && c.length < 64) ? [...value] : undefined;
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
  if (typeof raw.direction === 'string' && DIRECTIONS.some((d) => d.value === raw.direction)) input.direction = raw.direction;
  for (const key of ['count', 'size', 'speed', 'waveCount', 'amplitude'] as const) {
    const n = finite(raw[key]);
    if (n !== undefined) input[key] = n;
  }
  if (Array.isArray(raw.shapes)) {
    const shapes = SHAPES.map((s) => s.value).filter((s) => (raw.shapes as unknown[]).includes(s));
    if (shapes.length) input.shapes = shapes;
  }
  for (const variant of ['light', 'dark'] as const) {
    const v = raw[variant];
    const list = isRecord(v) ? colorList(v.colors) : undefined;
    if (list) input[variant] = { colors: list };
  }
  return input;
}

/** `animation:{type}:{json}` (also `video:animation:...`, the spec's older spelling), or null. */
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
  const keys = ['colors', 'direction', 'count', 'size', 'speed', 'shapes', 'waveCount', 'amplitude', 'light', 'dark'] as const;
  const used = new Set<string>(['colors', 'light', 'dark', ...SETTINGS[type]]);
  const ordered: Record<string, unknown> = {};
  for (const key of keys) if (used.has(key) && input[key] !== undefined) ordered[key] = input[key];
  return `animation:${type}:${JSON.stringify(ordered)}`;
}

/** The server's resolved defaults for a type, as given in the props (checked, with fallbacks). */
export interface Defaults {
  light: string[];
  dark: string[];
  direction: string;
  count: number;
  size: number;
  speed: number;
  shapes: string[];
  waveCount: number;
  amplitude: number;
}

export function readDefaults(raw: unknown): Defaults {
  const d = isRecord(raw) ? raw : {};
  const variant = (key: 'light' | 'dark', fallback: string[]) => {
    const v = d[key];
    return (isRecord(v) ? colorList(v.colors) : undefined) ?? colorList(d.colors) ?? fallback;
  };
  const input = readInput(d);
  return {
    light: variant('light', ['#6366f1', '#ec4899', '#14b8a6']),
    dark: variant('dark', ['#a5b4fc', '#f9a8d4', '#5eead4']),
    direction: input.direction ?? 'diagonal',
    count: input.count ?? 50,
    size: input.size ?? 3,
    speed: input.speed ?? 1,
    shapes: input.shapes ?? SHAPES.map((s) => s.value),
    waveCount: input.waveCount ?? 3,
    amplitude: input.amplitude ?? 30,
  };
}

/** The colours the page would draw with (the server's light/dark resolution). */
export function shownColors(input: ConfigInput, defaults: Defaults, dark: boolean): string[] {
  return (dark ? input.dark?.colors : input.light?.colors) ?? input.colors ?? (dark ? defaults.dark : defaults.light);
}

/** `#abc` → `#aabbcc`; anything that is not a hex colour → null (a colour input needs #rrggbb). */
export function toHex(color: string): string | null {
  const c = color.trim().toLowerCase();
  if (/^#[0-9a-f]{6}$/.test(c)) return c;
  if (/^#[0-9a-f]{8}$/.test(c)) return c.slice(0, 7);
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])[0-9a-f]?$/.exec(c);
  return short ? `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}` : null;
}

const ANGLES: Record<string, string> = { 'to-right': '90deg', 'to-bottom': '180deg', diagonal: '135deg' };
const MOTION: Record<string, string> = { 'to-right': 'x', 'to-bottom': 'y', diagonal: 'xy', radial: 'xy' };

/** The same moving gradient the public page draws (src/services/background-css.ts). */
export function gradientStyle(colors: string[], direction: string, speed: number): { backgroundImage: string; animationName: string; animationDuration: string } {
  const stops = [...colors, colors[0]].join(',');
  return {
    backgroundImage: direction === 'radial' ? `radial-gradient(circle,${stops})` : `linear-gradient(${ANGLES[direction] ?? '135deg'},${stops})`,
    animationName: `background-picker-${MOTION[direction] ?? 'xy'}`,
    animationDuration: `${Math.round(20 / Math.min(5, Math.max(0.1, speed)))}s`,
  };
}
