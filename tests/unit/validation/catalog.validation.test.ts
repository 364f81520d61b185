import { describe, expect, it } from 'vitest';
import { isCatalogUploadPath } from '../../../src/validation/catalog.validation.js';
import { parseLinkInput } from '../../../src/validation/link.validation.js';
import { messages } from '../../../src/validation/link-messages.js';
import { errorsOf } from './link-form.js';

describe('catalog: a URL, or a file only our upload handler stored', () => {
  it('takes the upload path from the option, never from the body', () => {
    const uploadedFile = '/uploads/12/fiyat-listesi-1700000000000.pdf';
    const link = parseLinkInput({ platform: 'catalog', url: 'https://ignored.com/x.pdf', label: '' }, { uploadedFile });
    expect(link).toEqual({ platform: 'catalog', url: uploadedFile, label: 'Dijital Katalog', icon: null });
    expect(errorsOf({ platform: 'catalog', url: uploadedFile })).toEqual({ url: messages.urlProtocolRelative });
  });

  it.each([
    ['/uploads/12/katalog.pdf', true],
    ['/uploads/12/Katalog-2024.JPG', true],
    ['/uploads/1/a.jpeg', true],
    ['/uploads/1/a.b.png', true],
    ['/uploads/1/a.gif', true],
    ['/uploads/1/a.webp', true],
    ['/uploads/1/a.svg', false],
    ['/uploads/1/a.html', false],
    ['/uploads/1/a.pdf.exe', false],
    ['/uploads/x/a.pdf', false],
    ['/uploads/0/a.pdf', false],
    ['/uploads/1/../2/a.pdf', false],
    ['/uploads/1/.a.pdf', false],
    ['/uploads/1/a..pdf', false],
    ['/uploads/1/sub/a.pdf', false],
    ['https://ornek.com/uploads/1/a.pdf', false],
    ['/uploads/1/a b.pdf', false],
  ])('%s → %s', (path, ok) => {
    expect(isCatalogUploadPath(path)).toBe(ok);
    if (!ok)
      expect(errorsOf({ platform: 'catalog' }, { uploadedFile: path })).toEqual({ url: messages.catalogFileInvalid });
  });
});
