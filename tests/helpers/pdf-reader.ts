/**
 * Reads a PDF back the way a viewer would: pdfjs-dist (its Node build) parses it, gives each
 * page's size, text and operators, and draws a page onto a @napi-rs/canvas canvas, where jsQR
 * finds the QR codes in the pixels. The canvas comes from pdfjs's own factory: pdfjs-dist has its
 * own copy of @napi-rs/canvas, and its paths are not the top-level copy's.
 */
import jsQRModule from 'jsqr';
import { getDocument, OPS, type PDFDocumentProxy, type PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';

// jsqr is CommonJS with a `default` export in its types; NodeNext sees the module object.
const jsQR = jsQRModule.default;

export const PT_PER_MM = 72 / 25.4;

export async function openPdf(bytes: Buffer): Promise<PDFDocumentProxy> {
  return getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false, verbosity: 0 })
    .promise;
}

export async function pages(doc: PDFDocumentProxy): Promise<PDFPageProxy[]> {
  return Promise.all(Array.from({ length: doc.numPages }, (_, i) => doc.getPage(i + 1)));
}

/** Width and height of the page's MediaBox in points. */
export function pageSizePt(page: PDFPageProxy): { width: number; height: number } {
  const [x0, y0, x1, y1] = page.view as [number, number, number, number];
  return { width: x1 - x0, height: y1 - y0 };
}

/** The page's text as pdfjs extracts it (through the fonts' ToUnicode maps), items joined by spaces. */
export async function pageText(page: PDFPageProxy): Promise<string> {
  const content = await page.getTextContent();
  return content.items
    .map((item) => ('str' in item ? item.str : ''))
    .join(' ')
    .replace(/\s+/g, ' ');
}

/** Whether the page paints any raster image (an image XObject or an inline image). */
export async function paintsImages(page: PDFPageProxy): Promise<boolean> {
  const ops = await page.getOperatorList();
  const imageOps = new Set<number>([
    OPS.paintImageXObject,
    OPS.paintInlineImageXObject,
    OPS.paintImageMaskXObject,
    OPS.paintImageXObjectRepeat,
  ]);
  return ops.fnArray.some((fn) => imageOps.has(fn));
}

export interface Rendered {
  data: Uint8ClampedArray;
  width: number;
  height: number;
  /** Pixels per millimetre. */
  scale: number;
}

interface CanvasAndContext {
  canvas: HTMLCanvasElement;
  context: CanvasRenderingContext2D;
}

/** The page drawn at `dpi` on a white canvas. */
export async function renderPage(doc: PDFDocumentProxy, page: PDFPageProxy, dpi = 300): Promise<Rendered> {
  const viewport = page.getViewport({ scale: dpi / 72 });
  const width = Math.ceil(viewport.width);
  const height = Math.ceil(viewport.height);
  const factory = doc.canvasFactory as {
    create(w: number, h: number): CanvasAndContext;
    destroy(c: CanvasAndContext): void;
  };
  const target = factory.create(width, height);
  try {
    await page.render({ canvas: target.canvas, canvasContext: target.context, viewport, background: '#ffffff' })
      .promise;
    const image = target.context.getImageData(0, 0, width, height);
    return { data: image.data, width, height, scale: dpi / 25.4 };
  } finally {
    factory.destroy(target);
  }
}

/** The text of the QR code jsQR finds in the rendering, or in the part of it `areaMm` names. */
export function decodeQr(
  image: Rendered,
  areaMm?: { x: number; y: number; width: number; height: number },
): string | null {
  if (!areaMm) return jsQR(image.data, image.width, image.height)?.data ?? null;
  const x0 = Math.max(0, Math.floor(areaMm.x * image.scale));
  const y0 = Math.max(0, Math.floor(areaMm.y * image.scale));
  const w = Math.min(image.width - x0, Math.ceil(areaMm.width * image.scale));
  const h = Math.min(image.height - y0, Math.ceil(areaMm.height * image.scale));
  const crop = new Uint8ClampedArray(w * h * 4);
  for (let row = 0; row < h; row += 1) {
    const from = ((y0 + row) * image.width + x0) * 4;
    crop.set(image.data.subarray(from, from + w * 4), row * w * 4);
  }
  return jsQR(crop, w, h)?.data ?? null;
}
