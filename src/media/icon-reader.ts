/**
 * Reads the drawn icons from the installed packages (`simple-icons`, CC0, brand logos with
 * their brand colour; `lucide-static`, ISC, generic line icons) into plain data. Only
 * `npm run icons` (scripts/write-icon-data.ts) and its drift test run this: the server uses
 * the data it wrote, src/media/icon-data.ts, so neither package ships in the image.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { ACTION_ICONS, ICON_BACKDROPS, UI_ICONS, iconKey, readableColor, type IconRef } from '../domain/icons.js';
import { PLATFORMS } from '../domain/platforms.js';
import type { IconElement, IconView } from './icon-library.js';

/** The only shapes and geometry attributes kept from a file; anything else is dropped. */
const SHAPES = new Set(['path', 'circle', 'rect', 'line', 'polyline', 'polygon', 'ellipse']);
const GEOMETRY = new Set([
  'd',
  'cx',
  'cy',
  'r',
  'rx',
  'ry',
  'x',
  'y',
  'x1',
  'y1',
  'x2',
  'y2',
  'width',
  'height',
  'points',
]);

const require = createRequire(import.meta.url);

/**
 * Path data with at most two decimals (0.01 of a 24-unit box is a hundredth of a pixel at icon
 * size): simple-icons writes four, a quarter of the public page's weight. Only the fraction is
 * touched, never the digits before the point, so arc flags packed against a number (`01.5`) stay;
 * a fraction that would round up to 1 is left as it is.
 */
export function shortenPath(d: string): string {
  return d.replace(/(-?\d*)\.(\d{3,})/g, (whole, int: string, fraction: string) => {
    const hundredths = Math.round(Number(`0.${fraction}`) * 100);
    if (hundredths >= 100) return whole;
    const digits = String(hundredths).padStart(2, '0').replace(/0+$/, '') || '0';
    return `${int}.${digits}`;
  });
}

/** The shapes of one SVG file, with only their geometry. */
export function parseIconSvg(svg: string): { viewBox: string; elements: IconElement[] } {
  const viewBox = /\bviewBox="([\d.\s-]+)"/.exec(svg)?.[1] ?? '0 0 24 24';
  const elements: IconElement[] = [];
  for (const [, tag, rest] of svg.matchAll(/<([a-z]+)\b([^>]*)\/?>/g)) {
    if (!tag || !SHAPES.has(tag)) continue;
    const attrs = [...(rest ?? '').matchAll(/([a-z0-9-]+)="([^"]*)"/g)]
      .filter(([, name]) => GEOMETRY.has(name!))
      .map(([, name, value]) => [name!, name === 'd' ? shortenPath(value!) : value!] as const);
    elements.push({ tag, attrs });
  }
  return { viewBox, elements };
}

function fileOf(ref: IconRef): string {
  return ref.set === 'simple-icons' ? `simple-icons/icons/${ref.name}.svg` : `lucide-static/icons/${ref.name}.svg`;
}

/** simple-icons' brand colours by slug, for the few slugs asked for (the JSON is parsed, then let go). */
function brandColours(slugs: string[]): Map<string, string> {
  const data = JSON.parse(readFileSync(require.resolve('simple-icons/icons.json'), 'utf8')) as Array<{
    slug: string;
    hex: string;
  }>;
  return new Map(
    data.filter((icon) => slugs.includes(icon.slug)).map((icon) => [icon.slug, `#${icon.hex.toLowerCase()}`]),
  );
}

/** Reads the icons; one a package lacks is left out (the page then shows the platform's emoji). */
export function readIcons(refs: readonly IconRef[]): Map<string, IconView> {
  const colours = brandColours(refs.filter((r) => r.set === 'simple-icons').map((r) => r.name));
  const icons = new Map<string, IconView>();
  for (const ref of refs) {
    const key = iconKey(ref);
    if (icons.has(key)) continue;
    let svg: string;
    try {
      svg = readFileSync(require.resolve(fileOf(ref)), 'utf8');
    } catch {
      continue;
    }
    const { viewBox, elements } = parseIconSvg(svg);
    const hex = colours.get(ref.name);
    const kind = ref.set === 'simple-icons' ? 'brand' : 'line';
    icons.set(key, {
      key,
      kind,
      viewBox,
      elements,
      light: kind === 'brand' && hex ? readableColor(hex, ICON_BACKDROPS.light, 'light') : null,
      dark: kind === 'brand' && hex ? readableColor(hex, ICON_BACKDROPS.dark, 'dark') : null,
    });
  }
  return icons;
}

/** Every icon a page can show: each platform's, each contact button's and the interface's own. */
export const ALL_ICONS: readonly IconRef[] = [
  ...PLATFORMS.map((p) => p.svg),
  ...Object.values(ACTION_ICONS),
  ...Object.values(UI_ICONS),
];
