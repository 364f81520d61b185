/**
 * The price list as an A4 PDF (`/{slug}/fiyat-listesi.pdf`, docs/product.md, Price list): the
 * printed copy a shop keeps at hand. The business and the "Son güncelleme" date at the top, then
 * each category with its items: the name, dot leaders and the price right-aligned, the
 * description and labels under it, "Tükendi" before the price of a sold-out item; page numbers
 * at the foot of every page. Set in the print kit's Noto Sans, so Turkish letters print anywhere.
 */
import { collect, createDocument, finish } from './print-kit.js';
import { FONT, INK, mm, MUTED, resolveBrand, RULE, type PrintBrand } from './print-layout.js';

export const priceListPdfTexts = {
  title: 'Fiyat Listesi',
  updated: (date: string) => `Son güncelleme: ${date}`,
  documentTitle: (business: string) => `Fiyat listesi - ${business}`,
  pageNumber: (page: number, pages: number) => `Sayfa ${page} / ${pages}`,
  soldOutPrice: (price: string) => `Tükendi · ${price}`,
} as const;

/** One item as printed: its price already written the Turkish way (`125,50 ₺`), its labels as text. */
export interface PrintedPriceItem {
  name: string;
  description: string | null;
  price: string;
  labels: readonly string[];
  soldOut: boolean;
}

/** What the PDF prints (presenters/price-list-page.ts gives it). */
export interface PrintedPriceList {
  business: string;
  /** "26 Kasım 2026", or null. */
  updated: string | null;
  sections: ReadonlyArray<{ name: string; items: readonly PrintedPriceItem[] }>;
}

const PAGE = { width: mm(210), height: mm(297) } as const;
const MARGIN = { side: mm(18), top: mm(16), bottom: mm(20) } as const;
const CONTENT_WIDTH = PAGE.width - 2 * MARGIN.side;
/** Between an item's name and its price, at least this much room for the leader dots. */
const LEADER_GAP = mm(6);
const SIZES = { business: 20, meta: 9, section: 13, name: 10.5, detail: 8.5, labels: 7.5, foot: 7.5 } as const;

const composed = (text: string): string => text.normalize('NFC');

function height(doc: PDFKit.PDFDocument, text: string, font: string, size: number, width: number): number {
  return doc.font(font).fontSize(size).heightOfString(composed(text), { width, lineGap: 0 });
}

function put(doc: PDFKit.PDFDocument, text: string, x: number, y: number, font: string, size: number, color: string, options: PDFKit.Mixins.TextOptions = {}): void {
  doc.font(font).fontSize(size).fillColor(color).text(composed(text), x, y, { lineGap: 0, ...options });
}

/** A text measured once: on one line when its natural width fits (no line wrapping to run), else wrapped. */
interface Measured {
  text: string;
  font: string;
  size: number;
  /** Its natural width on one line. */
  natural: number;
  oneLine: boolean;
  height: number;
}

function measure(doc: PDFKit.PDFDocument, raw: string, font: string, size: number, width: number): Measured {
  const text = composed(raw);
  doc.font(font).fontSize(size);
  const natural = doc.widthOfString(text);
  const oneLine = natural <= width;
  return { text, font, size, natural, oneLine, height: oneLine ? doc.currentLineHeight() : doc.heightOfString(text, { width, lineGap: 0 }) };
}

function draw(doc: PDFKit.PDFDocument, m: Measured, x: number, y: number, width: number, color: string): void {
  doc.font(m.font).fontSize(m.size).fillColor(color);
  if (m.oneLine) doc.text(m.text, x, y, { lineBreak: false, lineGap: 0 });
  else doc.text(m.text, x, y, { width, lineGap: 0 });
}

/** What an item takes: the name's line(s), then its description and labels. */
interface ItemLayout {
  name: Measured;
  price: Measured;
  description: Measured | null;
  labels: Measured | null;
  nameWidth: number;
  total: number;
}

const ITEM_GAP = mm(0.8);

function layoutItem(doc: PDFKit.PDFDocument, item: PrintedPriceItem): ItemLayout {
  const price = measure(doc, item.soldOut ? priceListPdfTexts.soldOutPrice(item.price) : item.price, FONT.bold, SIZES.name, CONTENT_WIDTH);
  const nameWidth = CONTENT_WIDTH - price.natural - LEADER_GAP;
  const name = measure(doc, item.name, FONT.bold, SIZES.name, nameWidth);
  const description = item.description ? measure(doc, item.description, FONT.regular, SIZES.detail, nameWidth) : null;
  const labels = item.labels.length > 0 ? measure(doc, item.labels.join(' · '), FONT.regular, SIZES.labels, nameWidth) : null;
  const total = name.height + (description ? ITEM_GAP + description.height : 0) + (labels ? ITEM_GAP + labels.height : 0) + mm(3.2);
  return { name, price, description, labels, nameWidth, total };
}

function drawItem(doc: PDFKit.PDFDocument, item: PrintedPriceItem, layout: ItemLayout, y: number): void {
  const left = MARGIN.side;
  const priceX = PAGE.width - MARGIN.side - layout.price.natural;
  draw(doc, layout.name, left, y, layout.nameWidth, INK);
  draw(doc, layout.price, priceX, y, layout.price.natural, item.soldOut ? MUTED : INK);
  if (layout.name.oneLine) {
    const from = left + layout.name.natural + mm(1.5);
    const to = priceX - mm(1.5);
    const baseline = y + SIZES.name * 0.95;
    if (to > from) doc.save().moveTo(from, baseline).lineTo(to, baseline).lineWidth(0.6).dash(0.6, { space: 2.2 }).strokeColor(MUTED).stroke().undash().restore();
  }
  let at = y + layout.name.height;
  if (layout.description) {
    draw(doc, layout.description, left, at + ITEM_GAP, layout.nameWidth, MUTED);
    at += ITEM_GAP + layout.description.height;
  }
  if (layout.labels) draw(doc, layout.labels, left, at + ITEM_GAP, layout.nameWidth, MUTED);
}

/** The business, "Fiyat Listesi" and the date; returns where the list begins. */
function drawHeading(doc: PDFKit.PDFDocument, page: PrintedPriceList, accent: string): number {
  let y = MARGIN.top;
  put(doc, page.business, MARGIN.side, y, FONT.bold, SIZES.business, INK, { width: CONTENT_WIDTH });
  y += height(doc, page.business, FONT.bold, SIZES.business, CONTENT_WIDTH) + mm(1);
  const meta = [priceListPdfTexts.title, page.updated ? priceListPdfTexts.updated(page.updated) : null].filter(Boolean).join(' · ');
  put(doc, meta, MARGIN.side, y, FONT.regular, SIZES.meta, MUTED, { width: CONTENT_WIDTH });
  y += height(doc, meta, FONT.regular, SIZES.meta, CONTENT_WIDTH) + mm(2.5);
  doc.rect(MARGIN.side, y, mm(24), mm(0.8)).fill(accent);
  return y + mm(6);
}

function drawSectionHeading(doc: PDFKit.PDFDocument, name: string, y: number): number {
  put(doc, name, MARGIN.side, y, FONT.bold, SIZES.section, INK, { width: CONTENT_WIDTH });
  y += height(doc, name, FONT.bold, SIZES.section, CONTENT_WIDTH) + mm(1.2);
  doc.rect(MARGIN.side, y, CONTENT_WIDTH, mm(0.3)).fill(RULE);
  return y + mm(3);
}

function drawPageNumbers(doc: PDFKit.PDFDocument, page: PrintedPriceList): void {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i += 1) {
    doc.switchToPage(i);
    const foot = `${page.business} · ${priceListPdfTexts.title} · ${priceListPdfTexts.pageNumber(i + 1, range.count)}`;
    put(doc, foot, MARGIN.side, PAGE.height - mm(12), FONT.regular, SIZES.foot, MUTED, { width: CONTENT_WIDTH, align: 'center', lineBreak: false });
  }
}

/** The whole list; a category's heading never ends a page alone, an item never breaks across two. */
export function renderPriceListPdf(page: PrintedPriceList, brand?: PrintBrand): Promise<Buffer> {
  const look = resolveBrand(brand);
  const doc = createDocument(priceListPdfTexts.documentTitle(page.business), look, { bufferPages: true });
  const chunks = collect(doc);
  const bottom = PAGE.height - MARGIN.bottom;
  doc.addPage({ size: 'A4', margin: 0 });
  let y = drawHeading(doc, page, look.accent);
  for (const section of page.sections) {
    const headingHeight = height(doc, section.name, FONT.bold, SIZES.section, CONTENT_WIDTH) + mm(4.2);
    const layouts = section.items.map((item) => layoutItem(doc, item));
    if (y + headingHeight + (layouts[0]?.total ?? 0) > bottom) {
      doc.addPage({ size: 'A4', margin: 0 });
      y = MARGIN.top;
    }
    y = drawSectionHeading(doc, section.name, y);
    section.items.forEach((item, i) => {
      const layout = layouts[i]!;
      if (y + layout.total > bottom) {
        doc.addPage({ size: 'A4', margin: 0 });
        y = MARGIN.top;
      }
      drawItem(doc, item, layout, y);
      y += layout.total;
    });
    y += mm(3);
  }
  drawPageNumbers(doc, page);
  return finish(doc, chunks);
}
