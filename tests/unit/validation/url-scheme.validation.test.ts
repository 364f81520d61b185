import { describe, expect, it } from 'vitest';
import { safeHref } from '../../../src/lib/safe-url.js';
import { messages } from '../../../src/validation/link-messages.js';
import { revealScheme } from '../../../src/validation/url-scheme.validation.js';
import { errorsOf, urlOf } from './link-form.js';

describe('hostile URLs are refused on every platform', () => {
  const hostile = [
    'javascript:alert(1)',
    ' JaVaScRiPt:alert(1)',
    '\tjavascript:alert(1)\n',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    'java\u0000script:alert(1)',
    '\u0001javascript:alert(1)',
    'jav&#x61;script:alert(1)',
    '&#106;avascript:alert(1)',
    '&#x6A&#x61&#x76&#x61script:alert(1)',
    '&amp;#106;avascript:alert(1)',
    'javascript&colon;alert(1)',
    '%6A%61%76%61script:alert(1)',
    'javascript%3Aalert(1)',
    'ｊａｖａｓｃｒｉｐｔ:alert(1)',
    'java\u200Bscript:alert(1)',
    'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    'DATA:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'blob:https://ornek.com/1',
    'about:blank',
  ];
  const platforms = [
    'website',
    'custom',
    'maps',
    'catalog',
    'instagram',
    'twitter',
    'github',
    'whatsapp',
    'phone',
    'email',
    'location',
  ];

  it.each(hostile)('%j', (value) => {
    for (const platform of platforms) {
      const errors = errorsOf({ platform, url: value });
      expect(Object.keys(errors), `${platform}`).toEqual(['url']);
    }
  });

  it.each(['//evil.com', '//evil.com/x', '\\\\evil.com', '/\\evil.com', '/uploads/1/katalog.pdf'])(
    'protocol-relative or same-site %j',
    (value) => {
      for (const platform of ['website', 'custom', 'catalog']) {
        expect(errorsOf({ platform, url: value })).toEqual({ url: messages.urlProtocolRelative });
      }
    },
  );

  it.each([
    ['jav&#x61;script:alert(1)', 'javascript'],
    ['&#106;avascript:', 'javascript'],
    ['%6A%61vascript:', 'javascript'],
    ['  Java\tScript :', 'javascript'],
    ['https://ornek.com', 'https'],
    ['ornek.com:8080', null],
    ['ali.veli', null],
  ])('revealScheme(%j) → %s', (value, scheme) => {
    expect(revealScheme(value)).toBe(scheme);
  });

  it('refuses other schemes outright: only http, https, mailto and tel', () => {
    for (const value of [
      'ftp://ornek.com',
      'sms:+905321234567',
      'whatsapp://send?phone=905321234567',
      'intent://x',
      'ws://ornek.com',
    ]) {
      expect(errorsOf({ platform: 'custom', url: value }), value).toEqual({ url: messages.urlForbiddenScheme });
    }
  });

  it('refuses invisible characters inside an otherwise valid URL', () => {
    expect(errorsOf({ platform: 'website', url: 'https://orn\u200Bek.com' })).toEqual({ url: messages.urlInvisible });
    expect(errorsOf({ platform: 'website', url: 'https://ornek.com/\u202Efdp.exe' })).toEqual({
      url: messages.urlInvisible,
    });
  });

  it('every stored link value also passes the render-time fence', () => {
    const cases: Array<[string, string]> = [
      ['website', 'ornek.com.tr'],
      ['instagram', '@ali'],
      ['whatsapp', '0532 123 45 67'],
      ['phone', '0532 123 45 67'],
      ['email', 'ali@ornek.com'],
      ['maps', 'https://g.page/r/x/review'],
      ['custom', 'https://örnek.com/a b'],
    ];
    for (const [platform, input] of cases) {
      const stored = urlOf(platform, input);
      expect(safeHref(stored), `${platform} ${stored}`).toBe(stored);
    }
  });
});
