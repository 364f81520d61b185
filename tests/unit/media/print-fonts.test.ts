import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ARABIC_FONT_FEATURES,
  ARABIC_FONT_SOURCES,
  charactersOf,
  PRINT_FONT_FEATURES,
  PRINT_FONT_LICENSE,
  PRINT_FONT_SOURCES,
  printFontBytes,
  sourceFontBytes,
} from '../../../scripts/write-print-fonts.js';
import { printFontsDir } from '../../../src/lib/paths.js';

/** The print kit's fonts as fontkit, the parser pdfkit uses, reads them. */

const require = createRequire(import.meta.url);

interface LayoutTable {
  featureList: Array<{ tag: string }>;
}
interface Font {
  directory: { tables: Record<string, unknown> };
  GSUB?: LayoutTable;
  GPOS?: LayoutTable;
  glyphForCodePoint(codePoint: number): { advanceWidth: number };
  layout(text: string): { positions: Array<{ xAdvance: number }> };
}
const fontkit = require('fontkit') as { create(data: Buffer): Font };

const fonts = Object.values(PRINT_FONT_SOURCES).map(({ file, source }) => ({
  file,
  ours: readFileSync(path.join(printFontsDir, file)),
  original: sourceFontBytes(source),
}));

describe('src/assets/fonts', () => {
  it('is what `npm run fonts` writes from the installed Noto Sans (run it when this fails)', async () => {
    for (const { file, ours, original } of fonts) {
      expect(ours.equals(await printFontBytes(original)), file).toBe(true);
    }
    expect(readFileSync(path.join(printFontsDir, PRINT_FONT_LICENSE), 'utf8')).toContain('SIL Open Font License');
  });

  it('keeps every character Noto Sans has, so every name that printed before still prints', () => {
    for (const { file, ours, original } of fonts) {
      const characters = charactersOf(ours);
      expect(characters, file).toBe(charactersOf(original));
      for (const character of 'İıĞğŞşÇçÖöÜü₺ΑΩЖж') expect(characters).toContain(character);
    }
  });

  it('keeps kerning as its only layout feature, and no hinting programs', () => {
    for (const { file, ours, original } of fonts) {
      const font = fontkit.create(ours);
      const features = new Set(
        [...(font.GSUB?.featureList ?? []), ...(font.GPOS?.featureList ?? [])].map((feature) => feature.tag),
      );
      expect([...features], file).toEqual([...PRINT_FONT_FEATURES]);
      expect(Object.keys(font.directory.tables)).not.toContain('fpgm');
      expect(Object.keys(font.directory.tables)).not.toContain('prep');
      // The original has more: this test would notice a cut that kept everything.
      expect(fontkit.create(original).GSUB?.featureList.length).toBeGreaterThan(1);
    }
  });

  it('kerns: A before V is set closer than its own width', () => {
    for (const { file, ours } of fonts) {
      const font = fontkit.create(ours);
      const [a] = font.layout('AV').positions;
      expect(a!.xAdvance, file).toBeLessThan(font.glyphForCodePoint(0x41).advanceWidth);
    }
  });

  it('has Noto Sans Arabic as `npm run fonts` writes it, with its joining forms and no decomposition', async () => {
    for (const { file, source } of Object.values(ARABIC_FONT_SOURCES)) {
      const ours = readFileSync(path.join(printFontsDir, file));
      expect(ours.equals(await printFontBytes(sourceFontBytes(source), ARABIC_FONT_FEATURES)), file).toBe(true);
      const font = fontkit.create(ours);
      const gsub = new Set((font.GSUB?.featureList ?? []).map((feature) => feature.tag));
      // The dotted letters stay whole glyphs, so a PDF's text layer reads each one back as itself.
      expect(gsub.has('ccmp'), file).toBe(false);
      for (const tag of ['init', 'medi', 'fina']) expect(gsub.has(tag), `${file} ${tag}`).toBe(true);
    }
  });
});
