import { describe, expect, it } from 'vitest';
import { attachmentHeader } from '../../../src/http/attachment.js';

describe('attachmentHeader', () => {
  it('gives the ASCII name to old clients and the Turkish one as UTF-8 (RFC 8187)', () => {
    expect(attachmentHeader('Masa kartı - Ayşe Kaya.pdf', 'masa-karti-ayse-kaya.pdf')).toBe(
      'attachment; filename="masa-karti-ayse-kaya.pdf"; ' +
        "filename*=UTF-8''Masa%20kart%C4%B1%20-%20Ay%C5%9Fe%20Kaya.pdf",
    );
  });

  it('keeps quotes, backslashes and non-ASCII out of the plain name, and escapes what RFC 8187 reserves', () => {
    const header = attachmentHeader("Kartvizitler (12) 'İ'*.pdf", 'a"b\\cş.pdf');
    expect(header).toContain('filename="a_b_c_.pdf"');
    expect(header).toContain("filename*=UTF-8''Kartvizitler%20%2812%29%20%27%C4%B0%27%2A.pdf");
    expect(decodeURIComponent(header.split("UTF-8''")[1]!)).toBe("Kartvizitler (12) 'İ'*.pdf");
  });
});
