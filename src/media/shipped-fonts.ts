/**
 * The two Noto Sans files we ship (src/assets/fonts/), parsed by fontkit once and shared by
 * everything that measures or embeds them: the print kit's PDFs and the sharing image's text
 * fitting. Parsing them anew for every document cost more than drawing a card; the parsed tables
 * are only read from (a PDF keeps its own glyphs: print-kit.ts, forOneDocument). fontkit is
 * imported as pdfkit imports it (ES module, our dependency in the range pdfkit asks for): a
 * require() loaded its CommonJS build beside it, a second copy of the library and its
 * dependencies (2 MB of source alone).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { create as parseFont, type Font } from 'fontkit';
import { printFontsDir } from '../lib/paths.js';

export type FontWeight = 'regular' | 'bold';

export const SHIPPED_FONT_FILES: Record<FontWeight, string> = {
  regular: 'NotoSans-Regular.ttf',
  bold: 'NotoSans-Bold.ttf',
};

/** Noto Sans Arabic, for what is printed in Arabic (docs/product.md, Languages). */
export const SHIPPED_ARABIC_FONT_FILES: Record<FontWeight, string> = {
  regular: 'NotoSansArabic-Regular.ttf',
  bold: 'NotoSansArabic-Bold.ttf',
};

/** Parsed fonts hold about 1 MB of heap: kept while they are used, dropped after a minute without. */
const FONT_IDLE_MS = 60_000;
let fonts: Record<FontWeight, Font> | null = null;
let dropFonts: NodeJS.Timeout | null = null;

export function parsedNotoSans(): Record<FontWeight, Font> {
  if (!fonts) {
    const parse = (file: string) => parseFont(readFileSync(path.join(printFontsDir, file)));
    fonts = { regular: parse(SHIPPED_FONT_FILES.regular), bold: parse(SHIPPED_FONT_FILES.bold) };
  }
  if (dropFonts) dropFonts.refresh();
  else {
    dropFonts = setTimeout(() => {
      fonts = null;
      dropFonts = null;
    }, FONT_IDLE_MS).unref();
  }
  return fonts;
}

let arabicFonts: Record<FontWeight, Font> | null = null;
let dropArabicFonts: NodeJS.Timeout | null = null;

/** Noto Sans Arabic parsed, as parsedNotoSans: only a document printed in Arabic asks for it. */
export function parsedNotoSansArabic(): Record<FontWeight, Font> {
  if (!arabicFonts) {
    const parse = (file: string) => parseFont(readFileSync(path.join(printFontsDir, file)));
    arabicFonts = { regular: parse(SHIPPED_ARABIC_FONT_FILES.regular), bold: parse(SHIPPED_ARABIC_FONT_FILES.bold) };
  }
  if (dropArabicFonts) dropArabicFonts.refresh();
  else {
    dropArabicFonts = setTimeout(() => {
      arabicFonts = null;
      dropArabicFonts = null;
    }, FONT_IDLE_MS).unref();
  }
  return arabicFonts;
}
