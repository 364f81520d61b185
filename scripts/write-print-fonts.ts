/**
 * `npm run fonts`: writes the print kit's fonts, src/assets/fonts/, from Noto Sans as the
 * @expo-google-fonts/noto-sans package ships it (a dev dependency), with harfbuzz's subsetter.
 *
 * Every character the font has is kept, so whatever prints today still prints. What goes is what
 * a PDF of names and addresses never uses but fontkit would parse into memory on every print:
 * the layout features other than kerning (mark positioning, ligatures, localised forms: 7 of the
 * 9 MB two parsed fonts took) and the hinting programs, which viewers and printers ignore in a
 * PDF. Text reaches the layout in NFC (print-layout.ts), so accented letters are single glyphs and
 * need no mark positioning (docs/architecture.md, Memory).
 *
 * tests/unit/media/print-fonts.test.ts fails while the files differ from what this writes.
 */
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import subsetFont from 'subset-font';
import { printFontsDir } from '../src/lib/paths.js';
import { SHIPPED_ARABIC_FONT_FILES, SHIPPED_FONT_FILES } from '../src/media/shipped-fonts.js';

const require = createRequire(import.meta.url);

/** The layout features the print kit keeps. */
export const PRINT_FONT_FEATURES = ['kern'] as const;

/** Each font we write and the file of the package it is made from. */
export const PRINT_FONT_SOURCES = {
  regular: {
    file: SHIPPED_FONT_FILES.regular,
    source: '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
  },
  bold: { file: SHIPPED_FONT_FILES.bold, source: '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf' },
} as const;

/**
 * Noto Sans Arabic, for a price list printed in Arabic (docs/product.md, Languages): its letters take a form by their
 * neighbours, so it keeps the features fontkit shapes Arabic with (forms, ligatures, marks) beside kerning.
 */
export const ARABIC_FONT_FEATURES = [
  'kern',
  'isol',
  'init',
  'medi',
  'fina',
  'liga',
  'rlig',
  'curs',
  'mark',
  'mkmk',
] as const;

export const ARABIC_FONT_SOURCES = {
  regular: {
    file: SHIPPED_ARABIC_FONT_FILES.regular,
    source: '@expo-google-fonts/noto-sans-arabic/400Regular/NotoSansArabic_400Regular.ttf',
  },
  bold: {
    file: SHIPPED_ARABIC_FONT_FILES.bold,
    source: '@expo-google-fonts/noto-sans-arabic/700Bold/NotoSansArabic_700Bold.ttf',
  },
} as const;

/** The font's licence, which has to travel with the files (SIL OFL 1.1). */
const LICENSE_SOURCE = '@expo-google-fonts/noto-sans/LICENSE_FONT';
export const PRINT_FONT_LICENSE = 'OFL.txt';

export function sourceFontBytes(source: string): Buffer {
  return readFileSync(require.resolve(source));
}

/** Every character `font` maps to a glyph, as one string. */
export function charactersOf(font: Buffer): string {
  const fontkit = require('fontkit') as { create(data: Buffer): { characterSet: number[] } };
  return String.fromCodePoint(...fontkit.create(font).characterSet);
}

/** The print kit's cut of `source`: all of its characters, kerning the only layout feature, no hinting. */
export async function printFontBytes(
  source: Buffer,
  features: readonly string[] = PRINT_FONT_FEATURES,
): Promise<Buffer> {
  return subsetFont(source, charactersOf(source), {
    targetFormat: 'truetype',
    keepFeatures: [...features],
    noHinting: true,
  });
}

async function writePrintFonts(): Promise<void> {
  for (const { file, source } of Object.values(PRINT_FONT_SOURCES)) {
    const bytes = await printFontBytes(sourceFontBytes(source));
    writeFileSync(path.join(printFontsDir, file), bytes);
    console.log(`${file}: ${Math.round(bytes.length / 1024)} KB`);
  }
  for (const { file, source } of Object.values(ARABIC_FONT_SOURCES)) {
    const bytes = await printFontBytes(sourceFontBytes(source), ARABIC_FONT_FEATURES);
    writeFileSync(path.join(printFontsDir, file), bytes);
    console.log(`${file}: ${Math.round(bytes.length / 1024)} KB`);
  }
  copyFileSync(require.resolve(LICENSE_SOURCE), path.join(printFontsDir, PRINT_FONT_LICENSE));
}

if (/write-print-fonts\.[jt]s$/.test(process.argv[1] ?? '')) {
  await writePrintFonts();
}
