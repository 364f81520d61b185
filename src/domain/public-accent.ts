/**
 * The agency's accent on the public profile page (docs/product.md, Agency brand). The page has
 * two themes of its own (the owner's dark mode, not the visitor's), and a visitor must read
 * every text on or in the accent at 4.5:1 whatever colour the agency chose:
 * - `--brand-fill` under `--on-brand-fill`: the contact and primary buttons, in the accent
 *   itself, with white text when that reads, else near-black;
 * - `--brand` under `--on-brand`: links, line icons, the focus ring, anything else that took
 *   the page's brand colour; the accent darkened (light page) or lightened (dark page) in 5%
 *   steps just until it reads on every surface of the page;
 * - the default cover and the initials' disc in the accent's shades. The owner's own cover
 *   comes after this block in the page's style and wins.
 * Only `#rrggbb` values computed here go into the CSS, so it never needs escaping.
 */
import { ACCENT_PATTERN, contrastRatio, MIN_CONTRAST, mix } from './brand-colors.js';

/** The surfaces links and icons sit on (public/css/profile.css: --surface, --surface-2, --page-bg). */
const LIGHT_SURFACES = ['#ffffff', '#f3f4f6', '#f9fafb'] as const;
const DARK_SURFACES = ['#171b24', '#222836', '#0b0e14'] as const;
/** Text on a fill, in order of preference: when white does not reach 4.5:1, black always does. */
const TEXTS = ['#ffffff', '#111827', '#000000'] as const;

const readsOn = (color: string, grounds: readonly string[]) =>
  grounds.every((ground) => contrastRatio(color, ground) >= MIN_CONTRAST);

/** The first text colour that reads on every ground given (the best of them when none does). */
function textOn(...grounds: string[]): string {
  const weakest = (text: string) => Math.min(...grounds.map((ground) => contrastRatio(text, ground)));
  return TEXTS.find((text) => readsOn(text, grounds)) ?? [...TEXTS].sort((a, b) => weakest(b) - weakest(a))[0]!;
}

/** The accent moved towards `towards` in 5% steps, just until it reads on every surface. */
function inkOn(accent: string, surfaces: readonly string[], towards: string): string {
  for (let step = 0; step <= 20; step += 1) {
    const candidate = mix(towards, accent, step / 20);
    if (readsOn(candidate, surfaces)) return candidate;
  }
  return towards;
}

export interface PublicAccent {
  fill: string;
  onFill: string;
  ink: string;
  onInk: string;
}

/** The colours the public page draws from an accent, in the page's own theme. */
export function publicAccent(accent: string, dark: boolean): PublicAccent {
  const ink = dark ? inkOn(accent, DARK_SURFACES, '#ffffff') : inkOn(accent, LIGHT_SURFACES, '#000000');
  // On a dark page a fill is as light as the ink (the page's own buttons are too: light on dark).
  const fill = dark ? ink : accent;
  return { fill, onFill: textOn(fill), ink, onInk: textOn(ink) };
}

/** The design tokens of one theme. */
function accentTokens(accent: string, dark: boolean): string {
  const { fill, onFill, ink, onInk } = publicAccent(accent, dark);
  return `--brand-fill:${fill};--on-brand-fill:${onFill};--brand:${ink};--on-brand:${onInk};--focus:${ink}`;
}

/** The default cover and the initials' disc, the same in both themes. */
function accentShades(accent: string): string {
  // A light shade either side of the accent: darker shades of a light accent turn muddy.
  const deep = mix('#000000', accent, 0.15);
  const pale = mix('#ffffff', accent, 0.45);
  return (
    `.cover{background:linear-gradient(135deg,${deep},${accent} 55%,${pale})}` +
    `.photo--initials{background:linear-gradient(135deg,${accent},${deep});color:${textOn(accent, deep)}}`
  );
}

/** The style rules for the public page ('' without an accent): tokens, the default cover and the initials. */
export function publicAccentCss(accent: string | null, dark: boolean): string {
  if (!accent || !ACCENT_PATTERN.test(accent)) return '';
  return (
    `:root{${accentTokens(accent, dark)}}${accentShades(accent)}.link:` +
    `hover{border-color:${publicAccent(accent, dark).ink}}`
  );
}

/**
 * The same for the owner's pages, which preview what visitors see ('' without an accent): both
 * themes at once, since the editor takes the owner's dark mode (`.theme-dark`) and the other
 * owner pages are light; computed once per brand (services/brand.service.ts).
 */
export function ownerAccentCss(accent: string | null): string {
  if (!accent || !ACCENT_PATTERN.test(accent)) return '';
  return (
    `:root{${accentTokens(accent, false)}}.theme-dark` +
    `{${accentTokens(accent, true)}}${accentShades(accent)}.link:hover{border-color:var(--brand)}`
  );
}
