/**
 * How wide a line of text is drawn in the fonts we ship (src/assets/fonts/), so the sharing
 * image can wrap and shrink its text before the SVG is drawn: librsvg draws SVG text where it is
 * told and never wraps it. The same files are what fontconfig hands librsvg (media/font-config.ts),
 * so the widths measured here are the widths drawn.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { create as parseFont, type Font } from 'fontkit';
import { printFontsDir } from '../lib/paths.js';

export type FontWeight = 'regular' | 'bold';

/** The width in pixels of `text` drawn at `size` pixels. */
export type MeasureText = (text: string, weight: FontWeight, size: number) => number;

const FONT_FILES: Record<FontWeight, string> = { regular: 'NotoSans-Regular.ttf', bold: 'NotoSans-Bold.ttf' };

/** The parsed fonts are dropped after a minute without a drawing: images are drawn once per page version. */
const FONT_IDLE_MS = 60_000;
let fonts: Record<FontWeight, Font> | null = null;
let dropFonts: NodeJS.Timeout | null = null;

function parsedFonts(): Record<FontWeight, Font> {
  if (!fonts) {
    const parse = (file: string) => parseFont(readFileSync(path.join(printFontsDir, file)));
    fonts = { regular: parse(FONT_FILES.regular), bold: parse(FONT_FILES.bold) };
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

/** Kerning included; text is measured in NFC, as it is drawn. */
export const measureNotoSans: MeasureText = (text, weight, size) => {
  const font = parsedFonts()[weight];
  return (font.layout(text.normalize('NFC')).advanceWidth / font.unitsPerEm) * size;
};
