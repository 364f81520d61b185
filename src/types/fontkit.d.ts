// fontkit ships no types; this is the part we use: parsing a font file (the print kit) and the
// width of a line of text (the sharing image, src/media/text-width.ts).
declare module 'fontkit' {
  /** A parsed font, as pdfkit takes it besides a file. */
  export interface Font {
    readonly unitsPerEm: number;
    /** The glyphs of `text` with kerning applied; `advanceWidth` in font units. */
    layout(text: string): { advanceWidth: number };
  }
  export function create(data: Buffer): Font;
}
