// fontkit ships no types; this is the part the print kit uses: parsing a font file.
declare module 'fontkit' {
  /** A parsed font, as pdfkit takes it besides a file. */
  export interface Font {
    layout(text: string): unknown;
  }
  export function create(data: Buffer): Font;
}
