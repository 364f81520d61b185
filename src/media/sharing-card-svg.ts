/**
 * The sharing image's drawing (docs/product.md, Public page): what a chat or a timeline shows
 * when the page's address is shared, 1200x630. The photo (composited by media/sharing-image.ts
 * into `PHOTO`) or the initials on the accent, the name, the title and the business, the
 * agency's logo (composited into `BRAND_LOGO`) or its mark, and its name. Pure: an SVG string from the card and a text
 * measure. Every text is fitted before it is drawn (media/text-fit.ts) and XML-escaped as it is written.
 */
import { SHARING_IMAGE } from '../domain/sharing-image-size.js';
import { fitText, type FittedText } from './text-fit.js';
import type { MeasureText } from './text-width.js';

/** Where the round photo goes: its top-left corner and its side. */
export const PHOTO = { x: 95, y: 155, size: 320 } as const;

/** Vizit's own colours (public/css/app.css, public/img/favicon.svg) when the agency set no accent. */
const VIZIT_ACCENT = '#4f46e5';
const VIZIT_ACCENT_END = '#db2777';
const INK = '#111827';
const MUTED = '#4b5563';
const FONT = "'Noto Sans'";

export interface SharingCard {
  name: string;
  title: string | null;
  company: string | null;
  initials: string;
  brandName: string;
  /** The letter in the brand's mark. */
  brandMark: string;
  /** `#rrggbb`, or null for Vizit's own colours. */
  accent: string | null;
  /** The photo is composited over the circle; without one the initials are drawn on it. */
  hasPhoto: boolean;
  /**
   * The width of the agency's logo composited at BRAND_LOGO (media/sharing-image.ts); null draws its letter mark
   * instead.
   */
  logoWidth: number | null;
}

/** Where the agency's logo goes, small, at the foot of the text column: its top-left corner and its largest size. */
export const BRAND_LOGO = { x: 500, y: 536, maxWidth: 180, height: 44 } as const;

/** The column the texts sit in, right of the photo. */
const TEXT = { x: 500, width: 610, top: 70, bottom: 500 } as const;
const NAME_BOX = { weight: 'bold', sizes: [76, 68, 60, 52], maxWidth: TEXT.width, maxLines: 2 } as const;
const LINE_BOX = { weight: 'regular', sizes: [36, 32, 28], maxWidth: TEXT.width, maxLines: 2 } as const;
const BRAND_BOX = { weight: 'bold', sizes: [26], maxWidth: TEXT.width - 64, maxLines: 1 } as const;
const LINE_HEIGHT = 1.2;
/** Space above the title (under the name) and above the business (under the title or the name). */
const GAP_UNDER_NAME = 22;
const GAP_UNDER_TITLE = 8;

/** Characters XML 1.0 cannot carry at all, and lone surrogates; the rest escaped. */
const NOT_XML = new RegExp(
  String.raw`[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])` +
    String.raw`|(?<![\ud800-\udbff])[\udc00-\udfff]`,
  'g',
);
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

export function escapeXml(text: string): string {
  return text.replace(NOT_XML, '').replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}

interface Block {
  fitted: FittedText;
  weight: 'regular' | 'bold';
  fill: string;
  gapAbove: number;
}

/** The blocks' lines as `<text>` elements, the whole group centred between TEXT.top and TEXT.bottom. */
function textColumn(blocks: readonly Block[]): string {
  const total = blocks.reduce((sum, b) => sum + b.gapAbove + b.fitted.lines.length * b.fitted.size * LINE_HEIGHT, 0);
  let top = TEXT.top + (TEXT.bottom - TEXT.top - total) / 2;
  const out: string[] = [];
  for (const block of blocks) {
    const { size, lines } = block.fitted;
    top += block.gapAbove;
    for (const line of lines) {
      // The baseline: the line's box is 1.2 sizes high and Noto's capitals stand 0.71 of a size above it.
      const baseline = top + size * (LINE_HEIGHT / 2 + 0.36);
      out.push(
        `<text x="${TEXT.x}" y="${baseline.toFixed(1)}" font-family="${FONT}" font-size="${size}" ` +
          `font-weight="${block.weight === 'bold' ? 700 : 400}" fill="${block.fill}">${escapeXml(line)}</text>`,
      );
      top += size * LINE_HEIGHT;
    }
  }
  return out.join('');
}

/** How far the ring's shadow spreads past the ring, and how far it sits below it. */
const SHADOW = { spread: 30, drop: 10 } as const;

/**
 * The ring's soft shadow as a radial gradient fading out, not an SVG blur filter: librsvg draws a
 * filter through several full-size scratch surfaces, which cost the server 10 MB more memory at
 * its peak for the same look (docs/performance.md).
 */
function ringShadow(ring: number): string {
  const outer = ring + SHADOW.spread;
  const stop = (radius: number, opacity: number) =>
    `<stop offset="${(radius / outer).toFixed(3)}" stop-color="${INK}" stop-opacity="${opacity}"/>`;
  return (
    `<radialGradient ` +
    `id="shadow">${stop(ring - 14, 0.18)}${stop(ring, 0.1)}${stop(ring + 12, 0.035)}${stop(outer, 0)}</radialGradient>`
  );
}

/** The circle the photo goes into, on a white ring with a soft shadow; the initials on it without a photo. */
function portrait(card: SharingCard): string {
  const r = PHOTO.size / 2;
  const cx = PHOTO.x + r;
  const cy = PHOTO.y + r;
  const ring = r + 12;
  const initials = card.hasPhoto
    ? ''
    : `<text x="${cx}" y="${cy + 40}" text-anchor="middle" font-family="${FONT}" font-size="116" ` +
      `font-weight="700" fill="#ffffff">${escapeXml(card.initials)}</text>`;
  return (
    `<circle cx="${cx}" cy="${cy + SHADOW.drop}" r="${ring + SHADOW.spread}" fill="url(#shadow)"/>` +
    `<circle cx="${cx}" cy="${cy}" r="${ring}" fill="#ffffff"/>` +
    `<circle cx="${cx}" cy="${cy}" r="${r}" fill="url(#accent)"/>` +
    initials
  );
}

/**
 * The agency's logo (composited there) or its mark (its letter on the accent), and its name, at the foot of the text
 * column.
 */
function brandLine(card: SharingCard, measure: MeasureText): string {
  const y = BRAND_LOGO.y;
  const markWidth = card.logoWidth ?? BRAND_LOGO.height;
  const name = fitText(card.brandName, { ...BRAND_BOX, maxWidth: TEXT.width - markWidth - 16 }, measure).lines[0] ?? '';
  const mark =
    card.logoWidth === null
      ? `<rect x="${TEXT.x}" y="${y}" width="44" height="44" rx="12" fill="url(#accent)"/>` +
        `<text x="${TEXT.x + 22}" y="${y + 31}" text-anchor="middle" font-family="${FONT}" font-size="24" ` +
        `font-weight="700" fill="#ffffff">${escapeXml(card.brandMark)}</text>`
      : '';
  return (
    mark +
    `<text x="${TEXT.x + markWidth + 16}" y="${y + 31}" font-family="${FONT}" ` +
    `font-size="${BRAND_BOX.sizes[0]}" font-weight="700" fill="${MUTED}">${escapeXml(name)}</text>`
  );
}

export function sharingCardSvg(card: SharingCard, measure: MeasureText): string {
  const accent = card.accent ?? VIZIT_ACCENT;
  // A custom accent shades into itself; Vizit's own runs from indigo to pink as its logo does.
  const accentEnd = card.accent ?? VIZIT_ACCENT_END;
  const blocks: Block[] = [{ fitted: fitText(card.name, NAME_BOX, measure), weight: 'bold', fill: INK, gapAbove: 0 }];
  if (card.title?.trim())
    blocks.push({
      fitted: fitText(card.title, LINE_BOX, measure),
      weight: 'regular',
      fill: MUTED,
      gapAbove: GAP_UNDER_NAME,
    });
  if (card.company?.trim()) {
    const gapAbove = blocks.length > 1 ? GAP_UNDER_TITLE : GAP_UNDER_NAME;
    blocks.push({
      fitted: fitText(card.company, { ...LINE_BOX, weight: 'bold' }, measure),
      weight: 'bold',
      fill: accent,
      gapAbove,
    });
  }
  const { width, height } = SHARING_IMAGE;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    '<defs>' +
    `<linearGradient id="accent" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${accent}"/><stop ` +
    `offset="1" stop-color="${accentEnd}" stop-opacity="${card.accent ? 0.78 : 1}"/></linearGradient>` +
    `<linearGradient id="panel" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${accent}" ` +
    `stop-opacity="0.16"/><stop offset="1" stop-color="${accentEnd}" stop-opacity="0.10"/></linearGradient>` +
    ringShadow(PHOTO.size / 2 + 12) +
    '</defs>' +
    `<rect width="${width}" height="${height}" fill="#ffffff"/>` +
    `<rect width="${PHOTO.x * 2 + PHOTO.size}" height="${height}" fill="url(#panel)"/>` +
    portrait(card) +
    textColumn(blocks) +
    brandLine(card, measure) +
    `<rect y="${height - 12}" width="${width}" height="12" fill="url(#accent)"/>` +
    '</svg>'
  );
}
