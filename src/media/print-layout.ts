/**
 * What the print kit draws with: sizes in millimetres, what a card shows (PrintCard), the brand
 * as drawn, and text that shrinks to fit its box. The business card is drawn in print-card.ts,
 * the A6 table card in print-table-card.ts, the documents around them in print-kit.ts;
 * docs/product.md, Print kit, has the layouts and texts.
 */
import { contrastRatio } from '../domain/brand-colors.js';
import type { WeekLine } from '../domain/opening-hours.js';

/** Points per millimetre (a point is 1/72 inch). */
export const MM = 72 / 25.4;
export const mm = (value: number): number => value * MM;

export const CARD_MM = { width: 85, height: 55 } as const;
export const A6_MM = { width: 105, height: 148 } as const;

export const printTexts = {
  callToAction: 'Kameranızla okutun',
  wifiTitle: 'Wi-Fi',
  wifiNetwork: 'Ağ adı:',
  wifiPassword: 'Şifre:',
  wifiCallToAction: 'Bağlanmak için okutun',
  phoneLabel: 'T',
  emailLabel: 'E',
  madeWith: (brandName: string) => `${brandName} ile oluşturuldu`,
} as const;

/** What one customer's print kit shows; the business fields are null when not given or hidden. */
export interface PrintCard {
  /** Name and surname, as the card prints them. */
  name: string;
  title: string | null;
  company: string | null;
  /** The visible phone as people read it (`+90 532 123 45 67`). */
  phone: string | null;
  email: string | null;
  /** The postal address as printed lines (street; `{postal code} {district} / {city}`); empty without one. */
  address: readonly string[];
  /** The text of the profile QR: the public address tagged `?k=qr`. */
  qrText: string;
  /** What the table card says under its QR; absent: `printTexts.callToAction` (the price list's card says its own). */
  callToAction?: string;
  /** The public address as printed, without the scheme: `vizit.example/ayse-kaya`. */
  displayUrl: string;
  /** A visible Wi-Fi link: its network, its password ('' when open) and its `WIFI:` QR text. */
  wifi: { ssid: string; password: string; qrText: string } | null;
  /** Reads the customer's visible photo (the stored JPEG) when the card is drawn; null without one. */
  photo: (() => Promise<Buffer | null>) | null;
  /** The opening hours the A6 card prints (asked for with `hours=1`), in runs of days; absent or empty: none. */
  hours?: readonly WeekLine[] | null;
}

/** The agency's look; without it the kit carries Vizit's own. */
export interface PrintBrand {
  name: string;
  url: string | null;
  accentColor: string | null;
  /** The agency's logo (a PNG we re-encoded), printed on the card's front in place of the photo. */
  logo?: Buffer | null;
}

export interface ResolvedBrand {
  name: string;
  url: string | null;
  accent: string;
  /** The accent where it colours small text: the ink when the accent is too light to read on white. */
  accentText: string;
  logo: Buffer | null;
}

export const FONT = { regular: 'NotoSans-Regular', bold: 'NotoSans-Bold' } as const;
export const INK = '#111827';
export const MUTED = '#4b5563';
export const RULE = '#d1d5db';
const VIZIT_ACCENT = '#4f46e5';
/** WCAG AA for text: a label in the accent must read at least as well as this on white paper. */
const TEXT_CONTRAST = 4.5;

const withAccent = (name: string, url: string | null, accent: string, logo: Buffer | null): ResolvedBrand => ({
  name,
  url,
  accent,
  accentText: contrastRatio(accent, '#ffffff') >= TEXT_CONTRAST ? accent : INK,
  logo,
});

/** The brand as drawn: a colour only when it is `#rrggbb`, a link only when it is http(s). */
export function resolveBrand(brand: PrintBrand | undefined): ResolvedBrand {
  if (!brand || brand.name.trim() === '') return withAccent('Vizit', null, VIZIT_ACCENT, null);
  const accent = brand.accentColor && /^#[0-9a-f]{6}$/i.test(brand.accentColor) ? brand.accentColor : VIZIT_ACCENT;
  const url = brand.url && /^https?:\/\//i.test(brand.url) ? brand.url : null;
  return withAccent(brand.name.trim(), url, accent, brand.logo ?? null);
}

export interface TextBox {
  font: string;
  /** Largest and smallest size in points; the largest that fits in `maxLines` is used. */
  size: readonly [max: number, min: number];
  maxLines: number;
  width: number;
  align?: 'left' | 'center';
  color?: string;
}

export interface Measured {
  size: number;
  height: number;
  /** False when even the smallest size needs more than `maxLines` (the rest is cut with an ellipsis). */
  fits: boolean;
}

/**
 * The text as it is laid out: composed (NFC), so that a letter typed as a base and a combining
 * accent is the one glyph the font has for it; the print fonts keep no mark positioning.
 */
const composed = (text: string): string => text.normalize('NFC');

/** The size `text` fits at, and the height it then takes. */
export function fit(doc: PDFKit.PDFDocument, text: string, box: TextBox): Measured {
  const shown = composed(text);
  const allowed = () => doc.currentLineHeight(true) * box.maxLines + 0.01;
  let size = box.size[0];
  for (; size > box.size[1]; size -= 0.25) {
    doc.font(box.font).fontSize(size);
    if (doc.heightOfString(shown, { width: box.width, lineGap: 0 }) <= allowed()) break;
  }
  doc.font(box.font).fontSize(size);
  const needed = doc.heightOfString(shown, { width: box.width, lineGap: 0 });
  return { size, height: Math.min(needed, doc.currentLineHeight(true) * box.maxLines), fits: needed <= allowed() };
}

/** Writes `text` at its fitting size from (x, y); what still does not fit ends in an ellipsis. Returns its height. */
export function write(
  doc: PDFKit.PDFDocument,
  text: string,
  x: number,
  y: number,
  box: TextBox,
  measured = fit(doc, text, box),
): number {
  doc
    .font(box.font)
    .fontSize(measured.size)
    .fillColor(box.color ?? INK);
  doc.text(composed(text), x, y, {
    width: box.width,
    height: measured.height + 0.5,
    align: box.align ?? 'left',
    ellipsis: true,
    lineGap: 0,
  });
  return measured.height;
}

/** One text of a stack, and the space above it. */
export interface StackItem {
  text: string;
  box: TextBox;
  gapAbove: number;
}

/** A stack of texts laid out to fit `available` points of height: every size scaled down together until it does. */
export function fitStack(
  doc: PDFKit.PDFDocument,
  items: readonly StackItem[],
  available: number,
): { measured: Measured[]; height: number; boxes: TextBox[] } {
  let result = { measured: [] as Measured[], height: 0, boxes: [] as TextBox[] };
  for (let scale = 1; scale >= 0.5; scale -= 0.05) {
    const boxes = items.map(({ box }) => ({
      ...box,
      size: [Math.max(box.size[1], box.size[0] * scale), box.size[1]] as const,
    }));
    const measured = items.map((item, i) => fit(doc, item.text, boxes[i]!));
    const height = measured.reduce((sum, m, i) => sum + m.height + (i === 0 ? 0 : items[i]!.gapAbove), 0);
    result = { measured, height, boxes };
    if (height <= available) break;
  }
  return result;
}

/** Draws a fitted stack from (x, y); returns where it ends. */
export function writeStack(
  doc: PDFKit.PDFDocument,
  items: readonly StackItem[],
  fitted: ReturnType<typeof fitStack>,
  x: number,
  y: number,
): number {
  let at = y;
  items.forEach((item, i) => {
    if (i > 0) at += item.gapAbove;
    at += write(doc, item.text, x, at, fitted.boxes[i]!, fitted.measured[i]);
  });
  return at;
}

export function rule(
  doc: PDFKit.PDFDocument,
  x: number,
  y: number,
  width: number,
  color: string,
  thickness = mm(0.8),
): void {
  doc.rect(x, y, width, thickness).fill(color);
}

/** "{brand} ile oluşturuldu", linked to the brand's site when it has one. */
export function madeWith(doc: PDFKit.PDFDocument, x: number, y: number, width: number, brand: ResolvedBrand): void {
  const box: TextBox = { font: FONT.regular, size: [6.5, 5], maxLines: 1, width, align: 'center', color: MUTED };
  const height = write(doc, printTexts.madeWith(brand.name), x, y, box);
  if (brand.url) doc.link(x, y, width, height, brand.url);
}
