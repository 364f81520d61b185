/**
 * The price list as an A4 PDF (`/{slug}/fiyat-listesi.pdf`, docs/product.md, Price list): the
 * printed copy a shop keeps at hand. At the top of the first page the business, "Fiyat Listesi ·
 * Son güncelleme", its contact (the person, phone, website, address) and a QR to the list's page,
 * where the prices are always current; then the categories in two columns (price-list-pdf-layout.ts):
 * each item's name, dot leaders and the price right-aligned, the description and labels under it,
 * "Tükendi" before the price of a sold-out item; the business and page numbers at the foot of every
 * page. Set in the print kit's Noto Sans, so Turkish letters print anywhere. The pages are counted
 * before any is drawn, so each is written out as soon as it is done, and the drawing lets other
 * requests run between slices of items.
 */
import type { Language } from '../i18n/languages.js';
import { translatorFor } from '../i18n/translator.js';
import { drawQr } from './pdf-qr.js';
import { printedRun, registerArabicFonts } from './print-arabic.js';
import { collect, createDocument, finish } from './print-kit.js';
import { FONT, INK, mm, MUTED, resolveBrand, RULE, type PrintBrand } from './print-layout.js';
import {
  COLUMN_WIDTH,
  composed,
  CONTENT_WIDTH,
  DRAW_SLICE,
  flowColumns,
  columnHeight,
  GUTTER,
  HEADING_ABOVE,
  ITEM_GAP,
  letGo,
  MARGIN,
  measure,
  measureBlocks,
  PAGE,
  SIZES,
  type Block,
  type HeadingBlock,
  type ItemBlock,
  type Measured,
  type PrintedPriceItem,
} from './price-list-pdf-layout.js';

export type { PrintedPriceItem } from './price-list-pdf-layout.js';

/** The words the PDF prints of its own. */
export interface PriceListPdfTexts {
  title: string;
  updated(date: string): string;
  documentTitle(business: string): string;
  pageNumber(page: number, pages: number): string;
  soldOutPrice(price: string): string;
  qrCaption: string;
}

export const priceListPdfTexts: PriceListPdfTexts = {
  title: 'Fiyat Listesi',
  updated: (date: string) => `Son güncelleme: ${date}`,
  documentTitle: (business: string) => `Fiyat listesi - ${business}`,
  pageNumber: (page: number, pages: number) => `Sayfa ${page} / ${pages}`,
  soldOutPrice: (price: string) => `Tükendi · ${price}`,
  qrCaption: 'Güncel fiyatlar için okutun',
};

/** Who to reach, as the first page prints it; each part null when not given or hidden on the card. */
export interface PrintedContact {
  /** The person, printed when the business is the company. */
  person: string | null;
  phone: string | null;
  website: string | null;
  address: string | null;
}

/** What the PDF prints (presenters/price-list-page.ts and price-list-print.ts give it). */
export interface PrintedPriceList {
  business: string;
  /** "26 Kasım 2026", or null. */
  updated: string | null;
  sections: ReadonlyArray<{ name: string; items: readonly PrintedPriceItem[] }>;
  contact?: PrintedContact;
  /** The list's own page: the QR's text, and its address as printed under it. */
  qr?: { text: string; display: string };
  /** The language the PDF's own words are printed in (docs/product.md, Languages); Turkish without. */
  lang?: Language;
}

/** The PDF's own words in the list's language: Turkish ones are priceListPdfTexts'. */
function textsOf(lang: Language): PriceListPdfTexts {
  if (lang === 'tr') return priceListPdfTexts;
  const translator = translatorFor(lang);
  const t = translator.t.bind(translator);
  return {
    title: t('priceList.title'),
    updated: (date: string) => t('priceList.updated', { date }),
    documentTitle: (business: string) => t('print.documentTitle', { business }),
    pageNumber: (page: number, pages: number) => t('print.pageNumber', { page: String(page), pages: String(pages) }),
    soldOutPrice: (price: string) => t('print.soldOutPrice', { price }),
    qrCaption: t('print.qrCaption'),
  };
}

const QR_SIZE = mm(26);

function draw(doc: PDFKit.PDFDocument, m: Measured, x: number, y: number, width: number, color: string): void {
  doc.font(m.font).fontSize(m.size).fillColor(color);
  const { features } = m;
  if (m.oneLine) doc.text(m.text, x, y, { lineBreak: false, lineGap: 0, features });
  else doc.text(m.text, x, y, { width, lineGap: 0, features, align: features ? 'right' : 'left' });
}

function drawItem(doc: PDFKit.PDFDocument, block: ItemBlock, x: number, y: number): void {
  const priceX = x + COLUMN_WIDTH - block.price.natural;
  draw(doc, block.name, x, y, block.nameWidth, INK);
  draw(doc, block.price, priceX, y, block.price.natural, block.item.soldOut ? MUTED : INK);
  if (block.name.oneLine) {
    const from = x + block.name.natural + mm(1.2);
    const to = priceX - mm(1.2);
    const baseline = y + SIZES.name * 0.95;
    if (to > from)
      doc
        .save()
        .moveTo(from, baseline)
        .lineTo(to, baseline)
        .lineWidth(0.5)
        .dash(0.5, { space: 2 })
        .strokeColor(MUTED)
        .stroke()
        .undash()
        .restore();
  }
  let at = y + block.name.height;
  if (block.description) {
    draw(doc, block.description, x, at + ITEM_GAP, COLUMN_WIDTH, MUTED);
    at += ITEM_GAP + block.description.height;
  }
  if (block.labels) draw(doc, block.labels, x, at + ITEM_GAP, COLUMN_WIDTH, MUTED);
}

function drawHeading(doc: PDFKit.PDFDocument, block: HeadingBlock, x: number, y: number, accent: string): void {
  draw(doc, block.name, x, y, COLUMN_WIDTH, INK);
  const rule = y + block.name.height + mm(0.8);
  doc.rect(x, rule, COLUMN_WIDTH, mm(0.3)).fill(RULE);
  doc.rect(x, rule - mm(0.15), mm(10), mm(0.6)).fill(accent);
}

interface Header {
  lines: Array<{ m: Measured; color: string; gap: number }>;
  textWidth: number;
  /** The QR's caption and address, under it. */
  captions: Measured[];
  /** Where the columns begin. */
  bottom: number;
}

const CAPTION_WIDTH = QR_SIZE + mm(12);
const QR_TOP = MARGIN.top - mm(2);

/** The first page's texts beside the QR, measured: the business, the title and date, the contact. */
function measureHeader(doc: PDFKit.PDFDocument, list: PrintedPriceList, texts: PriceListPdfTexts): Header {
  const textWidth = CONTENT_WIDTH - (list.qr ? QR_SIZE + mm(6) : 0);
  const meta = [texts.title, list.updated ? texts.updated(list.updated) : null].filter(Boolean).join(' · ');
  const contact = list.contact;
  const reach = contact
    ? [contact.person, contact.phone, contact.website].filter((part): part is string => Boolean(part)).join('  ·  ')
    : '';
  const lines: Header['lines'] = [
    { m: measure(doc, list.business, FONT.bold, SIZES.business, textWidth), color: INK, gap: mm(1) },
    { m: measure(doc, meta, FONT.regular, SIZES.meta, textWidth), color: MUTED, gap: mm(2.5) },
  ];
  if (reach) lines.push({ m: measure(doc, reach, FONT.bold, SIZES.contact, textWidth), color: INK, gap: mm(0.8) });
  if (contact?.address)
    lines.push({
      m: measure(doc, contact.address, FONT.regular, SIZES.contact, textWidth),
      color: MUTED,
      gap: mm(0.8),
    });
  const captions = list.qr
    ? [
        measure(doc, texts.qrCaption, FONT.regular, SIZES.qrCaption, CAPTION_WIDTH),
        measure(doc, list.qr.display, FONT.regular, SIZES.qrCaption - 1, CAPTION_WIDTH),
      ]
    : [];
  const textBottom = lines.reduce((y, line) => y + line.m.height + line.gap, MARGIN.top);
  const qrBottom = list.qr ? captions.reduce((y, m) => y + m.height, QR_TOP + QR_SIZE) : 0;
  return { lines, textWidth, captions, bottom: Math.max(textBottom, qrBottom) + mm(2) };
}

/** Draws the header; returns where the columns begin. */
function drawHeader(doc: PDFKit.PDFDocument, header: Header, list: PrintedPriceList, accent: string): number {
  let y = MARGIN.top;
  for (const line of header.lines) {
    draw(doc, line.m, MARGIN.side, y, header.textWidth, line.color);
    y += line.m.height + line.gap;
  }
  if (list.qr) {
    const x = PAGE.width - MARGIN.side - QR_SIZE;
    drawQr(doc, list.qr.text, { x, y: QR_TOP, size: QR_SIZE, level: 'M' });
    let at = QR_TOP + QR_SIZE;
    for (const m of header.captions) {
      const width = Math.min(m.natural, CAPTION_WIDTH);
      draw(doc, m, Math.min(x + QR_SIZE / 2 - width / 2, PAGE.width - MARGIN.side - width), at, CAPTION_WIDTH, MUTED);
      at += m.height;
    }
  }
  doc.rect(MARGIN.side, header.bottom, CONTENT_WIDTH, mm(0.8)).fill(accent);
  return header.bottom + mm(5);
}

function drawFoot(
  doc: PDFKit.PDFDocument,
  list: PrintedPriceList,
  page: number,
  pages: number,
  texts: PriceListPdfTexts,
): void {
  const foot = printedRun(
    composed(`${list.business} · ${texts.title} · ${texts.pageNumber(page, pages)}`),
    FONT.regular,
  );
  doc
    .font(foot.font)
    .fontSize(SIZES.foot)
    .fillColor(MUTED)
    .text(foot.text, MARGIN.side + (CONTENT_WIDTH - doc.widthOfString(foot.text, foot)) / 2, PAGE.height - mm(11), {
      lineBreak: false,
      lineGap: 0,
      features: foot.features,
    });
}

/** A column's blocks from its top; returns how many items were drawn, for the slices. */
function drawColumn(doc: PDFKit.PDFDocument, blocks: readonly Block[], x: number, top: number, accent: string): number {
  let y = top;
  let items = 0;
  blocks.forEach((block, i) => {
    if (block.kind === 'heading') {
      if (i > 0) y += HEADING_ABOVE;
      drawHeading(doc, block, x, y, accent);
      y += block.height - HEADING_ABOVE;
    } else {
      drawItem(doc, block, x, y);
      y += block.height;
      items += 1;
    }
  });
  return items;
}

/** The whole list; a category's heading never ends a column alone, an item never breaks across two. */
export async function renderPriceListPdf(list: PrintedPriceList, brand?: PrintBrand): Promise<Buffer> {
  const look = resolveBrand(brand);
  const texts = textsOf(list.lang ?? 'tr');
  const doc = createDocument(texts.documentTitle(list.business), look);
  if (list.lang === 'ar') registerArabicFonts(doc);
  const chunks = collect(doc);
  const bottom = PAGE.height - MARGIN.bottom;
  const header = measureHeader(doc, list, texts);
  const top = header.bottom + mm(5);
  const blocks = await measureBlocks(doc, list.sections, texts.soldOutPrice);
  const pages = flowColumns(blocks, bottom - top, bottom - MARGIN.top);
  let sinceLetGo = 0;
  for (const [p, columns] of pages.entries()) {
    doc.addPage({ size: 'A4', margin: 0 });
    const y = p === 0 ? drawHeader(doc, header, list, look.accent) : MARGIN.top;
    if (columns[1].length > 0)
      doc
        .rect(MARGIN.side + COLUMN_WIDTH + GUTTER / 2 - 0.25, y, 0.5, Math.max(...columns.map(columnHeight)))
        .fill(RULE);
    for (const [c, column] of columns.entries()) {
      sinceLetGo += drawColumn(doc, column, MARGIN.side + c * (COLUMN_WIDTH + GUTTER), y, look.accent);
      if (sinceLetGo >= DRAW_SLICE) {
        sinceLetGo = 0;
        await letGo();
      }
    }
    drawFoot(doc, list, p + 1, pages.length, texts);
  }
  return finish(doc, chunks);
}
