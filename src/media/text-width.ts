/**
 * How wide a line of text is drawn in the fonts we ship (src/assets/fonts/), so the sharing
 * image can wrap and shrink its text before the SVG is drawn: librsvg draws SVG text where it is
 * told and never wraps it. The same files are what fontconfig hands librsvg (media/font-config.ts),
 * so the widths measured here are the widths drawn.
 */
import { parsedNotoSans, type FontWeight } from './shipped-fonts.js';

export type { FontWeight };

/** The width in pixels of `text` drawn at `size` pixels. */
export type MeasureText = (text: string, weight: FontWeight, size: number) => number;

/** Kerning included; text is measured in NFC, as it is drawn. */
export const measureNotoSans: MeasureText = (text, weight, size) => {
  const font = parsedNotoSans()[weight];
  return (font.layout(text.normalize('NFC')).advanceWidth / font.unitsPerEm) * size;
};
