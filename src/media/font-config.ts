/**
 * Text that sharp draws (the SVG of the sharing image, rasterised by libvips through librsvg and
 * pango) finds its fonts through fontconfig, which reads FONTCONFIG_FILE once, the first time
 * the process draws text. Ours (src/assets/fonts/fonts.conf) lists only the fonts we ship, so
 * the image is the same on every machine, with or without fonts installed, and an operator's
 * FONTCONFIG_FILE is overridden on purpose.
 *
 * Imported for its effect: first of all by src/server.ts, before sharp is loaded, and by the
 * sharing image's renderer, so a test or a tool that draws without the server sets it too.
 */
import path from 'node:path';
import { printFontsDir } from '../lib/paths.js';

export const FONT_CONFIG_FILE = path.join(printFontsDir, 'fonts.conf');

process.env.FONTCONFIG_FILE = FONT_CONFIG_FILE;
