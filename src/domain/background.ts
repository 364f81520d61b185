/**
 * Page background and cover encodings (spec section 3, CONTRACT section 3):
 *
 *   color:{css color}                        (and a bare colour when background_type is 'color')
 *   video:{url}, or a plain .mp4/.webm/.ogg/.mov URL
 *   animation:{type}:{json}, video:animation:{type}:{json}
 *   otherwise an http(s) image URL, an /uploads/ image path, or a data:image/...;base64 URL
 *
 * Colours end up inside a CSS block whose hash the CSP allows, so every colour passes a strict
 * grammar and is re-emitted in a canonical form: no free text ever reaches the stylesheet.
 * Reading is lenient (anything invalid is ignored, the caller shows the default); writing is
 * strict (anything invalid is refused with a Turkish message).
 */
import { ValidationError } from '../errors.js';

export const messages = {
  invalidType: 'Geçersiz arka plan türü.',
  empty: 'Lütfen bir arka plan seçin.',
  invalidColor: 'Geçersiz renk değeri.',
  invalidAnimation: 'Geçersiz animasyon ayarı.',
  invalidImage: 'Geçersiz görsel adresi.',
  invalidVideo: 'Geçersiz video adresi.',
  imageTooLarge: 'Görsel verisi çok büyük. En fazla 2 MB olabilir.',
} as const;

export const DEFAULT_BACKGROUND_COLOR = '#f9fafb';
/** The page's dark-theme background (public/css/profile.css uses the same value). */
export const DEFAULT_DARK_BACKGROUND_COLOR = '#0b0e14';

export const LIMITS = {
  colorLength: 64,
  urlLength: 2048,
  /** Characters of base64 in a data URL (about 1.5 MB of image). */
  dataUrlBase64: 2 * 1024 * 1024,
  configBytes: 4096,
  configDepth: 3,
  colors: { min: 2, max: 6 },
  count: { min: 5, max: 150 },
  size: { min: 1, max: 40 },
  speed: { min: 0.1, max: 5 },
  waveCount: { min: 1, max: 6 },
  amplitude: { min: 5, max: 100 },
} as const;

export const BACKGROUND_TYPES = ['color', 'image', 'video', 'animation'] as const;
export type BackgroundType = (typeof BACKGROUND_TYPES)[number];

export const ANIMATION_TYPE_IDS = ['gradient', 'particles', 'waves', 'geometry'] as const;
export type AnimationType = (typeof ANIMATION_TYPE_IDS)[number];

export const GRADIENT_DIRECTIONS = ['to-right', 'to-bottom', 'diagonal', 'radial'] as const;
export type GradientDirection = (typeof GRADIENT_DIRECTIONS)[number];

export const SHAPES = ['circle', 'square', 'triangle', 'hexagon'] as const;
export type Shape = (typeof SHAPES)[number];

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

export type BackgroundDescriptor =
  | { kind: 'color'; color: string }
  | { kind: 'image'; url: string }
  | { kind: 'video'; url: string }
  | { kind: 'animation'; type: AnimationType; config: AnimationConfig };

export interface ColorPreset {
  value: string;
  name: string;
  /** What the page shows instead when the owner has turned dark mode on. */
  dark: string;
}

/** The 12 colours of the owner's background picker; the first is the default. */
export const COLOR_PRESETS: readonly ColorPreset[] = Object.freeze([
  { value: '#f9fafb', name: 'Açık Gri', dark: DEFAULT_DARK_BACKGROUND_COLOR },
  { value: '#ffffff', name: 'Beyaz', dark: '#111318' },
  { value: '#fef3c7', name: 'Vanilya', dark: '#2a2113' },
  { value: '#ffedd5', name: 'Şeftali', dark: '#2b1a10' },
  { value: '#fee2e2', name: 'Pudra', dark: '#2b1416' },
  { value: '#fce7f3', name: 'Pembe', dark: '#2a1322' },
  { value: '#ede9fe', name: 'Lavanta', dark: '#1d1730' },
  { value: '#e0e7ff', name: 'Çivit', dark: '#151a33' },
  { value: '#dbeafe', name: 'Gök Mavisi', dark: '#101d33' },
  { value: '#cffafe', name: 'Buz Mavisi', dark: '#0c2429' },
  { value: '#d1fae5', name: 'Nane', dark: '#0d2419' },
  { value: '#ecfccb', name: 'Fıstık', dark: '#1a230d' },
].map((preset) => Object.freeze(preset)));

export const ANIMATION_TYPES: readonly { type: AnimationType; label: string }[] = Object.freeze([
  { type: 'gradient', label: 'Renk Geçişi' },
  { type: 'particles', label: 'Parçacıklar' },
  { type: 'waves', label: 'Dalgalar' },
  { type: 'geometry', label: 'Geometri' },
] as const);

interface TypeDefaults {
  light: readonly string[];
  dark: readonly string[];
  direction: GradientDirection;
  count: number;
  size: number;
  speed: number;
  shapes: readonly Shape[];
  waveCount: number;
  amplitude: number;
}

const base = { direction: 'diagonal', count: 50, size: 3, speed: 1, shapes: SHAPES, waveCount: 3, amplitude: 30 } as const;

/** Per-type defaults, so `animation:waves` with no config still looks good in both themes. */
const TYPE_DEFAULTS: Readonly<Record<AnimationType, TypeDefaults>> = {
  gradient: { ...base, light: ['#a5b4fc', '#f9a8d4', '#fde68a', '#99f6e4'], dark: ['#1e1b4b', '#4c1d95', '#831843', '#0f172a'] },
  particles: { ...base, count: 60, light: ['#6366f1', '#ec4899', '#14b8a6'], dark: ['#a5b4fc', '#f9a8d4', '#5eead4'] },
  waves: { ...base, light: ['#93c5fd', '#a5b4fc', '#c4b5fd'], dark: ['#1e3a8a', '#312e81', '#4c1d95'] },
  geometry: {
    ...base,
    count: 14,
    size: 24,
    speed: 0.6,
    light: ['#6366f1', '#f59e0b', '#10b981', '#ec4899'],
    dark: ['#818cf8', '#fbbf24', '#34d399', '#f472b6'],
  },
};

// ---------------------------------------------------------------------------------------------
// Colours

/** CSS Color 4 named colours (plus transparent); anything else named is refused. */
const NAMED_COLORS: ReadonlySet<string> = new Set(
  (
    'aliceblue antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue blueviolet brown ' +
    'burlywood cadetblue chartreuse chocolate coral cornflowerblue cornsilk crimson cyan darkblue darkcyan ' +
    'darkgoldenrod darkgray darkgreen darkgrey darkkhaki darkmagenta darkolivegreen darkorange darkorchid ' +
    'darkred darksalmon darkseagreen darkslateblue darkslategray darkslategrey darkturquoise darkviolet ' +
    'deeppink deepskyblue dimgray dimgrey dodgerblue firebrick floralwhite forestgreen fuchsia gainsboro ' +
    'ghostwhite gold goldenrod gray green greenyellow grey honeydew hotpink indianred indigo ivory khaki ' +
    'lavender lavenderblush lawngreen lemonchiffon lightblue lightcoral lightcyan lightgoldenrodyellow ' +
    'lightgray lightgreen lightgrey lightpink lightsalmon lightseagreen lightskyblue lightslategray ' +
    'lightslategrey lightsteelblue lightyellow lime limegreen linen magenta maroon mediumaquamarine ' +
    'mediumblue mediumorchid mediumpurple mediumseagreen mediumslateblue mediumspringgreen mediumturquoise ' +
    'mediumvioletred midnightblue mintcream mistyrose moccasin navajowhite navy oldlace olive olivedrab ' +
    'orange orangered orchid palegoldenrod palegreen paleturquoise palevioletred papayawhip peachpuff peru ' +
    'pink plum powderblue purple rebeccapurple red rosybrown royalblue saddlebrown salmon sandybrown ' +
    'seagreen seashell sienna silver skyblue slateblue slategray slategrey snow springgreen steelblue tan ' +
    'teal thistle tomato turquoise violet wheat white whitesmoke yellow yellowgreen transparent'
  ).split(' '),
);

const N = '(\\d{1,3}(?:\\.\\d{1,4})?|\\.\\d{1,4})';
const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const RGB_COMMAS = new RegExp(`^rgba?\\(\\s*${N}(%?)\\s*,\\s*${N}(%?)\\s*,\\s*${N}(%?)\\s*(?:,\\s*${N}(%?)\\s*)?\\)$`, 'i');
const RGB_SPACES = new RegExp(`^rgba?\\(\\s*${N}(%?)\\s+${N}(%?)\\s+${N}(%?)\\s*(?:\\/\\s*${N}(%?)\\s*)?\\)$`, 'i');
const HSL_COMMAS = new RegExp(`^hsla?\\(\\s*${N}(?:deg)?\\s*,\\s*${N}%\\s*,\\s*${N}%\\s*(?:,\\s*${N}(%?)\\s*)?\\)$`, 'i');
const HSL_SPACES = new RegExp(`^hsla?\\(\\s*${N}(?:deg)?\\s+${N}%\\s+${N}%\\s*(?:\\/\\s*${N}(%?)\\s*)?\\)$`, 'i');

/** "010.50" → "10.5": one spelling per number keeps the CSS (and its hash) deterministic. */
function tidy(n: string): string {
  return String(Number(n));
}

function alphaOf(value: string | undefined, percent: string | undefined): string | null | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (percent ? n > 100 : n > 1) return null;
  return tidy(value) + (percent ?? '');
}

function rgbOf(m: RegExpExecArray): string | null {
  const parts: string[] = [];
  for (let i = 1; i <= 5; i += 2) {
    const value = m[i] ?? '';
    const percent = m[i + 1] ?? '';
    if (Number(value) > (percent ? 100 : 255)) return null;
    parts.push(tidy(value) + percent);
  }
  const alpha = alphaOf(m[7], m[8]);
  if (alpha === null) return null;
  return alpha === undefined ? `rgb(${parts.join(',')})` : `rgba(${parts.join(',')},${alpha})`;
}

function hslOf(m: RegExpExecArray): string | null {
  const [hue, sat, light] = [m[1] ?? '', m[2] ?? '', m[3] ?? ''];
  if (Number(hue) > 360 || Number(sat) > 100 || Number(light) > 100) return null;
  const alpha = alphaOf(m[4], m[5]);
  if (alpha === null) return null;
  const hsl = `${tidy(hue)},${tidy(sat)}%,${tidy(light)}%`;
  return alpha === undefined ? `hsl(${hsl})` : `hsla(${hsl},${alpha})`;
}

/**
 * A colour in its canonical spelling (lower case, no spaces), or null. The canonical form only
 * ever contains `#a-z0-9(),.%`, which is what makes it safe to place in CSS.
 */
export function parseColor(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > LIMITS.colorLength) return null;
  const v = value.trim().toLowerCase();
  if (HEX.test(v)) return v;
  if (NAMED_COLORS.has(v)) return v;
  const rgb = RGB_COMMAS.exec(v) ?? RGB_SPACES.exec(v);
  if (rgb) return rgbOf(rgb);
  const hsl = HSL_COMMAS.exec(v) ?? HSL_SPACES.exec(v);
  if (hsl) return hslOf(hsl);
  return null;
}

// ---------------------------------------------------------------------------------------------
// URLs (never placed in CSS; rendered as <img>/<video> src, which the template escapes)

const UPLOAD_FILE = '\\/uploads\\/\\d{1,12}\\/[a-z0-9][a-z0-9._-]{0,127}';
const UPLOAD_IMAGE = new RegExp(`^${UPLOAD_FILE}\\.(?:jpe?g|png|webp|gif)(?:\\?v=\\d{1,20})?$`, 'i');
const UPLOAD_VIDEO = new RegExp(`^${UPLOAD_FILE}\\.(?:mp4|webm|ogg|mov)(?:\\?v=\\d{1,20})?$`, 'i');
const VIDEO_PATH = /\.(?:mp4|webm|ogg|mov)$/i;
const DATA_IMAGE = /^data:image\/(png|jpeg|webp|gif);base64,/i;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
// Whitespace, quotes, angle brackets, backslashes and controls have no place in a URL we store.
const URL_UNSAFE = /[\s"'`<>\\\u0000-\u001f\u007f]/;

/** An absolute http(s) URL in the form the URL parser gives it back, or null. */
function httpUrl(value: string): string | null {
  if (value.length > LIMITS.urlLength || !/^https?:\/\//i.test(value) || URL_UNSAFE.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname || url.username || url.password) return null;
  return url.href;
}

type DataUrlResult = { url: string } | 'too-large' | null;

function dataImageUrl(value: string): DataUrlResult {
  const m = DATA_IMAGE.exec(value);
  if (!m) return null;
  const payload = value.slice(m[0].length);
  if (payload.length > LIMITS.dataUrlBase64) return 'too-large';
  if (payload.length === 0 || payload.length % 4 !== 0 || !BASE64.test(payload)) return null;
  return { url: `data:image/${(m[1] ?? '').toLowerCase()};base64,${payload}` };
}

/** `video:` prefix given: any http(s) URL or an uploaded video file. */
function videoUrl(value: string): string | null {
  if (UPLOAD_VIDEO.test(value)) return value;
  return httpUrl(value);
}

/** No prefix: a video only when the path says so. */
function plainVideoUrl(value: string): string | null {
  if (UPLOAD_VIDEO.test(value)) return value;
  const href = httpUrl(value);
  return href && VIDEO_PATH.test(new URL(href).pathname) ? href : null;
}

function imageUrl(value: string): DataUrlResult {
  if (UPLOAD_IMAGE.test(value)) return { url: value };
  if (value.startsWith('data:')) return dataImageUrl(value);
  const href = httpUrl(value);
  return href ? { url: href } : null;
}

// ---------------------------------------------------------------------------------------------
// Animation configs

interface ConfigInput {
  colors?: string[];
  direction?: GradientDirection;
  count?: number;
  size?: number;
  speed?: number;
  shapes?: Shape[];
  waveCount?: number;
  amplitude?: number;
  light?: { colors?: string[] };
  dark?: { colors?: string[] };
}

type Range = { readonly min: number; readonly max: number };

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** True when `v` has at most `max` levels of objects/arrays (a flat object is one level). */
function depthWithin(v: unknown, max: number): boolean {
  if (typeof v !== 'object' || v === null) return true;
  if (max === 0) return false;
  return (Array.isArray(v) ? v : Object.values(v)).every((child) => depthWithin(child, max - 1));
}

function isAnimationType(v: string): v is AnimationType {
  return (ANIMATION_TYPE_IDS as readonly string[]).includes(v);
}

function colorList(v: unknown): string[] | undefined {
  if (!Array.isArray(v) || v.length < LIMITS.colors.min || v.length > LIMITS.colors.max) return undefined;
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
  if (!v.every((s) => typeof s === 'string' && (SHAPES as readonly string[]).includes(s))) return undefined;
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
function readConfig(raw: Record<string, unknown>, strict: boolean): ConfigInput | null {
  let bad = false;
  const fail = () => {
    bad = true;
  };
  const out: ConfigInput = {};
  const has = (key: string) => Object.hasOwn(raw, key);
  const set = <K extends keyof ConfigInput>(key: K, value: ConfigInput[K] | undefined) => {
    if (!has(key)) return;
    if (value === undefined) fail();
    else out[key] = value;
  };
  set('colors', colorList(raw.colors));
  set('direction', typeof raw.direction === 'string' && (GRADIENT_DIRECTIONS as readonly string[]).includes(raw.direction) ? (raw.direction as GradientDirection) : undefined);
  set('count', numberIn(raw.count, LIMITS.count, true, strict));
  set('size', numberIn(raw.size, LIMITS.size, false, strict));
  set('speed', numberIn(raw.speed, LIMITS.speed, false, strict));
  set('shapes', shapeList(raw.shapes));
  set('waveCount', numberIn(raw.waveCount, LIMITS.waveCount, true, strict));
  set('amplitude', numberIn(raw.amplitude, LIMITS.amplitude, false, strict));
  for (const key of ['light', 'dark'] as const) {
    if (!has(key)) continue;
    const colors = variantColors(raw[key]);
    if (colors) out[key] = { colors };
    else fail();
  }
  return strict && bad ? null : out;
}

/** Fills every missing field from the type's defaults; arrays are fresh copies. */
function resolveConfig(type: AnimationType, input: ConfigInput): AnimationConfig {
  const d = TYPE_DEFAULTS[type];
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

/** The stored JSON: only the keys the owner set, in a fixed order (one spelling per config). */
function serializeConfig(input: ConfigInput): string {
  const keys = ['colors', 'direction', 'count', 'size', 'speed', 'shapes', 'waveCount', 'amplitude', 'light', 'dark'] as const;
  const ordered: Record<string, unknown> = {};
  for (const key of keys) if (input[key] !== undefined) ordered[key] = input[key];
  return JSON.stringify(ordered);
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

/** The colours to draw with on a light or dark page. */
export function paletteFor(config: AnimationConfig, dark: boolean): string[] {
  return dark ? config.dark.colors : config.light.colors;
}

interface ParsedAnimation {
  type: AnimationType;
  input: ConfigInput;
}

/** `{type}` or `{type}:{json}` (the part after `animation:`). */
function parseAnimationSpec(spec: string, strict: boolean): ParsedAnimation | null {
  const colon = spec.indexOf(':');
  const type = colon < 0 ? spec : spec.slice(0, colon);
  const json = colon < 0 ? '' : spec.slice(colon + 1).trim();
  if (!isAnimationType(type)) return null;
  if (json === '') return { type, input: {} };
  if (Buffer.byteLength(json, 'utf8') > LIMITS.configBytes) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    return null;
  }
  if (!isPlainObject(raw) || !depthWithin(raw, LIMITS.configDepth)) return null;
  const input = readConfig(raw, strict);
  return input ? { type, input } : null;
}

// ---------------------------------------------------------------------------------------------
// Reading

type Encoding =
  | { kind: 'color'; color: string }
  | { kind: 'image'; url: string }
  | { kind: 'video'; url: string }
  | { kind: 'animation'; animation: ParsedAnimation }
  | { kind: 'invalid'; reason: keyof typeof messages };

function decode(value: string, bareColor: boolean, strict: boolean): Encoding {
  if (value.startsWith('color:')) {
    const color = parseColor(value.slice(6));
    return color ? { kind: 'color', color } : { kind: 'invalid', reason: 'invalidColor' };
  }
  if (value.startsWith('animation:') || value.startsWith('video:animation:')) {
    const animation = parseAnimationSpec(value.slice(value.indexOf('animation:') + 10), strict);
    return animation ? { kind: 'animation', animation } : { kind: 'invalid', reason: 'invalidAnimation' };
  }
  if (value.startsWith('video:')) {
    const url = videoUrl(value.slice(6));
    return url ? { kind: 'video', url } : { kind: 'invalid', reason: 'invalidVideo' };
  }
  if (bareColor) {
    const color = parseColor(value);
    if (color) return { kind: 'color', color };
  }
  const video = plainVideoUrl(value);
  if (video) return { kind: 'video', url: video };
  const image = imageUrl(value);
  if (image === 'too-large') return { kind: 'invalid', reason: 'imageTooLarge' };
  return image ? { kind: 'image', url: image.url } : { kind: 'invalid', reason: bareColor ? 'invalidColor' : 'invalidImage' };
}

function toDescriptor(encoding: Encoding): BackgroundDescriptor | null {
  switch (encoding.kind) {
    case 'color':
      return { kind: 'color', color: encoding.color };
    case 'image':
      return { kind: 'image', url: encoding.url };
    case 'video':
      return { kind: 'video', url: encoding.url };
    case 'animation':
      return { kind: 'animation', type: encoding.animation.type, config: resolveConfig(encoding.animation.type, encoding.animation.input) };
    case 'invalid':
      return null;
  }
}

function read(value: string | null | undefined, bareColor: boolean): BackgroundDescriptor | null {
  const v = value?.trim();
  if (!v) return null;
  return toDescriptor(decode(v, bareColor, false));
}

/**
 * customer_profiles.background_type / background_value → what to show, or null for the
 * default (#f9fafb). The value's prefix decides; the type only allows a bare colour.
 */
export function parseBackground(type: string | null | undefined, value: string | null | undefined): BackgroundDescriptor | null {
  return read(value, type === 'color');
}

/** customer_profiles.cover_photo → what to show, or null for the default brand gradient. */
export function parseCover(value: string | null | undefined): BackgroundDescriptor | null {
  return read(value, false);
}

// ---------------------------------------------------------------------------------------------
// Writing

function isBackgroundType(v: unknown): v is BackgroundType {
  return typeof v === 'string' && (BACKGROUND_TYPES as readonly string[]).includes(v);
}

const reasonFor: Record<BackgroundType, keyof typeof messages> = {
  color: 'invalidColor',
  image: 'invalidImage',
  video: 'invalidVideo',
  animation: 'invalidAnimation',
};

/** The canonical stored string for a strictly decoded value (cover: `color:` keeps its prefix). */
function encode(encoding: Exclude<Encoding, { kind: 'invalid' }>, bareColor: boolean, videoAnimation: boolean): string {
  switch (encoding.kind) {
    case 'color':
      return bareColor ? encoding.color : `color:${encoding.color}`;
    case 'image':
      return encoding.url;
    case 'video':
      return `video:${encoding.url}`;
    case 'animation': {
      const { type, input } = encoding.animation;
      return `${videoAnimation ? 'video:' : ''}animation:${type}:${serializeConfig(input)}`;
    }
  }
}

/**
 * Validates a background the owner chose and returns the canonical background_value to store
 * with `type`. Throws ValidationError({ background_type | background_value: Turkish message }).
 *
 * - color:     `#hex`, `rgb(...)`, ..., a named colour, with or without `color:` → stored bare
 * - image:     http(s) URL, `/uploads/{id}/{file}.{jpg|png|webp|gif}`, data:image/...;base64
 * - video:     `video:{url}` or a plain URL (any http(s) URL counts) → stored as `video:{url}`
 * - animation: `animation:{type}[:{json}]` or just `{type}` → `animation:{type}:{canonical json}`
 */
export function validateBackgroundInput(type: unknown, value: unknown): string {
  if (!isBackgroundType(type)) throw new ValidationError({ background_type: messages.invalidType });
  const v = typeof value === 'string' ? value.trim() : '';
  const fail = (reason: keyof typeof messages): never => {
    throw new ValidationError({ background_value: messages[reason] });
  };
  if (!v) return fail('empty');
  let raw = v;
  if (type === 'video' && !raw.startsWith('video:')) raw = `video:${raw}`;
  if (type === 'animation' && isAnimationType(raw)) raw = `animation:${raw}`;
  const encoding = decode(raw, type === 'color', true);
  if (encoding.kind === 'invalid') return fail(encoding.reason === 'imageTooLarge' ? encoding.reason : reasonFor[type]);
  // Under type 'video' the spec's `video:animation:` spelling still means an animation.
  const legacy = type === 'video' && encoding.kind === 'animation';
  if (encoding.kind !== type && !legacy) return fail(reasonFor[type]);
  const stored = encode(encoding, type === 'color', legacy);
  // Belt and braces: what we store must read back as the same kind.
  if (parseBackground(type, stored)?.kind !== encoding.kind) return fail(reasonFor[type]);
  return stored;
}

/**
 * Validates a cover the owner chose: the canonical cover_photo to store, or null to go back to
 * the default (empty input). Throws ValidationError({ cover_photo: Turkish message }).
 */
export function validateCoverInput(value: unknown): string | null {
  const v = typeof value === 'string' ? value.trim() : '';
  if (!v) return null;
  const encoding = decode(v, false, true);
  if (encoding.kind === 'invalid') throw new ValidationError({ cover_photo: messages[encoding.reason] });
  const stored = encode(encoding, false, false);
  if (parseCover(stored)?.kind !== encoding.kind) throw new ValidationError({ cover_photo: messages.invalidImage });
  return stored;
}
