/**
 * Fitting a text into a box of lines before it is drawn: the fewest lines first, at the largest
 * size that gives them ("Şükran Çağlayan" on one line a size smaller reads better than on two),
 * else the smallest size with the last line allowed cut short by an ellipsis. A word wider than
 * a whole line is broken between letters. Pure: the widths come from `measure`
 * (media/text-width.ts in the app).
 */
import type { FontWeight, MeasureText } from './text-width.js';

export interface FitBox {
  weight: FontWeight;
  /** Sizes in pixels to try, largest first. */
  sizes: readonly number[];
  maxWidth: number;
  maxLines: number;
}

export interface FittedText {
  size: number;
  lines: string[];
}

const ELLIPSIS = '…';

/** NFC, one space between words, no spaces at the ends. */
export function tidyText(text: string): string {
  return text.normalize('NFC').replace(/\s+/g, ' ').trim();
}

/** Greedy wrapping: as many words a line as fit. */
function wrap(words: readonly string[], fits: (line: string) => boolean): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    const longer = line ? `${line} ${word}` : word;
    if (fits(longer)) {
      line = longer;
      continue;
    }
    if (line) lines.push(line);
    line = '';
    // A word longer than a line: as many letters a line as fit, the rest starts the next line.
    for (const letter of Array.from(word)) {
      if (line && !fits(line + letter)) {
        lines.push(line);
        line = '';
      }
      line += letter;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** The line with letters taken off its end until it fits with an ellipsis after it. */
function ellipsize(line: string, fits: (line: string) => boolean): string {
  const letters = Array.from(line);
  while (letters.length > 0 && !fits(letters.join('').trimEnd() + ELLIPSIS)) letters.pop();
  return letters.join('').trimEnd() + ELLIPSIS;
}

export function fitText(text: string, box: FitBox, measure: MeasureText): FittedText {
  const words = tidyText(text).split(' ').filter(Boolean);
  const smallest = box.sizes[box.sizes.length - 1] ?? 16;
  if (words.length === 0) return { size: box.sizes[0] ?? smallest, lines: [] };
  const wrapped = box.sizes.map((size) => ({
    size,
    lines: wrap(words, (line) => measure(line, box.weight, size) <= box.maxWidth),
  }));
  for (let count = 1; count <= box.maxLines; count += 1) {
    const fitted = wrapped.find((candidate) => candidate.lines.length <= count);
    if (fitted) return fitted;
  }
  const lines = wrapped[wrapped.length - 1]?.lines ?? [];
  const fits = (line: string) => measure(line, box.weight, smallest) <= box.maxWidth;
  const kept = lines.slice(0, box.maxLines);
  kept[kept.length - 1] = ellipsize(lines.slice(box.maxLines - 1).join(' '), fits);
  return { size: smallest, lines: kept };
}
