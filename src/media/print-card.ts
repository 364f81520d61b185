/**
 * The business card (85x55 mm), in millimetres from a given corner (docs/product.md, Print kit).
 * Front: the photo (else the agency's logo), the name, title and business, and the phone and e-mail under an
 * accent rule, with the profile QR on the right. Back: the business, the postal address, the
 * public address and whose product made the card. Text keeps 5 mm from the cut (print shops ask
 * for 3 to 4); only the accent band runs to the edge, and into the bleed when there is one.
 */
import { drawImage, type OpenedImage } from './pdf-image.js';
import { drawQr } from './pdf-qr.js';
import {
  CARD_MM,
  fitStack,
  FONT,
  madeWith,
  mm,
  MUTED,
  printTexts,
  rule,
  write,
  writeStack,
  type PrintCard,
  type ResolvedBrand,
  type StackItem,
  type TextBox,
} from './print-layout.js';

/** What sits top left on the front: the customer's round photo, or else the agency's logo. */
export interface CardMark {
  kind: 'logo' | 'photo';
  image: OpenedImage;
}

export interface CardOptions {
  mark: CardMark | null;
  /**
   * The accent band on the card's edge, running `bleedMm` past it (0 on a card printed alone,
   * 3 for a print shop); null on a sheet, where cards share their cut lines and a cut a little
   * off would leave a sliver of one card's band on its neighbour.
   */
  edge: { bleedMm: number } | null;
  /** The agency's logo, drawn small at the foot of the back (when the front shows the customer's photo instead). */
  brandLogo: OpenedImage | null;
}

/** Millimetres, from the card's top-left corner. */
const FRONT = {
  band: 3,
  left: 8,
  top: 5.5,
  bottom: 50,
  qr: { x: 54, y: 4, size: 27 },
  columnWidth: 44,
  contactWidth: 72,
  photo: 13,
  logo: { width: 30, height: 11 },
} as const;

const BACK = { band: 3, left: 8, width: 69, top: 5, brandY: 45.5, logo: { width: 18, height: 4.5, gap: 1 } } as const;

/** Front: the mark, the name block beside the QR, the contacts along the foot. */
export function drawCardFront(
  doc: PDFKit.PDFDocument,
  ox: number,
  oy: number,
  card: PrintCard,
  brand: ResolvedBrand,
  options: CardOptions,
): void {
  const at = (x: number, y: number) => [ox + mm(x), oy + mm(y)] as const;
  if (options.edge) {
    const bleed = options.edge.bleedMm;
    doc.rect(ox - mm(bleed), oy - mm(bleed), mm(FRONT.band + bleed), mm(CARD_MM.height + 2 * bleed)).fill(brand.accent);
  }
  const contacts = contactLines(card);
  // Top right beside the name block; in the middle when no contact line runs along the foot.
  const [qrX, qrY] = at(
    FRONT.qr.x,
    contacts.some((line) => line.label) ? FRONT.qr.y : (CARD_MM.height - FRONT.qr.size) / 2,
  );
  drawQr(doc, card.qrText, { x: qrX, y: qrY, size: mm(FRONT.qr.size), level: 'M' });

  let top = mm(FRONT.top);
  if (options.mark) top += drawMark(doc, options.mark, ...at(FRONT.left, FRONT.top)) + mm(3);
  const contactsHeight = drawContacts(doc, contacts, brand, ox + mm(FRONT.left), oy + mm(FRONT.bottom));
  const bottom = mm(FRONT.bottom) - contactsHeight - (contactsHeight > 0 ? mm(3.5) : 0);

  const items = nameBlock(card, mm(FRONT.columnWidth));
  const fitted = fitStack(doc, items, bottom - top);
  // The block sits in the middle of the room left, never above its top.
  const y = top + Math.max(0, (bottom - top - fitted.height) / 2);
  writeStack(doc, items, fitted, ox + mm(FRONT.left), oy + y);
}

/** The name, bold; the title under it, quieter; the business, bold again but small. */
function nameBlock(card: PrintCard, width: number): StackItem[] {
  const items: StackItem[] = [
    { text: card.name, box: { font: FONT.bold, size: [12.5, 7], maxLines: 2, width }, gapAbove: 0 },
  ];
  if (card.title)
    items.push({
      text: card.title,
      box: { font: FONT.regular, size: [7.5, 5], maxLines: 2, width, color: MUTED },
      gapAbove: mm(0.6),
    });
  if (card.company)
    items.push({
      text: card.company,
      box: { font: FONT.bold, size: [7.5, 5], maxLines: 3, width },
      gapAbove: mm(card.title ? 1.6 : 0.8),
    });
  return items;
}

/** The logo fitted into its box, or the photo in a circle; returns the height it took. */
function drawMark(doc: PDFKit.PDFDocument, mark: CardMark, x: number, y: number): number {
  const { image } = mark;
  if (mark.kind === 'photo') {
    const side = mm(FRONT.photo);
    doc.save();
    doc.circle(x + side / 2, y + side / 2, side / 2).clip();
    // A photo that is not square is cropped to its middle, as the public page shows it.
    const scale = side / Math.min(image.width, image.height);
    drawImage(
      doc,
      image,
      x + (side - image.width * scale) / 2,
      y + (side - image.height * scale) / 2,
      image.width * scale,
      image.height * scale,
    );
    doc.restore();
    return side;
  }
  const scale = Math.min(mm(FRONT.logo.width) / image.width, mm(FRONT.logo.height) / image.height);
  drawImage(doc, image, x, y, image.width * scale, image.height * scale);
  return image.height * scale;
}

/** The visible phone and e-mail, each with its label; without either, the public address on its own. */
function contactLines(card: PrintCard): Array<{ label: string | null; value: string }> {
  const lines = [
    card.phone ? { label: printTexts.phoneLabel, value: card.phone } : null,
    card.email ? { label: printTexts.emailLabel, value: card.email } : null,
  ].filter((line) => line !== null);
  return lines.length > 0 ? lines : [{ label: null, value: card.displayUrl }];
}

/**
 * The contact lines, each after a small label in the accent, bottom-aligned at `bottom` under a
 * short accent rule and as wide as the card allows (they run under the QR); returns their height.
 */
function drawContacts(
  doc: PDFKit.PDFDocument,
  lines: ReturnType<typeof contactLines>,
  brand: ResolvedBrand,
  x: number,
  bottom: number,
): number {
  const labelWidth = mm(3.2);
  const valueBox: TextBox = {
    font: FONT.regular,
    size: [7.5, 5],
    maxLines: 1,
    width: mm(FRONT.contactWidth) - labelWidth,
  };
  const labelBox: TextBox = {
    font: FONT.bold,
    size: [6.5, 6.5],
    maxLines: 1,
    width: labelWidth,
    color: brand.accentText,
  };
  const lineHeight = mm(3.7);
  const height = lines.length * lineHeight;
  let y = bottom - height;
  rule(doc, x, y - mm(2.2), mm(8), brand.accent, mm(0.6));
  for (const line of lines) {
    if (line.label) write(doc, line.label, x, y + mm(0.35), labelBox);
    write(doc, line.value, x + (line.label ? labelWidth : 0), y, line.label ? valueBox : { ...valueBox, color: MUTED });
    y += lineHeight;
  }
  return height;
}

/** Back: the business (or the name), the postal address and the public address, the brand at the foot. */
export function drawCardBack(
  doc: PDFKit.PDFDocument,
  ox: number,
  oy: number,
  card: PrintCard,
  brand: ResolvedBrand,
  options: CardOptions,
): void {
  if (options.edge) {
    const bleed = options.edge.bleedMm;
    doc
      .rect(ox - mm(bleed), oy + mm(CARD_MM.height - BACK.band), mm(CARD_MM.width + 2 * bleed), mm(BACK.band + bleed))
      .fill(brand.accent);
  }
  const width = mm(BACK.width);
  const center = (box: Omit<TextBox, 'width' | 'align'>): TextBox => ({ ...box, width, align: 'center' });
  const items: StackItem[] = [
    { text: card.company ?? card.name, box: center({ font: FONT.bold, size: [10, 6.5], maxLines: 2 }), gapAbove: 0 },
  ];
  for (const [i, line] of card.address.entries()) {
    items.push({
      text: line,
      box: center({ font: FONT.regular, size: [7.5, 5.5], maxLines: 3, color: MUTED }),
      gapAbove: mm(i === 0 ? 4.2 : 0.4),
    });
  }
  items.push({
    text: card.displayUrl,
    box: center({ font: FONT.bold, size: [8.5, 5.5], maxLines: 2, color: brand.accentText }),
    gapAbove: mm(card.address.length > 0 ? 3 : 4.2),
  });
  const logoHeight = options.brandLogo ? BACK.logo.height + BACK.logo.gap : 0;
  const room = mm(BACK.brandY - BACK.top - 2 - logoHeight);
  const fitted = fitStack(doc, items, room);
  const y = oy + mm(BACK.top) + Math.max(0, (room - fitted.height) / 2);
  const x = ox + mm(BACK.left);
  const headingHeight = fitted.measured[0]!.height;
  rule(doc, ox + mm(CARD_MM.width / 2 - 5), y + headingHeight + mm(1.6), mm(10), brand.accent, mm(0.6));
  writeStack(doc, items, fitted, x, y);
  if (options.brandLogo) {
    const logo = options.brandLogo;
    const scale = Math.min(mm(BACK.logo.width) / logo.width, mm(BACK.logo.height) / logo.height);
    const [w, h] = [logo.width * scale, logo.height * scale];
    drawImage(doc, logo, ox + mm(CARD_MM.width / 2) - w / 2, oy + mm(BACK.brandY - BACK.logo.gap) - h, w, h);
  }
  madeWith(doc, x, oy + mm(BACK.brandY), width, brand);
}
