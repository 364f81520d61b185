/**
 * `npm run icons`: writes src/media/icon-data.ts, the drawn icons the pages use, from the
 * icon packages (dev dependencies). Run it after changing the icon lists in src/domain/icons.ts
 * or src/domain/platforms.ts, or after updating a package; tests/unit/media/icon-data.test.ts
 * fails while the file is out of date.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ALL_ICONS, readIcons } from '../src/media/icon-reader.js';

export const ICON_DATA_FILE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  'src',
  'media',
  'icon-data.ts',
);

/** The module's text: one icon a line, so a diff shows which icon changed. */
export function iconDataSource(): string {
  const icons = [...readIcons(ALL_ICONS).values()];
  return [
    '// Written by `npm run icons` (scripts/write-icon-data.ts) from simple-icons (CC0) and',
    '// lucide-static (ISC); do not edit by hand.',
    "import type { IconView } from './icon-library.js';",
    '',
    'export const ICON_DATA: readonly IconView[] = [',
    ...icons.map((icon) => `  ${JSON.stringify(icon)},`),
    '];',
    '',
  ].join('\n');
}

if (/write-icon-data\.[jt]s$/.test(process.argv[1] ?? '')) {
  writeFileSync(ICON_DATA_FILE, iconDataSource());
  console.log(`wrote ${path.relative(process.cwd(), ICON_DATA_FILE)}`);
}
