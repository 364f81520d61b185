/**
 * Arabic in a printed price list (docs/product.md, Languages). A text with Arabic letters is set in Noto Sans Arabic,
 * which fontkit shapes (each letter in the form its neighbours give it) when the whole line is laid out as one run;
 * fontkit then reverses the run for right-to-left. pdfkit has no bidirectional algorithm of its own, so the
 * left-to-right stretches inside (a business name in Latin letters, numbers, a price) are reversed here first and
 * come out the right way round. The lira sign, which the Arabic font lacks, is written TL in such a text.
 */
import type { Font } from 'fontkit';
import { FONT } from './print-layout.js';
import { parsedNotoSansArabic } from './shipped-fonts.js';
import { forOneDocument } from './print-kit.js';

export const ARABIC_FONT = { regular: 'NotoSansArabic-Regular', bold: 'NotoSansArabic-Bold' } as const;

const ARABIC = /[\u0600-\u06ff\u0750-\u077f\u08a0-\u08ff\ufb50-\ufdff\ufe70-\ufeff]/;
const STRONG_LTR = String.raw`\p{Script=Latin}\p{Script=Cyrillic}\p{Script=Greek}0-9`;
/** A left-to-right stretch: from a Latin letter or digit to the last one before Arabic comes again. */
const LTR_RUN = new RegExp(`[${STRONG_LTR}](?:[^\\u0600-\\u06ff]*[${STRONG_LTR}])?`, 'gu');
/** Any array makes pdfkit lay a line out as one run (not word by word), which Arabic joining needs. */
const WHOLE_RUN: PDFKit.Mixins.OpenTypeFeatures[] = ['kern'];

/** How a text is set: its font, the text as handed to pdfkit, and the layout features it takes. */
export interface PrintedRun {
  text: string;
  font: string;
  features?: PDFKit.Mixins.OpenTypeFeatures[];
}

export function hasArabic(text: string): boolean {
  return ARABIC.test(text);
}

/** A text as pdfkit gets it: Arabic ones in the Arabic font, their left-to-right stretches turned round. */
export function printedRun(text: string, font: string): PrintedRun {
  if (!hasArabic(text)) return { text, font };
  const visual = text
    .replace(/\s*₺\s*/g, ' TL ')
    .trim()
    .replace(LTR_RUN, (run) => [...run].reverse().join(''));
  return { text: visual, font: font === FONT.bold ? ARABIC_FONT.bold : ARABIC_FONT.regular, features: WHOLE_RUN };
}

/** Registers the Arabic fonts on a document that prints Arabic. */
export function registerArabicFonts(doc: PDFKit.PDFDocument): void {
  const parsed = parsedNotoSansArabic();
  // @types/pdfkit lists only paths and bytes as sources; pdfkit takes a parsed font as well.
  doc.registerFont(ARABIC_FONT.regular, rightToLeft(forOneDocument(parsed.regular)) as unknown as Buffer);
  doc.registerFont(ARABIC_FONT.bold, rightToLeft(forOneDocument(parsed.bold)) as unknown as Buffer);
}

/**
 * The font laying every text out as Arabic, right to left: fontkit takes a run's script from its first letter, which
 * in `Şahin · قائمة الأسعار` is Latin, and would then neither join the Arabic letters nor reverse the run.
 */
function rightToLeft(font: Font): Font {
  const own = Object.create(font) as Font;
  const layout = font.layout as (this: Font, ...args: unknown[]) => ReturnType<Font['layout']>;
  own.layout = (text: string, features?: string[] | Record<string, boolean>) =>
    layout.call(own, text, features, 'arab', undefined, 'rtl');
  return own;
}
