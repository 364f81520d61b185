// subset-font ships no types; this is the part of its API that scripts/write-print-fonts.ts uses.
declare module 'subset-font' {
  interface SubsetOptions {
    targetFormat?: 'sfnt' | 'truetype' | 'woff' | 'woff2';
    /** OpenType feature tags to keep; all of them when not given. */
    keepFeatures?: string[];
    /** Drops the hinting programs and instructions. */
    noHinting?: boolean;
  }
  export default function subsetFont(font: Buffer, text: string, options?: SubsetOptions): Promise<Buffer>;
}
