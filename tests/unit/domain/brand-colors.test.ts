import { describe, expect, it } from 'vitest';
import {
  accentCss,
  contrastRatio,
  darkVariant,
  lightContrast,
  MIN_CONTRAST,
} from '../../../src/domain/brand-colors.js';

const tokens = (css: string) =>
  Object.fromEntries([...css.matchAll(/--([a-z-]+):(#[0-9a-f]{6})/g)].map((m) => [m[1], m[2]]));

describe('brand colours', () => {
  it('measures contrast as WCAG does', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
  });

  it('takes the weakest light ground, so a colour passing it passes under white text and on every light ground', () => {
    expect(lightContrast('#0f766e')).toBeLessThan(contrastRatio('#0f766e', '#ffffff'));
    expect(lightContrast('#0f766e')).toBeGreaterThanOrEqual(MIN_CONTRAST);
    expect(lightContrast('#ffcc00')).toBeLessThan(MIN_CONTRAST);
  });

  it('lightens a dark accent for the dark theme until it passes there, and leaves a light enough one alone', () => {
    const dark = darkVariant('#1d4ed8');
    expect(contrastRatio(dark, '#1e2330')).toBeGreaterThanOrEqual(MIN_CONTRAST);
    expect(contrastRatio(dark, '#0d1017')).toBeGreaterThanOrEqual(MIN_CONTRAST);
    expect(darkVariant('#000000')).not.toBe('#000000');
  });

  it('keeps every pair of tokens readable in both themes, for every accent the form accepts', () => {
    for (let v = 0; v < 0x1000000; v += 9973) {
      const accent = `#${v.toString(16).padStart(6, '0')}`;
      if (lightContrast(accent) < MIN_CONTRAST) continue;
      const [light, night] = accentCss(accent).split('@media').map(tokens) as [
        Record<string, string>,
        Record<string, string>,
      ];
      expect(light.brand).toBe(accent);
      for (const [text, ground] of [
        ['on-brand', 'brand'],
        ['on-brand', 'brand-strong'],
        ['brand-strong', 'brand-soft'],
      ] as const) {
        expect(
          contrastRatio(light[text]!, light[ground]!),
          `${accent} light ${text} on ${ground}`,
        ).toBeGreaterThanOrEqual(MIN_CONTRAST);
        expect(
          contrastRatio(night[text]!, night[ground]!),
          `${accent} dark ${text} on ${ground}`,
        ).toBeGreaterThanOrEqual(MIN_CONTRAST);
      }
      expect(contrastRatio(night.brand!, night['brand-soft']!)).toBeGreaterThanOrEqual(MIN_CONTRAST);
    }
  });

  it('writes nothing for no accent or a malformed one, and only hex colours otherwise', () => {
    expect(accentCss(null)).toBe('');
    expect(accentCss('red;}body{x')).toBe('');
    expect(accentCss('#0f766e')).toMatch(/^[:;{}().#@a-z0-9 _-]+$/);
  });
});
