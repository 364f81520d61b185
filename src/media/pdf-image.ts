/**
 * Raster images in a print PDF (the agency's logo, the customer's photo): opened once per
 * document, so a logo on every card of a sheet is one image object the pages share. pdfkit
 * embeds a JPEG as it is (no decoding) and a PNG with its transparency as a soft mask.
 */

/** An image pdfkit has opened: its size in pixels. */
export interface OpenedImage {
  readonly width: number;
  readonly height: number;
}

/** pdfkit opens images with a method its type declarations leave out. */
interface ImageOpener {
  openImage(bytes: Buffer): OpenedImage;
}

/** The image, or null when its bytes are not a JPEG or PNG pdfkit can read (the card is then drawn without it). */
export function openImage(doc: PDFKit.PDFDocument, bytes: Buffer | null): OpenedImage | null {
  if (!bytes) return null;
  try {
    return (doc as unknown as ImageOpener).openImage(bytes);
  } catch {
    return null;
  }
}

/** Draws an opened image at (x, y), `width` by `height` points. */
export function drawImage(
  doc: PDFKit.PDFDocument,
  image: OpenedImage,
  x: number,
  y: number,
  width: number,
  height: number,
): void {
  // @types/pdfkit lists paths and bytes as sources; pdfkit takes an opened image as well.
  doc.image(image as unknown as Buffer, x, y, { width, height });
}
