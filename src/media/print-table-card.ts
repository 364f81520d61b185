/**
 * The A6 table card (105x148 mm): the business (or the name) at the top, the profile QR with its
 * call to action and the public address; without a Wi-Fi link the QR grows and the postal
 * address fills the foot, with one the Wi-Fi QR, the network and the password take the lower
 * part; the opening hours, when asked for, go under the public address and the QR shrinks for them
 * (docs/product.md, Print kit).
 */
import { drawQr } from './pdf-qr.js';
import { HOURS_GAP_MM, hoursStack } from './print-hours.js';
import {
  A6_MM,
  fit,
  fitStack,
  FONT,
  madeWith,
  mm,
  MUTED,
  printTexts,
  rule,
  RULE,
  write,
  writeStack,
  type PrintCard,
  type ResolvedBrand,
  type StackItem,
  type TextBox,
} from './print-layout.js';

const MARGIN = 10;
/** Where the Wi-Fi part begins, and the foot where the brand is written. */
const WIFI_TOP = 102;
const BRAND_Y = A6_MM.height - 6.5;
/** Between the public address and the postal address, a short grey rule in its middle. */
const ADDRESS_GAP = 5;

/**
 * The heading: the business with the name and title under it, or the name with the title. The
 * heading keeps to one line, a little smaller, before it takes a second or third.
 */
function heading(doc: PDFKit.PDFDocument, card: PrintCard, width: number, roomy: boolean): StackItem[] {
  const box = (size: readonly [number, number], bold: boolean, maxLines: number): TextBox => ({
    font: bold ? FONT.bold : FONT.regular,
    size,
    maxLines,
    width,
    align: 'center',
    color: bold ? undefined : MUTED,
  });
  const title = card.company ?? card.name;
  const oneLine = box(roomy ? [20, 15] : [18, 14], true, 1);
  const headingBox = fit(doc, title, oneLine).fits ? oneLine : box(roomy ? [17, 11] : [15, 10], true, 3);
  const sub = card.company ? [card.name, card.title].filter(Boolean).join(' · ') : card.title;
  const items: StackItem[] = [{ text: title, box: headingBox, gapAbove: 0 }];
  if (sub) items.push({ text: sub, box: box(roomy ? [10.5, 7.5] : [9.5, 7], false, 2), gapAbove: mm(1.2) });
  return items;
}

export function drawTableCard(doc: PDFKit.PDFDocument, card: PrintCard, brand: ResolvedBrand): void {
  const pageWidth = mm(A6_MM.width);
  const left = mm(MARGIN);
  const width = pageWidth - 2 * left;
  const wifi = card.wifi;
  const items = heading(doc, card, width, !wifi);
  const fitted = fitStack(doc, items, mm(wifi ? 18 : 26));
  let y = writeStack(doc, items, fitted, left, mm(wifi ? 9 : 10)) + mm(2.5);
  rule(doc, (pageWidth - mm(20)) / 2, y, mm(20), brand.accent);
  y += mm(wifi ? 4 : 3.5);

  const callBox: TextBox = { font: FONT.bold, size: [13, 13], maxLines: 1, width, align: 'center' };
  const urlBox: TextBox = { font: FONT.regular, size: [8.5, 6], maxLines: 2, width, align: 'center', color: MUTED };
  const address = !wifi && card.address.length > 0 ? addressStack(card.address, width) : null;
  const addressFit = address ? fitStack(doc, address, mm(20)) : null;
  const hours = card.hours && card.hours.length > 0 ? hoursStack(card.hours, width) : null;
  const hoursFit = hours ? fitStack(doc, hours, mm(wifi ? 16 : 26)) : null;
  const hoursRoom = hoursFit ? hoursFit.height + mm(HOURS_GAP_MM) : 0;
  const textsBelow =
    mm(1) +
    fit(doc, card.callToAction ?? printTexts.callToAction, callBox).height +
    mm(1) +
    fit(doc, card.displayUrl, urlBox).height;
  // The QR takes what the texts under it leave: its bottom at 87 mm above a Wi-Fi part, up to 84 mm wide without one.
  const room =
    (wifi
      ? mm(WIFI_TOP - 15) - y
      : mm(BRAND_Y - 3) - y - textsBelow - (addressFit ? addressFit.height + mm(ADDRESS_GAP) : 0)) - hoursRoom;
  const qrSize = Math.min(mm(wifi ? 54 : 84), room);
  // A short page (no business, no address) leaves room even under the largest QR: half of it goes above.
  if (!wifi) y += (room - qrSize) / 2;
  drawQr(doc, card.qrText, { x: (pageWidth - qrSize) / 2, y, size: qrSize, level: 'M' });
  y += qrSize + mm(1);
  y += write(doc, card.callToAction ?? printTexts.callToAction, left, y, callBox) + mm(1);
  y += write(doc, card.displayUrl, left, y, urlBox);
  if (hours && hoursFit) y = writeStack(doc, hours, hoursFit, left, y + mm(HOURS_GAP_MM));
  if (address && addressFit) {
    const top = Math.max(y + mm(ADDRESS_GAP), mm(BRAND_Y - 3) - addressFit.height);
    doc.rect((pageWidth - mm(24)) / 2, top - mm(ADDRESS_GAP / 2), mm(24), mm(0.3)).fill(RULE);
    writeStack(doc, address, addressFit, left, top);
  }
  if (wifi) drawWifi(doc, wifi, mm(WIFI_TOP));
  madeWith(doc, left, mm(BRAND_Y), width, brand);
}

function addressStack(lines: readonly string[], width: number): StackItem[] {
  return lines.map((line, i) => ({
    text: line,
    box: { font: FONT.regular, size: [8.5, 6.5], maxLines: 2, width, align: 'center' },
    gapAbove: i === 0 ? 0 : mm(0.3),
  }));
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
  write(doc, printTexts.wifiCallToAction, x, y, {
    font: FONT.regular,
    size: [7.5, 7.5],
    maxLines: 1,
    width,
    color: MUTED,
  });
}
