/**
 * Text that sharp draws uses only the fonts we ship (media/font-config.ts): on this machine,
 * which has system fonts of its own (DejaVu), and anywhere else. The control draws the same SVG
 * in a process with the machine's own fontconfig, to show the checks can tell the difference.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { FONT_CONFIG_FILE } from '../../../src/media/font-config.js';
import { measureNotoSans } from '../../../src/media/text-width.js';

const TURKISH = 'Şükran Çağlayan İğdır Ilgın Öztürk';

function svgOf(family: string, text = TURKISH): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="80"><rect width="1000" height="80" ` +
    `fill="#fff"/><text x="10" y="56" font-family="${family}" font-size="40" font-weight="700" ` +
    `fill="#000">${text}</text></svg>`
  );
}

const pixelsOf = async (svg: string) => sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer();

/** The width of the ink on the white ground. */
async function inkWidth(svg: string): Promise<number> {
  const { info } = await sharp(Buffer.from(svg))
    .flatten({ background: '#ffffff' })
    .trim({ background: '#ffffff', threshold: 10 })
    .toBuffer({ resolveWithObject: true });
  return info.width;
}

/** The SVG drawn by a fresh Node process with the machine's own fontconfig (no FONTCONFIG_FILE). */
async function drawnWithSystemFonts(svg: string): Promise<Buffer> {
  const env = { ...process.env };
  delete env.FONTCONFIG_FILE;
  const script =
    "const sharp = require('sharp'); sharp(Buffer.from(process.argv[1])).removeAlpha().raw().toBuffer()." +
    "then((b) => process.stdout.write(b.toString('base64')));";
  const { stdout } = await promisify(execFile)(process.execPath, ['-e', script, svg], {
    env,
    maxBuffer: 64 * 1024 * 1024,
  });
  return Buffer.from(stdout, 'base64');
}

describe('the fonts sharp draws text with', () => {
  it('are named by our fonts.conf, set for the process', () => {
    expect(process.env.FONTCONFIG_FILE).toBe(FONT_CONFIG_FILE);
    expect(FONT_CONFIG_FILE).toMatch(/src[\\/]assets[\\/]fonts[\\/]fonts\.conf$/);
  });

  it('are ours only: a family we do not ship is drawn in Noto Sans, pixel for pixel', async () => {
    const noto = await pixelsOf(svgOf('Noto Sans'));
    expect((await pixelsOf(svgOf('DejaVu Sans'))).equals(noto)).toBe(true);
    expect((await pixelsOf(svgOf('serif'))).equals(noto)).toBe(true);
  });

  it('draw Turkish letters as Noto Sans lays them out, not as missing-glyph boxes', async () => {
    // The ink spans the letters' advance widths but for the side bearings of the first and last letter.
    const expected = measureNotoSans(TURKISH, 'bold', 40);
    expect(Math.abs((await inkWidth(svgOf('Noto Sans'))) - expected)).toBeLessThan(expected * 0.03);
    // Each accented letter differs from its plain twin (a box would look the same for all).
    const plain = await pixelsOf(svgOf('Noto Sans', 'S g I C O U'));
    expect((await pixelsOf(svgOf('Noto Sans', 'Ş ğ İ Ç Ö Ü'))).equals(plain)).toBe(false);
  });

  it('differ from what the machine itself would draw (the control)', async () => {
    const svg = svgOf('DejaVu Sans');
    expect((await drawnWithSystemFonts(svg)).equals(await pixelsOf(svg))).toBe(false);
  });
});
