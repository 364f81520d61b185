/**
 * The print kit as vector PDF (docs/product.md, Print kit): a business card (front and back),
 * plain or with 3 mm bleed and crop marks for a print shop, an A6 table card, and A4 sheets of
 * business cards with crop marks. Only the logo or the photo is a raster image. Text is set in Noto Sans,
 * embedded (subset) so that ş, ğ, ı and İ print on any machine; QR codes are paths (pdf-qr.ts).
 * The font files are our own cut of Noto Sans (src/assets/fonts/, written by `npm run fonts`): every
 * character, kerning, nothing else for fontkit to hold in memory (docs/architecture.md, Memory).
 * A sheet yields to the event loop between pages, so a long one does not hold up other requests.
 */
import type { Font } from 'fontkit';
import PDFDocument from 'pdfkit';
import { drawCardBack, drawCardFront, type CardMark, type CardOptions } from './print-card.js';
import { openImage, type OpenedImage } from './pdf-image.js';
import {
  A6_MM,
  CARD_MM,
  FONT,
  mm,
  resolveBrand,
  type PrintBrand,
  type PrintCard,
  type ResolvedBrand,
} from './print-layout.js';
import { drawTableCard } from './print-table-card.js';
import { parsedNotoSans } from './shipped-fonts.js';

export type { PrintBrand, PrintCard } from './print-layout.js';

export const printDocumentTitles = {
  card: (name: string) => `Kartvizit - ${name}`,
  cardWithBleed: (name: string) => `Kartvizit (matbaa) - ${name}`,
  a6: (name: string) => `Masa kartı - ${name}`,
  sheet: (count: number) => `Kartvizitler (${count})`,
} as const;

/** A4 sheets: 2 columns by 5 rows of 85x55 mm cards, edge to edge, centred on the page. */
export const SHEET = {
  pageMm: { width: 210, height: 297 },
  columns: 2,
  rows: 5,
  perPage: 10,
  /** Where the grid starts: (210 - 2 x 85) / 2 and (297 - 5 x 55) / 2. */
  originMm: { x: 20, y: 11 },
  /** Crop marks stop this far from the grid and are this long. */
  markGapMm: 2,
  markLengthMm: 6,
} as const;

/** Top-left corner, in millimetres, of the card in slot `index` (0..9, row by row) of a sheet page. */
export function sheetSlotMm(index: number): { x: number; y: number } {
  return {
    x: SHEET.originMm.x + (index % SHEET.columns) * CARD_MM.width,
    y: SHEET.originMm.y + Math.floor(index / SHEET.columns) * CARD_MM.height,
  };
}

/** A document set in our Noto Sans; `options` adds to pdfkit's (the price list buffers its pages to number them). */
export function createDocument(
  title: string,
  brand: ResolvedBrand,
  options: PDFKit.PDFDocumentOptions = {},
): PDFKit.PDFDocument {
  const parsed = parsedNotoSans();
  const doc = new PDFDocument({
    ...options,
    autoFirstPage: false,
    margin: 0,
    lang: 'tr-TR',
    displayTitle: true,
    info: { Title: title, Author: brand.name, Creator: brand.name },
  });
  // @types/pdfkit lists only paths and bytes as sources; pdfkit takes a parsed font as well.
  doc.registerFont(FONT.regular, forOneDocument(parsed.regular) as unknown as Buffer);
  doc.registerFont(FONT.bold, forOneDocument(parsed.bold) as unknown as Buffer);
  return doc;
}

/** fontkit keeps every glyph it has made on the font, with the characters it was first made for. */
type GlyphCache = { _glyphs: Record<number, unknown> };

/**
 * The parsed font with a glyph cache of this document's own. pdfkit writes a glyph's characters
 * (fontkit's `glyph.codePoints`) into the text layer, and fontkit keeps them from the glyph's
 * first making: a subset makes the parts of ş, ü or Ç (s, u, C) with none, so a later document
 * that shared the cache lost those letters from its text. The tables stay parsed once, shared.
 */
export function forOneDocument(font: Font): Font {
  const own = Object.create(font) as Font & GlyphCache;
  own._glyphs = {};
  return own;
}

/** Ends the document and collects its bytes. */
export function finish(doc: PDFKit.PDFDocument, chunks: Buffer[]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}

export function collect(doc: PDFKit.PDFDocument): Buffer[] {
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  return chunks;
}

/** The print shop's bleed: the page is the card and 3 mm on every side (91x61 mm). */
export const BLEED_MM = 3;
/** Crop marks in the bleed, on the line of each cut: from the page's edge to 1 mm short of the card. */
const CROP_MARK = { offsetMm: 1, width: 0.25, knockout: 1 } as const;

/**
 * What goes top left on a front: the customer's own photo, else the agency's logo (opened once per
 * document). The card is the customer's: an agency logo there had pushed their photo off it.
 */
async function markOf(doc: PDFKit.PDFDocument, logo: OpenedImage | null, card: PrintCard): Promise<CardMark | null> {
  const photo = card.photo ? openImage(doc, await card.photo()) : null;
  if (photo) return { kind: 'photo', image: photo };
  return logo ? { kind: 'logo', image: logo } : null;
}

/**
 * The business card: page 1 the front, page 2 the back. With `bleed` each page is 91x61 mm, the
 * card in its middle (its TrimBox), the accent band running into the bleed and crop marks in it.
 */
export async function renderBusinessCard(
  card: PrintCard,
  brand?: PrintBrand,
  options: { bleed?: boolean } = {},
): Promise<Buffer> {
  const look = resolveBrand(brand);
  const doc = createDocument(
    (options.bleed ? printDocumentTitles.cardWithBleed : printDocumentTitles.card)(card.name),
    look,
  );
  const chunks = collect(doc);
  const bleed = options.bleed ? BLEED_MM : 0;
  const logo = openImage(doc, look.logo);
  const mark = await markOf(doc, logo, card);
  // The agency's logo goes small on the back when the front shows the customer's photo.
  const layout: CardOptions = { mark, edge: { bleedMm: bleed }, brandLogo: mark?.kind === 'photo' ? logo : null };
  for (const draw of [drawCardFront, drawCardBack]) {
    doc.addPage({ size: [mm(CARD_MM.width + 2 * bleed), mm(CARD_MM.height + 2 * bleed)], margin: 0 });
    draw(doc, mm(bleed), mm(bleed), card, look, layout);
    if (bleed > 0) markTrim(doc, bleed);
  }
  return finish(doc, chunks);
}

/** TrimBox and BleedBox in the page's dictionary, so a print shop's software knows the cut; crop marks in the bleed. */
function markTrim(doc: PDFKit.PDFDocument, bleed: number): void {
  const [width, height] = [CARD_MM.width + 2 * bleed, CARD_MM.height + 2 * bleed];
  const pt = (value: number) => Math.round(mm(value) * 1e5) / 1e5;
  const page = doc.page as unknown as { dictionary: { data: Record<string, unknown> } };
  page.dictionary.data.TrimBox = [pt(bleed), pt(bleed), pt(width - bleed), pt(height - bleed)];
  page.dictionary.data.BleedBox = [0, 0, pt(width), pt(height)];
  const reach = bleed - CROP_MARK.offsetMm;
  const marks = (draw: (from: number, to: number, at: number, vertical: boolean) => void) => {
    for (const x of [bleed, width - bleed]) {
      draw(0, reach, x, true);
      draw(height - reach, height, x, true);
    }
    for (const y of [bleed, height - bleed]) {
      draw(0, reach, y, false);
      draw(width - reach, width, y, false);
    }
  };
  // A white line under each mark keeps it visible where the accent band runs into the bleed.
  for (const [color, lineWidth] of [
    ['#ffffff', CROP_MARK.knockout],
    ['#000000', CROP_MARK.width],
  ] as const) {
    marks((from, to, at, vertical) => {
      if (vertical) doc.moveTo(mm(at), mm(from)).lineTo(mm(at), mm(to));
      else doc.moveTo(mm(from), mm(at)).lineTo(mm(to), mm(at));
    });
    doc.lineWidth(lineWidth).strokeColor(color).stroke();
  }
}

/** The A6 table card, one page. */
export function renderTableCard(card: PrintCard, brand?: PrintBrand): Promise<Buffer> {
  const look = resolveBrand(brand);
  const doc = createDocument(printDocumentTitles.a6(card.name), look);
  const chunks = collect(doc);
  doc.addPage({ size: [mm(A6_MM.width), mm(A6_MM.height)], margin: 0 });
  drawTableCard(doc, card, look);
  return finish(doc, chunks);
}

/**
 * The fronts of `cards` on A4 pages, ten to a page, with crop marks on every page. The event
 * loop is let go after every card: a page of ten took up to 100 ms on a busy machine, a card
 * takes a tenth of that, so other requests are answered while 300 cards are drawn.
 */
export async function renderCardSheet(cards: readonly PrintCard[], brand?: PrintBrand): Promise<Buffer> {
  const look = resolveBrand(brand);
  const doc = createDocument(printDocumentTitles.sheet(cards.length), look);
  const chunks = collect(doc);
  const logo = openImage(doc, look.logo);
  for (const [i, card] of cards.entries()) {
    const index = i % SHEET.perPage;
    if (i > 0) await new Promise((resolve) => setImmediate(resolve));
    // Read just before its card is drawn: one photo at a time in memory, embedded as it was stored.
    const mark = await markOf(doc, logo, card);
    if (index === 0) doc.addPage({ size: 'A4', margin: 0 });
    const slot = sheetSlotMm(index);
    drawCardFront(doc, mm(slot.x), mm(slot.y), card, look, { mark, edge: null, brandLogo: null });
    if (index === SHEET.perPage - 1 || i === cards.length - 1) drawCropMarks(doc);
  }
  return finish(doc, chunks);
}

/** Short hairlines in the margins on the line of every cut; none of them reaches a card. */
function drawCropMarks(doc: PDFKit.PDFDocument): void {
  const { originMm: o, markGapMm: gap, markLengthMm: length, columns, rows } = SHEET;
  const right = o.x + columns * CARD_MM.width;
  const bottom = o.y + rows * CARD_MM.height;
  for (let c = 0; c <= columns; c += 1) {
    const x = mm(o.x + c * CARD_MM.width);
    doc.moveTo(x, mm(o.y - gap - length)).lineTo(x, mm(o.y - gap));
    doc.moveTo(x, mm(bottom + gap)).lineTo(x, mm(bottom + gap + length));
  }
  for (let r = 0; r <= rows; r += 1) {
    const y = mm(o.y + r * CARD_MM.height);
    doc.moveTo(mm(o.x - gap - length), y).lineTo(mm(o.x - gap), y);
    doc.moveTo(mm(right + gap), y).lineTo(mm(right + gap + length), y);
  }
  doc.lineWidth(0.3).strokeColor('#000000').stroke();
}
