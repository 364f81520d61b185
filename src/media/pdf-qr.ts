/**
 * QR codes drawn into a PDF as vector paths: `qrcode` gives the module matrix, and every run of
 * dark modules in a row becomes one rectangle of a single path, filled once (one path leaves no
 * hairline seams between rows when a viewer anti-aliases). The path is written in module units
 * under a scale, so a 300-card sheet stays small, and goes into the page as one string: a
 * `doc.rect` call per run made a 300-card sheet allocate about 28 MB (docs/architecture.md, Memory).
 */
import QRCode, { type BitMatrix, type QRCodeErrorCorrectionLevel } from 'qrcode';

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
  // One byte-mode segment, as the text is a URL or a WIFI: string: the library's search for the
  // shortest mix of modes builds a graph for every code and gains nothing on such text.
  const { modules } = QRCode.create([{ data: Buffer.from(text, 'utf8'), mode: 'byte' }], {
    errorCorrectionLevel: place.level,
  });
  const side = modules.size + 2 * QUIET_ZONE_MODULES;
  const unit = place.size / side;
  doc.save();
  doc.rect(place.x, place.y, place.size, place.size).fill('#ffffff');
  doc.translate(place.x + QUIET_ZONE_MODULES * unit, place.y + QUIET_ZONE_MODULES * unit).scale(unit);
  doc.fillColor('#000000');
  doc.addContent(darkRuns(modules));
  doc.fill();
  doc.restore();
}

/** Every run of dark modules in a row as a rectangle (`x y width 1 re`), in module units. */
function darkRuns(modules: BitMatrix): string {
  let path = '';
  for (let row = 0; row < modules.size; row += 1) {
    let col = 0;
    while (col < modules.size) {
      if (!modules.get(row, col)) {
        col += 1;
        continue;
      }
      const start = col;
      while (col < modules.size && modules.get(row, col)) col += 1;
      path += `${start} ${row} ${col - start} 1 re\n`;
    }
  }
  return path;
}
