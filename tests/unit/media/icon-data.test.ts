import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ICON_DATA_FILE, iconDataSource } from '../../../scripts/write-icon-data.js';
import { loadIconLibrary } from '../../../src/media/icon-library.js';
import { ALL_ICONS } from '../../../src/media/icon-reader.js';
import { iconKey } from '../../../src/domain/icons.js';

describe('src/media/icon-data.ts', () => {
  it('is what `npm run icons` writes from the installed icon packages (run it when this fails)', () => {
    expect(readFileSync(ICON_DATA_FILE, 'utf8')).toBe(iconDataSource());
  });

  it('gives the server every icon a page can ask for', () => {
    const library = loadIconLibrary();
    expect(ALL_ICONS.map(iconKey).filter((key) => !library.get(key))).toEqual([]);
  });
});
