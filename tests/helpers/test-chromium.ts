/**
 * The Chromium the browser tests drive, and the fonts it draws with.
 *
 * The browser: CHROMIUM_PATH when set, else Debian's /usr/bin/chromium when present, else the
 * headless Chromium the @sparticuz/chromium package ships (unpacked once into the temp folder).
 * Nothing is ever downloaded at run time.
 *
 * The fonts: the same on every machine, whichever browser runs, so screenshots and contrast
 * checks agree: Noto Sans (Turkish letters) and Noto Emoji, both TrueType files shipped by npm
 * packages, named in a fontconfig file of our own that leaves the machine's fonts out.
 */
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

export interface TestChromium {
  executablePath: string;
  source: 'CHROMIUM_PATH' | 'debian' | 'npm';
}

const DEBIAN_CHROMIUM = '/usr/bin/chromium';

export async function findChromium(): Promise<TestChromium> {
  const configured = process.env.CHROMIUM_PATH;
  if (configured) {
    if (!existsSync(configured)) throw new Error(`CHROMIUM_PATH names ${configured}, which does not exist`);
    return { executablePath: configured, source: 'CHROMIUM_PATH' };
  }
  if (existsSync(DEBIAN_CHROMIUM)) return { executablePath: DEBIAN_CHROMIUM, source: 'debian' };
  const { default: packaged } = await import('@sparticuz/chromium');
  return { executablePath: await packaged.executablePath(), source: 'npm' };
}

const require = createRequire(import.meta.url);

/** The folders holding the TrueType files, from the installed font packages. */
function fontFolders(): string[] {
  const sans = path.dirname(require.resolve('@expo-google-fonts/noto-sans/package.json'));
  const emoji = path.dirname(require.resolve('@expo-google-fonts/noto-emoji/package.json'));
  return [
    ...['400Regular', '400Regular_Italic', '500Medium', '600SemiBold', '700Bold'].map((w) => path.join(sans, w)),
    path.join(emoji, '400Regular'),
  ];
}

/** Writes the tests' fontconfig file (every generic family is Noto Sans) and returns its path. */
export async function writeFontConfig(): Promise<string> {
  const dir = path.join(os.tmpdir(), `vizit-test-fonts-${process.getuid?.() ?? 'user'}`);
  await mkdir(path.join(dir, 'cache'), { recursive: true });
  const aliases = ['sans-serif', 'serif', 'monospace', 'system-ui', 'ui-monospace']
    .map(
      (family) =>
        `  <alias binding="same"><family>${family}</family><prefer><family>Noto Sans</family><family>Noto ` +
        `Emoji</family></prefer></alias>`,
    )
    .join('\n');
  const file = path.join(dir, 'fonts.conf');
  await writeFile(
    file,
    `<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "fonts.dtd">
<fontconfig>
${fontFolders()
  .map((folder) => `  <dir>${folder}</dir>`)
  .join('\n')}
  <cachedir>${path.join(dir, 'cache')}</cachedir>
${aliases}
</fontconfig>
`,
  );
  return file;
}
