/**
 * QR codes drawn into a PDF as vector paths: `qrcode` gives the module matrix, and every run of
 * dark modules in a row becomes one rectangle of a single path, filled once (one path leaves no
 * hairline seams between rows when a viewer anti-aliases). The path is written in module units
 * under a scale, so a 300-card sheet stays small.
 */
import QRCode, { type QRCodeErrorCorrectionLevel } from 'qrcode';

/** The blank border scanners need around the code, in modules (ISO/IEC 18004). */
export const QUIET_ZONE_MODULES = 4;

export interface QrPlacement {
  /** Top-left corner of the code with its quiet zone, in points. */
  x: number;
  y: number;
  /** Width (and height) of the code with its quiet zone, in points. */
  size: number;
  level: QRCodeErrorCorrectionLevel;
}

/** Draws `text` as a QR code: a white square (the quiet zone included) and the dark modules on it. */
export function drawQr(doc: PDFKit.PDFDocument, text: string, place: QrPlacement): void {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: place.level });
  const side = modules.size + 2 * QUIET_ZONE_MODULES;
  const unit = place.size / side;
  doc.save();
  doc.rect(place.x, place.y, place.size, place.size).fill('#ffffff');
  doc.translate(place.x + QUIET_ZONE_MODULES * unit, place.y + QUIET_ZONE_MODULES * unit).scale(unit);
  for (let row = 0; row < modules.size; row += 1) {
    let col = 0;
    while (col < modules.size) {
      if (!modules.get(row, col)) {
        col += 1;
        continue;
      }
      const start = col;
      while (col < modules.size && modules.get(row, col)) col += 1;
      doc.rect(start, row, col - start, 1);
    }
  }
  doc.fill('#000000');
  doc.restore();
}
