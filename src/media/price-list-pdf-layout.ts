/**
 * Where the price list PDF's items go (price-list-pdf.ts draws them): every text measured once,
 * then the categories flowed down two columns a page, a heading kept with its first item and an
 * item never split, the last page's columns balanced. The work is done in slices with the event
 * loop let go between them, so a 500-item list does not hold up other requests while it is laid out.
 */
import { printedRun } from './print-arabic.js';
import { FONT, mm } from './print-layout.js';

/** One item as printed: its price already written the Turkish way (`125,50 ₺`), its labels as text. */
export interface PrintedPriceItem {
  name: string;
  description: string | null;
  price: string;
  labels: readonly string[];
  soldOut: boolean;
}

export const PAGE = { width: mm(210), height: mm(297) } as const;
export const MARGIN = { side: mm(14), top: mm(14), bottom: mm(18) } as const;
export const CONTENT_WIDTH = PAGE.width - 2 * MARGIN.side;
export const GUTTER = mm(9);
export const COLUMN_WIDTH = (CONTENT_WIDTH - GUTTER) / 2;
export const SIZES = {
  business: 20,
  meta: 9,
  contact: 8.5,
  section: 11.5,
  name: 9.5,
  detail: 8,
  labels: 7,
  foot: 7.5,
  qrCaption: 7,
} as const;
/** Between an item's name and its price, at least this much room for the leader dots. */
const LEADER_GAP = mm(5);
export const ITEM_GAP = mm(0.6);
const AFTER_ITEM = mm(2.6);
/** A heading's room: the space above it, its line, its rule and the space below. */
const HEADING_ABOVE = mm(3);
const HEADING_BELOW = mm(2.6);
/** Items measured or drawn between two lets-go of the event loop. */
const SLICE = 20;

export const composed = (text: string): string => text.normalize('NFC');

/** Lets other requests run between two slices of the drawing. */
export const letGo = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** A text measured once: on one line when its natural width fits (no line wrapping to run), else wrapped. */
export interface Measured {
  text: string;
  font: string;
  /** The layout features a text in Arabic is set with (print-arabic.ts). */
  features?: PDFKit.Mixins.OpenTypeFeatures[];
  size: number;
  /** Its natural width on one line. */
  natural: number;
  oneLine: boolean;
  height: number;
}

export function measure(doc: PDFKit.PDFDocument, raw: string, font: string, size: number, width: number): Measured {
  const run = printedRun(composed(raw), font);
  const { text, features } = run;
  doc.font(run.font).fontSize(size);
  const natural = doc.widthOfString(text, { features });
  const oneLine = natural <= width;
  return {
    text,
    font: run.font,
    ...(features ? { features } : {}),
    size,
    natural,
    oneLine,
    height: oneLine ? doc.currentLineHeight() : doc.heightOfString(text, { width, lineGap: 0, features }),
  };
}

export interface ItemBlock {
  kind: 'item';
  item: PrintedPriceItem;
  name: Measured;
  price: Measured;
  description: Measured | null;
  labels: Measured | null;
  nameWidth: number;
  height: number;
}

export interface HeadingBlock {
  kind: 'heading';
  name: Measured;
  height: number;
}

export type Block = ItemBlock | HeadingBlock;

function itemBlock(
  doc: PDFKit.PDFDocument,
  item: PrintedPriceItem,
  soldOutPrice: (price: string) => string,
): ItemBlock {
  const price = measure(doc, item.soldOut ? soldOutPrice(item.price) : item.price, FONT.bold, SIZES.name, COLUMN_WIDTH);
  const nameWidth = COLUMN_WIDTH - price.natural - LEADER_GAP;
  const name = measure(doc, item.name, FONT.bold, SIZES.name, nameWidth);
  const description = item.description
    ? measure(doc, item.description, FONT.regular, SIZES.detail, COLUMN_WIDTH)
    : null;
  const labels =
    item.labels.length > 0 ? measure(doc, item.labels.join(' · '), FONT.regular, SIZES.labels, COLUMN_WIDTH) : null;
  const height =
    name.height +
    (description ? ITEM_GAP + description.height : 0) +
    (labels ? ITEM_GAP + labels.height : 0) +
    AFTER_ITEM;
  return { kind: 'item', item, name, price, description, labels, nameWidth, height };
}

/** Every heading and item in reading order, measured in slices. */
export async function measureBlocks(
  doc: PDFKit.PDFDocument,
  sections: ReadonlyArray<{ name: string; items: readonly PrintedPriceItem[] }>,
  soldOutPrice: (price: string) => string,
): Promise<Block[]> {
  const blocks: Block[] = [];
  let sinceLetGo = 0;
  for (const section of sections) {
    const name = measure(doc, section.name, FONT.bold, SIZES.section, COLUMN_WIDTH);
    blocks.push({ kind: 'heading', name, height: HEADING_ABOVE + name.height + HEADING_BELOW });
    for (const item of section.items) {
      blocks.push(itemBlock(doc, item, soldOutPrice));
      sinceLetGo += 1;
      if (sinceLetGo === SLICE) {
        sinceLetGo = 0;
        await letGo();
      }
    }
  }
  return blocks;
}

/** One page: its two columns of blocks, top to bottom. */
export type PageColumns = [Block[], Block[]];

/** A heading's space above is left out at the top of a column. */
function heightAt(block: Block, first: boolean): number {
  return first && block.kind === 'heading' ? block.height - HEADING_ABOVE : block.height;
}

export function columnHeight(blocks: readonly Block[]): number {
  return blocks.reduce((sum, block, i) => sum + heightAt(block, i === 0), 0);
}

/** How many blocks from `from` go together: a heading with the item after it. */
function unitLength(blocks: readonly Block[], from: number): number {
  return blocks[from]?.kind === 'heading' && from + 1 < blocks.length ? 2 : 1;
}

/**
 * The blocks down the columns: the first page's columns are `firstHeight` tall (the header above
 * them), the others `height`; the last page's blocks are split again so its columns end level.
 */
export function flowColumns(blocks: readonly Block[], firstHeight: number, height: number): PageColumns[] {
  const pages: Block[][] = [];
  let i = 0;
  while (i < blocks.length) {
    const limit = pages.length === 0 ? firstHeight : height;
    const page: Block[] = [];
    for (let column = 0; column < 2 && i < blocks.length; column += 1) {
      let used = 0;
      let count = 0;
      while (i < blocks.length) {
        const n = unitLength(blocks, i);
        const unit = blocks.slice(i, i + n).reduce((sum, block, k) => sum + heightAt(block, count === 0 && k === 0), 0);
        if (count > 0 && used + unit > limit) break;
        page.push(...blocks.slice(i, i + n));
        used += unit;
        count += n;
        i += n;
      }
    }
    pages.push(page);
  }
  return pages.map((page, p) => split(page, p === 0 ? firstHeight : height));
}

/** A page's blocks in two columns: the first as short as it can be while the second still fits under it. */
function split(page: readonly Block[], limit: number): PageColumns {
  let best: PageColumns = [page.slice(), []];
  let bestTallest = columnHeight(page);
  for (let at = 1; at < page.length; at += 1) {
    if (page[at - 1]!.kind === 'heading') continue;
    const first = page.slice(0, at);
    const second = page.slice(at);
    const tallest = Math.max(columnHeight(first), columnHeight(second));
    if (columnHeight(first) <= limit && columnHeight(second) <= limit && tallest < bestTallest) {
      best = [first, second];
      bestTallest = tallest;
    }
  }
  return best;
}

export { SLICE as DRAW_SLICE, HEADING_ABOVE };
