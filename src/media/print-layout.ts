/**
 * What the print kit draws, in millimetres from a given corner: the business card's front and
 * back (85x55 mm) and the A6 table card (105x148 mm). The documents around them are in
 * print-kit.ts; docs/product.md, Print kit, has the layout and texts.
 */
import { drawQr } from './pdf-qr.js';

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
  madeWith: (brandName: string) => `${brandName} ile oluşturuldu`,
} as const;

/** What one customer's print kit shows. */
export interface PrintCard {
  /** Name and surname, as the card prints them. */
  name: string;
  /** The text of the profile QR: the public address tagged `?k=qr`. */
  qrText: string;
  /** The public address as printed, without the scheme: `vizit.example/ayse-kaya`. */
  displayUrl: string;
  /** A visible Wi-Fi link: its network, its password ('' when open) and its `WIFI:` QR text. */
  wifi: { ssid: string; password: string; qrText: string } | null;
}

/** The agency's look; without it the kit carries Vizit's own. */
export interface PrintBrand {
  name: string;
  url: string | null;
  accentColor: string | null;
}

export interface ResolvedBrand {
  name: string;
  url: string | null;
  accent: string;
}

export const FONT = { regular: 'NotoSans-Regular', bold: 'NotoSans-Bold' } as const;
const INK = '#111827';
const MUTED = '#4b5563';
const RULE = '#d1d5db';
const VIZIT_BRAND: ResolvedBrand = { name: 'Vizit', url: null, accent: '#4f46e5' };

/** The brand as drawn: a colour only when it is `#rrggbb`, a link only when it is http(s). */
export function resolveBrand(brand: PrintBrand | undefined): ResolvedBrand {
  if (!brand || brand.name.trim() === '') return VIZIT_BRAND;
  return {
    name: brand.name.trim(),
    url: brand.url && /^https?:\/\//i.test(brand.url) ? brand.url : null,
    accent: brand.accentColor && /^#[0-9a-f]{6}$/i.test(brand.accentColor) ? brand.accentColor : VIZIT_BRAND.accent,
  };
}

interface TextBox {
  font: string;
  /** Largest and smallest size in points; the largest that fits in `maxLines` is used. */
  size: readonly [max: number, min: number];
  maxLines: number;
  width: number;
  align?: 'left' | 'center';
  color?: string;
}

/**
 * The text as it is laid out: composed (NFC), so that a letter typed as a base and a combining
 * accent is the one glyph the font has for it; the print fonts keep no mark positioning.
 */
const composed = (text: string): string => text.normalize('NFC');

/** The size `text` fits at, and the height it then takes. */
function fit(doc: PDFKit.PDFDocument, text: string, box: TextBox): { size: number; height: number } {
  const shown = composed(text);
  let size = box.size[0];
  for (; size > box.size[1]; size -= 0.5) {
    doc.font(box.font).fontSize(size);
    if (doc.heightOfString(shown, { width: box.width }) <= doc.currentLineHeight(true) * box.maxLines + 0.01) break;
  }
  doc.font(box.font).fontSize(size);
  const height = Math.min(doc.heightOfString(shown, { width: box.width }), doc.currentLineHeight(true) * box.maxLines);
  return { size, height };
}

/** Writes `text` at its fitting size from (x, y); what still does not fit ends in an ellipsis. Returns its height. */
function write(doc: PDFKit.PDFDocument, text: string, x: number, y: number, box: TextBox, measured = fit(doc, text, box)): number {
  doc.font(box.font).fontSize(measured.size).fillColor(box.color ?? INK);
  doc.text(composed(text), x, y, { width: box.width, height: measured.height + 0.5, align: box.align ?? 'left', ellipsis: true, lineGap: 0 });
  return measured.height;
}

function rule(doc: PDFKit.PDFDocument, x: number, y: number, width: number, color: string, thickness = mm(0.8)): void {
  doc.rect(x, y, width, thickness).fill(color);
}

/** Front: the name, an accent rule and the address on the left; the profile QR on the right. */
export function drawCardFront(doc: PDFKit.PDFDocument, ox: number, oy: number, card: PrintCard, brand: ResolvedBrand): void {
  const qrSize = mm(38);
  drawQr(doc, card.qrText, { x: ox + mm(CARD_MM.width - 3) - qrSize, y: oy + (mm(CARD_MM.height) - qrSize) / 2, size: qrSize, level: 'M' });
  const left = ox + mm(6);
  const width = mm(37);
  const nameBox: TextBox = { font: FONT.bold, size: [13, 8], maxLines: 3, width };
  const urlBox: TextBox = { font: FONT.regular, size: [7, 5], maxLines: 3, width, color: MUTED };
  const name = fit(doc, card.name, nameBox);
  const url = fit(doc, card.displayUrl, urlBox);
  const gap = mm(2.5);
  let y = oy + (mm(CARD_MM.height) - (name.height + gap + mm(0.8) + gap + url.height)) / 2;
  y += write(doc, card.name, left, y, nameBox, name) + gap;
  rule(doc, left, y, mm(12), brand.accent);
  write(doc, card.displayUrl, left, y + mm(0.8) + gap, urlBox, url);
}

/** Back: the public address in the middle, and whose product made the card at the foot. */
export function drawCardBack(doc: PDFKit.PDFDocument, ox: number, oy: number, card: PrintCard, brand: ResolvedBrand): void {
  const width = mm(CARD_MM.width - 12);
  const left = ox + mm(6);
  const urlBox: TextBox = { font: FONT.bold, size: [12, 6], maxLines: 3, width, align: 'center' };
  const url = fit(doc, card.displayUrl, urlBox);
  const top = oy + (mm(CARD_MM.height) - url.height) / 2 - mm(2);
  rule(doc, ox + mm(CARD_MM.width / 2 - 6), top - mm(4), mm(12), brand.accent);
  write(doc, card.displayUrl, left, top, urlBox, url);
  madeWith(doc, left, oy + mm(CARD_MM.height - 7), width, brand);
}

/** "{brand} ile oluşturuldu", linked to the brand's site when it has one. */
function madeWith(doc: PDFKit.PDFDocument, x: number, y: number, width: number, brand: ResolvedBrand): void {
  const box: TextBox = { font: FONT.regular, size: [6.5, 6.5], maxLines: 1, width, align: 'center', color: MUTED };
  const height = write(doc, printTexts.madeWith(brand.name), x, y, box);
  if (brand.url) doc.link(x, y, width, height, brand.url);
}

/**
 * The A6 table card: the name, the profile QR with the call to action and the address, and below
 * a rule the Wi-Fi QR with the network's name and password when the profile shows a Wi-Fi link.
 */
export function drawTableCard(doc: PDFKit.PDFDocument, card: PrintCard, brand: ResolvedBrand): void {
  const pageWidth = mm(A6_MM.width);
  const left = mm(8);
  const width = pageWidth - 2 * left;
  const nameBox: TextBox = { font: FONT.bold, size: [20, 11], maxLines: 2, width, align: 'center' };
  const wifi = card.wifi;
  let y = mm(wifi ? 9 : 13);
  y += write(doc, card.name, left, y, nameBox) + mm(2.5);
  rule(doc, (pageWidth - mm(20)) / 2, y, mm(20), brand.accent);
  y += mm(4);
  // The name may take one line or two: the QR takes what is left above the texts below it.
  const qrSize = Math.min(mm(wifi ? 54 : 74), mm(wifi ? 87 : 116) - y);
  drawQr(doc, card.qrText, { x: (pageWidth - qrSize) / 2, y, size: qrSize, level: 'M' });
  y += qrSize + mm(1);
  y += write(doc, printTexts.callToAction, left, y, { font: FONT.bold, size: [13, 13], maxLines: 1, width, align: 'center' }) + mm(1);
  write(doc, card.displayUrl, left, y, { font: FONT.regular, size: [8.5, 6], maxLines: 2, width, align: 'center', color: MUTED });
  if (wifi) drawWifi(doc, wifi, mm(102));
  madeWith(doc, left, mm(A6_MM.height - 6.5), width, brand);
}

function drawWifi(doc: PDFKit.PDFDocument, wifi: NonNullable<PrintCard['wifi']>, top: number): void {
  doc.rect(mm(8), top, mm(A6_MM.width - 16), mm(0.3)).fill(RULE);
  const qrSize = mm(34);
  drawQr(doc, wifi.qrText, { x: mm(8), y: top + mm(2.5), size: qrSize, level: 'L' });
  const x = mm(45);
  const width = mm(A6_MM.width - 45 - 8);
  let y = top + mm(6);
  y += write(doc, printTexts.wifiTitle, x, y, { font: FONT.bold, size: [12, 12], maxLines: 1, width }) + mm(1.5);
  const detail = (label: string, value: string) => {
    y += write(doc, label, x, y, { font: FONT.regular, size: [7, 7], maxLines: 1, width, color: MUTED });
    y += write(doc, value, x, y, { font: FONT.bold, size: [9, 6.5], maxLines: 2, width }) + mm(1.2);
  };
  detail(printTexts.wifiNetwork, wifi.ssid);
  if (wifi.password !== '') detail(printTexts.wifiPassword, wifi.password);
  write(doc, printTexts.wifiCallToAction, x, y, { font: FONT.regular, size: [7.5, 7.5], maxLines: 1, width, color: MUTED });
}
