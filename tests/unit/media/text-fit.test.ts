import { describe, expect, it } from 'vitest';
import { fitText, tidyText } from '../../../src/media/text-fit.js';
import { measureNotoSans, type MeasureText } from '../../../src/media/text-width.js';

/** Every letter half a size wide: widths a reader can check by counting. */
const halfEm: MeasureText = (text, _weight, size) => Array.from(text).length * size * 0.5;

describe('fitText', () => {
  it('keeps a short text on one line at the largest size', () => {
    expect(fitText('Ayşe Kaya', { weight: 'bold', sizes: [80, 60], maxWidth: 400, maxLines: 2 }, halfEm)).toEqual({
      size: 80,
      lines: ['Ayşe Kaya'],
    });
  });

  it('shrinks to keep a text on one line before it wraps it', () => {
    // 15 letters: 600 px at 80, 450 at 60.
    expect(fitText('Şükran Çağlayan', { weight: 'bold', sizes: [80, 60], maxWidth: 460, maxLines: 2 }, halfEm)).toEqual(
      { size: 60, lines: ['Şükran Çağlayan'] },
    );
  });

  it('wraps between words at the largest size that fits the lines allowed', () => {
    // 25 letters a line at 40 (three lines), 33 at 30 (two).
    const fitted = fitText(
      'Kurumsal İletişim ve Sürdürülebilirlik Direktörü',
      { weight: 'regular', sizes: [40, 30], maxWidth: 500, maxLines: 2 },
      halfEm,
    );
    expect(fitted).toEqual({ size: 30, lines: ['Kurumsal İletişim ve', 'Sürdürülebilirlik Direktörü'] });
  });

  it('cuts the last line short with an ellipsis when even the smallest size needs more lines', () => {
    const fitted = fitText(
      'bir iki üç dört beş altı yedi sekiz dokuz on',
      { weight: 'regular', sizes: [40, 20], maxWidth: 100, maxLines: 2 },
      halfEm,
    );
    expect(fitted.size).toBe(20);
    // Ten letters a line, the ellipsis one of them.
    expect(fitted.lines).toEqual(['bir iki üç', 'dört beş…']);
  });

  it('breaks a word longer than a line between its letters', () => {
    const fitted = fitText(
      'Kahramanmaraşlıoğulları',
      { weight: 'bold', sizes: [20], maxWidth: 100, maxLines: 3 },
      halfEm,
    );
    expect(fitted.lines).toEqual(['Kahramanma', 'raşlıoğull', 'arı']);
  });

  it('tidies what it fits: NFC, one space between words, none at the ends; nothing for blank text', () => {
    expect(tidyText('  Ays\u0327e \n\t Kaya ')).toBe('Ayşe Kaya');
    expect(fitText('  \n ', { weight: 'bold', sizes: [40, 20], maxWidth: 100, maxLines: 2 }, halfEm)).toEqual({
      size: 40,
      lines: [],
    });
  });

  it('measures with the fonts we ship: bold is wider than regular, and the width grows with the size', () => {
    const regular = measureNotoSans('Ayşe Yılmaz Öztürk', 'regular', 40);
    expect(regular).toBeGreaterThan(300);
    expect(regular).toBeLessThan(400);
    expect(measureNotoSans('Ayşe Yılmaz Öztürk', 'bold', 40)).toBeGreaterThan(regular);
    expect(measureNotoSans('Ayşe Yılmaz Öztürk', 'regular', 80)).toBeCloseTo(regular * 2, 5);
  });
});
