/**
 * Which drawn icon stands for each platform and contact button (docs/product.md, "Links and
 * platforms"), and the colour rules that keep a brand colour readable on the page's cards. The
 * drawings themselves come from two packages, read once at start by src/media/icon-library.ts:
 * brand logos from `simple-icons` (CC0) and generic line icons from `lucide-static` (ISC).
 * Nothing here depends on an emoji font; emoji remain only for a custom link's own choice.
 */

export type IconSetName = 'simple-icons' | 'lucide';

export interface IconRef {
  readonly set: IconSetName;
  readonly name: string;
}

/** `si-instagram`, `lu-phone`: the icon's id in a page, and its key in the icon library. */
export function iconKey(ref: IconRef): string {
  return `${ref.set === 'simple-icons' ? 'si' : 'lu'}-${ref.name}`;
}

export const brand = (name: string): IconRef => ({ set: 'simple-icons', name });
export const line = (name: string): IconRef => ({ set: 'lucide', name });

/** The contact buttons' icons (Ara, E-posta, Rehbere Ekle, Web Sitesi). */
export const ACTION_ICONS = Object.freeze({
  phone: line('phone'),
  email: line('mail'),
  vcard: line('user-plus'),
  website: line('globe'),
} satisfies Record<string, IconRef>);

/**
 * The interface's own icons, by the name a view asks for (views/partials/ui-icon.ejs,
 * `{ name: 'trash' }`): lucide line icons in the text's colour, so no button, back link or
 * heading depends on an emoji font or on a font that has the arrows. The names say what the
 * icon shows; the text or aria-label next to it says what it means.
 */
export const UI_ICONS = Object.freeze({
  'arrow-left': line('arrow-left'),
  'arrow-right': line('arrow-right'),
  'arrow-up': line('arrow-up'),
  'arrow-down': line('arrow-down'),
  'external-link': line('external-link'),
  search: line('search'),
  users: line('users'),
  user: line('user'),
  'user-plus': line('user-plus'),
  inbox: line('inbox'),
  check: line('check'),
  trash: line('trash-2'),
  eye: line('eye'),
  'eye-off': line('eye-off'),
  palette: line('palette'),
  image: line('image'),
  pencil: line('pencil'),
  hand: line('hand'),
  'message-circle': line('message-circle'),
  mail: line('mail'),
  'bar-chart': line('chart-column'),
  'party-popper': line('party-popper'),
  phone: line('phone'),
  camera: line('camera'),
  'map-pin': line('map-pin'),
  link: line('link'),
  'credit-card': line('credit-card'),
  'qr-code': line('qr-code'),
  grip: line('grip-vertical'),
  globe: line('globe'),
} satisfies Record<string, IconRef>);

export type UiIconName = keyof typeof UI_ICONS;

/**
 * What an icon sits on, per theme: the card (`--surface`) and the icon tile (`--surface-2`) of
 * public/css/profile.css, and the owner pages' `--surface-2` of public/css/app.css. A brand
 * colour must keep 3:1 (WCAG 1.4.11, graphics) against every one of them.
 */
export const ICON_BACKDROPS = Object.freeze({
  light: ['#ffffff', '#f3f4f6', '#f1f3f9'],
  dark: ['#171b24', '#222836', '#1e2330'],
});

export const ICON_MIN_CONTRAST = 3;

type Rgb = [number, number, number];

/** The dark theme's text colour (profile.css `--text`). */
const NEAR_WHITE = '#f3f4f6';

function parseHex(hex: string): Rgb {
  const digits = hex.replace(/^#/, '');
  return [0, 2, 4].map((i) => parseInt(digits.slice(i, i + 2), 16)) as Rgb;
}

function toHex(rgb: Rgb): string {
  return `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

/** WCAG relative luminance of an sRGB colour. */
export function luminance(hex: string): number {
  const [r, g, b] = parseHex(hex).map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two `#rrggbb` colours, 1..21. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * The brand colour as given when it keeps `min` contrast against every backdrop; else mixed
 * towards black (light theme) or white (dark theme) in small steps until it does, so WhatsApp's
 * green stays green, only deeper. Black logos (X, TikTok, GitHub) turn white on a dark card.
 */
export function readableColor(
  hex: string,
  backdrops: readonly string[],
  theme: 'light' | 'dark',
  min = ICON_MIN_CONTRAST,
): string {
  // A black logo is shown white on a dark card, as its brand asks, not in a half-lit grey.
  if (theme === 'dark' && luminance(hex) < 0.02) return NEAR_WHITE;
  const base = parseHex(hex);
  const target = theme === 'light' ? 0 : 255;
  for (let step = 0; step <= 20; step += 1) {
    const mixed = toHex(base.map((c) => c + ((target - c) * step) / 20) as Rgb);
    if (backdrops.every((backdrop) => contrastRatio(mixed, backdrop) >= min)) return mixed;
  }
  return theme === 'light' ? '#000000' : '#ffffff';
}
