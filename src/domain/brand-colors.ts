/**
 * The agency's accent colour (docs/product.md, Agency brand) and what the admin, landing and
 * sign-in pages make of it. The colour as typed must pass WCAG AA (4.5:1) in the light theme,
 * where it is the buttons' background under white text and the links' colour on the lightest
 * page grounds: refused otherwise, so that what the agency picked is exactly what is shown. The
 * dark theme cannot use the same colour (a dark ink on a dark ground); there it is lightened,
 * step by step, until it passes against the dark grounds and the dark button text.
 */

/** WCAG 2 AA for normal text. */
export const MIN_CONTRAST = 4.5;

/** `#rrggbb`, the only spelling stored; written in lower case. */
export const ACCENT_PATTERN = /^#[0-9a-f]{6}$/;

/**
 * The light theme's text colour on buttons, and its darkest ground under links (public/css/app.css: --on-brand,
 * --surface-2).
 */
const LIGHT_GROUNDS = ['#ffffff', '#f1f3f9'] as const;
/** The dark theme's button text and its lightest ground (--on-brand, --surface-2 in the dark block). */
const DARK_GROUNDS = ['#0d1017', '#1e2330'] as const;
const DARK_INK = '#0d1017';

type Rgb = readonly [number, number, number];

function rgbOf(hex: string): Rgb {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function hexOf([r, g, b]: Rgb): string {
  return `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

/** `weight` of `a` and the rest of `b`, channel by channel. */
export function mix(a: string, b: string, weight: number): string {
  const x = rgbOf(a);
  const y = rgbOf(b);
  return hexOf([0, 1, 2].map((i) => x[i]! * weight + y[i]! * (1 - weight)) as unknown as Rgb);
}

function luminance(hex: string): number {
  const [r, g, b] = rgbOf(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as unknown as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The WCAG contrast ratio of two `#rrggbb` colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** The accent's weakest contrast in the light theme; below MIN_CONTRAST it is refused. */
export function lightContrast(accent: string): number {
  return Math.min(...LIGHT_GROUNDS.map((ground) => contrastRatio(accent, ground)));
}

/** The dark theme's tinted ground (badges, icon tiles): the accent faintly over the dark ink. */
function darkSoft(accent: string): string {
  return mix(accent, DARK_INK, 0.2);
}

/** The accent lightened (mixed with white) just enough to pass on every dark ground, its tint included. */
export function darkVariant(accent: string): string {
  const grounds = [...DARK_GROUNDS, darkSoft(accent)];
  for (let step = 0; step <= 20; step += 1) {
    const candidate = mix('#ffffff', accent, step / 20);
    if (grounds.every((ground) => contrastRatio(candidate, ground) >= MIN_CONTRAST)) return candidate;
  }
  return '#ffffff';
}

/**
 * The style block for a brand's accent: the design tokens the buttons, links and the brand mark
 * read, for both themes. Only `#rrggbb` colours computed here go into it, so it never needs
 * escaping; its hash goes into the CSP (src/http/inline-style.ts). '' without an accent.
 */
export function accentCss(accent: string | null): string {
  if (!accent || !ACCENT_PATTERN.test(accent)) return '';
  const dark = darkVariant(accent);
  const light =
    `--brand:${accent};--brand-strong:${mix('#000000', accent, 0.2)};` +
    `--brand-soft:${mix(accent, '#ffffff', 0.1)};--on-brand:#ffffff;--accent:${accent}`;
  const night =
    `--brand:${dark};--brand-strong:${mix('#ffffff', dark, 0.2)};` +
    `--brand-soft:${darkSoft(accent)};--on-brand:${DARK_INK};--accent:${dark}`;
  return `:root{${light}}@media (prefers-color-scheme: dark){:root{${night}}}.brand__mark{background:${accent}}`;
}
