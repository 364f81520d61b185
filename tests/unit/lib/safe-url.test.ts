import { describe, expect, it } from 'vitest';
import { isPublicHostname, isUploadPath, safeHref } from '../../../src/lib/safe-url.js';

describe('safeHref: values that may be linked', () => {
  it.each([
    'https://ornek.com.tr',
    'https://ornek.com.tr/',
    'http://ornek.com/yol?a=1&b=2#kisim',
    'https://instagram.com/ali.veli',
    'https://wa.me/905321234567',
    'https://xn--rnek-4qa.com',
    'HTTPS://ORNEK.COM/Yol',
    'mailto:ali@ornek.com',
    'mailto:ali@ornek.com?subject=Merhaba',
    'tel:+905321234567',
    'tel:+1-212-555-0123',
    '/uploads/12/katalog-1700000000000.pdf',
    '/uploads/3/resim.v2.webp',
  ])('%s', (value) => {
    expect(safeHref(value)).toBe(value);
  });
});

describe('safeHref: values that give no link', () => {
  it.each([
    ['javascript', 'javascript:alert(1)'],
    ['mixed case', 'JaVaScRiPt:alert(1)'],
    ['leading space', ' javascript:alert(1)'],
    ['leading space before https', ' https://ornek.com'],
    ['trailing newline', 'https://ornek.com\n'],
    ['tab inside scheme', 'java\tscript:alert(1)'],
    ['newline inside scheme', 'java\nscript:alert(1)'],
    ['NUL before scheme', '\u0000javascript:alert(1)'],
    ['zero-width space', 'https://orn\u200Bek.com'],
    ['entity in scheme', 'jav&#x61;script:alert(1)'],
    ['data', 'data:text/html,<script>alert(1)</script>'],
    ['vbscript', 'vbscript:msgbox(1)'],
    ['file', 'file:///etc/passwd'],
    ['blob', 'blob:https://ornek.com/uuid'],
    ['ftp', 'ftp://ornek.com/dosya'],
    ['sms', 'sms:+905321234567'],
    ['protocol-relative', '//evil.com'],
    ['backslash protocol-relative', '\\\\evil.com'],
    ['scheme without slashes', 'https:evil.com'],
    ['credentials', 'https://user:pass@evil.com'],
    ['user only', 'https://user@evil.com'],
    ['host without dot', 'http://localhost:3000'],
    ['IPv6 literal', 'http://[::1]/'],
    ['empty label', 'https://evil..com'],
    ['relative path', 'profil/ali'],
    ['bare domain', 'ornek.com'],
    ['other same-site path', '/admin'],
    ['uploads traversal', '/uploads/../vizit.sqlite'],
    ['uploads dotfile', '/uploads/1/.env'],
    ['uploads double slash', '/uploads//evil.com/x'],
    ['uploads backslash', '/uploads/1\\x.pdf'],
    ['uploads prefix only', '/uploadsx/1/a.pdf'],
    ['uploads folder itself', '/uploads/'],
    ['empty mailto', 'mailto:'],
    ['tel with letters', 'tel:javascript'],
    ['empty', ''],
    ['too long', `https://ornek.com/${'a'.repeat(2048)}`],
  ])('%s', (_name, value) => {
    expect(safeHref(value)).toBeNull();
  });

  it.each([null, undefined, 42, {}, ['https://ornek.com']])('non-string %j', (value) => {
    expect(safeHref(value)).toBeNull();
  });

  it('accepts exactly 2048 characters', () => {
    const base = 'https://ornek.com/';
    const value = base + 'a'.repeat(2048 - base.length);
    expect(value).toHaveLength(2048);
    expect(safeHref(value)).toBe(value);
  });
});

describe('isPublicHostname and isUploadPath', () => {
  it.each([
    ['ornek.com', true],
    ['a.b.c.com.tr', true],
    ['xn--rnek-4qa.com', true],
    ['localhost', false],
    ['ornek.com.', false],
    ['.ornek.com', false],
    ['[::1]', false],
    ['', false],
  ])('hostname %s → %s', (host, ok) => {
    expect(isPublicHostname(host)).toBe(ok);
  });

  it.each([
    ['/uploads/1/a.pdf', true],
    ['/uploads/1/a/b.png', true],
    ['/uploads/1/..', false],
    ['/uploads/1/./a.pdf', false],
    ['uploads/1/a.pdf', false],
    ['/uploads/1/a b.pdf', false],
  ])('upload path %s → %s', (value, ok) => {
    expect(isUploadPath(value)).toBe(ok);
  });
});
