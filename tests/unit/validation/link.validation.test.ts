import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../../src/errors.js';
import { safeHref } from '../../../src/lib/safe-url.js';
import {
  isCatalogUploadPath,
  isValidIban,
  messages,
  normalizeAccountHolder,
  normalizeEmailAddress,
  normalizeIban,
  normalizePhoneNumber,
  normalizeWebUrl,
  normalizeWhatsApp,
  parseIbanFields,
  parseLinkInput,
  revealScheme,
  type LinkInputOptions,
} from '../../../src/validation/link.validation.js';

type Body = Record<string, unknown>;

function urlOf(platform: string, url: unknown): string {
  return parseLinkInput({ platform, url }).url;
}

function errorsOf(body: Body, options?: LinkInputOptions): Record<string, string> {
  try {
    parseLinkInput(body, options);
  } catch (err) {
    if (err instanceof ValidationError) return { ...err.fields };
    throw err;
  }
  throw new Error(`expected a ValidationError for ${JSON.stringify(body)}`);
}

/** Reference mod-97 with BigInt, independent of the implementation under test. */
function ibanWithCheckDigits(bban: string): string {
  const numeric = `${bban}TR00`.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  const check = 98n - (BigInt(numeric) % 97n);
  return `TR${check.toString().padStart(2, '0')}${bban}`;
}

describe('social platforms: bare names become profile URLs', () => {
  it.each([
    ['instagram', 'ali.veli', 'https://instagram.com/ali.veli'],
    ['instagram', '@ali_veli', 'https://instagram.com/ali_veli'],
    ['instagram', '  @kafe34  ', 'https://instagram.com/kafe34'],
    ['instagram', 'a'.repeat(30), `https://instagram.com/${'a'.repeat(30)}`],
    ['tiktok', '@berber.ali', 'https://tiktok.com/@berber.ali'],
    ['tiktok', 'kafe34', 'https://tiktok.com/@kafe34'],
    ['twitter', '@Vizit_TR', 'https://x.com/Vizit_TR'],
    ['twitter', 'a'.repeat(15), `https://x.com/${'a'.repeat(15)}`],
    ['github', 'octo-cat', 'https://github.com/octo-cat'],
    ['github', '@octocat', 'https://github.com/octocat'],
    ['telegram', '@kafe_34', 'https://t.me/kafe_34'],
    ['youtube', '@KafeKanal', 'https://youtube.com/@KafeKanal'],
    ['youtube', 'kafe.kanal-34', 'https://youtube.com/@kafe.kanal-34'],
    ['facebook', 'kafe.istanbul', 'https://facebook.com/kafe.istanbul'],
    ['linkedin', 'ayse-yilmaz-34', 'https://linkedin.com/in/ayse-yilmaz-34'],
    ['spotify', 'kafe34', 'https://open.spotify.com/user/kafe34'],
    ['discord', 'AbCd123', 'https://discord.gg/AbCd123'],
  ])('%s %j → %s', (platform, input, expected) => {
    expect(urlOf(platform, input)).toBe(expected);
  });
});

describe('social platforms: URLs on the platform’s own hosts are kept (as https)', () => {
  it.each([
    ['instagram', 'https://www.instagram.com/ali.veli/', 'https://www.instagram.com/ali.veli/'],
    ['instagram', 'http://instagram.com/ali', 'https://instagram.com/ali'],
    ['instagram', 'instagram.com/ali', 'https://instagram.com/ali'],
    ['instagram', 'https://www.instagram.com/ali?igsh=abc', 'https://www.instagram.com/ali?igsh=abc'],
    ['tiktok', 'https://www.tiktok.com/@ali', 'https://www.tiktok.com/@ali'],
    ['tiktok', 'vm.tiktok.com/ZMabc/', 'https://vm.tiktok.com/ZMabc/'],
    ['twitter', 'https://twitter.com/ali', 'https://twitter.com/ali'],
    ['twitter', 'x.com/ali', 'https://x.com/ali'],
    ['youtube', 'https://www.youtube.com/channel/UC123', 'https://www.youtube.com/channel/UC123'],
    ['youtube', 'youtu.be/dQw4w9WgXcQ', 'https://youtu.be/dQw4w9WgXcQ'],
    ['facebook', 'https://m.facebook.com/kafe34', 'https://m.facebook.com/kafe34'],
    ['facebook', 'fb.me/kafe34', 'https://fb.me/kafe34'],
    ['linkedin', 'https://tr.linkedin.com/in/ayse', 'https://tr.linkedin.com/in/ayse'],
    ['linkedin', 'https://www.linkedin.com/company/kafe34', 'https://www.linkedin.com/company/kafe34'],
    ['telegram', 't.me/kafe34', 'https://t.me/kafe34'],
    ['discord', 'https://discord.com/invite/abc', 'https://discord.com/invite/abc'],
    ['spotify', 'https://open.spotify.com/artist/123abc', 'https://open.spotify.com/artist/123abc'],
    ['github', 'https://github.com/octocat/hello-world', 'https://github.com/octocat/hello-world'],
    ['github', 'https://octocat.github.io', 'https://octocat.github.io'],
  ])('%s %s → %s', (platform, input, expected) => {
    expect(urlOf(platform, input)).toBe(expected);
  });
});

describe('social platforms: refused with the platform’s message', () => {
  it.each([
    ['instagram', 'https://evil.com/ali', 'Instagram'],
    ['instagram', 'https://instagram.com.evil.com/ali', 'Instagram'],
    ['instagram', 'https://evilinstagram.com/ali', 'Instagram'],
    ['instagram', 'instagram.com', 'Instagram'],
    ['instagram', 'https://www.instagram.com/', 'Instagram'],
    ['instagram', 'ali veli', 'Instagram'],
    ['instagram', '.ali', 'Instagram'],
    ['instagram', 'ali..veli', 'Instagram'],
    ['instagram', 'a'.repeat(31), 'Instagram'],
    ['instagram', '@', 'Instagram'],
    ['instagram', 'https://instagram.com:8443/ali', 'Instagram'],
    ['twitter', 'evil.com', 'X (Twitter)'],
    ['twitter', 'a'.repeat(16), 'X (Twitter)'],
    ['twitter', 'ali-veli', 'X (Twitter)'],
    ['tiktok', 'a', 'TikTok'],
    ['github', '-octocat', 'GitHub'],
    ['github', 'octo--cat', 'GitHub'],
    ['telegram', 'abc', 'Telegram'],
    ['telegram', '1kafe34', 'Telegram'],
    ['youtube', 'https://vimeo.com/123', 'YouTube'],
    ['facebook', 'abc', 'Facebook'],
    ['linkedin', 'https://linkedin.evil.com/in/x', 'LinkedIn'],
    ['spotify', 'https://evil.com/spotify', 'Spotify'],
  ])('%s %j', (platform, input, label) => {
    expect(errorsOf({ platform, url: input })).toEqual({ url: messages.social(label) });
  });

  it('uses the exact wording the brief gives for Instagram', () => {
    expect(messages.social('Instagram')).toBe('Geçerli bir Instagram kullanıcı adı veya bağlantısı girin.');
  });

  it('asks Discord for an invite', () => {
    expect(errorsOf({ platform: 'discord', url: 'https://evil.com/x' })).toEqual({ url: messages.discord });
  });
});

describe('website, custom, maps and catalog: any http(s) URL', () => {
  it.each([
    ['website', 'ornek.com.tr', 'https://ornek.com.tr'],
    ['website', 'www.ornek.com.tr/hakkimizda', 'https://www.ornek.com.tr/hakkimizda'],
    ['website', 'http://ornek.com', 'http://ornek.com'],
    ['website', 'HTTPS://Ornek.COM/Yol', 'https://ornek.com/Yol'],
    ['website', 'https://ornek.com/', 'https://ornek.com'],
    ['website', 'https://ornek.com/?q=1', 'https://ornek.com/?q=1'],
    ['website', 'ornek.com:8080/menu', 'https://ornek.com:8080/menu'],
    ['website', 'https://örnek.com.tr', 'https://xn--rnek-4qa.com.tr'],
    ['website', 'https://ornek.com/a b', 'https://ornek.com/a%20b'],
    ['website', 'https://ornek.com/"><script>', 'https://ornek.com/%22%3E%3Cscript%3E'],
    ['custom', 'ornek.com/kampanya', 'https://ornek.com/kampanya'],
    ['maps', 'https://g.page/r/CabcDEF/review', 'https://g.page/r/CabcDEF/review'],
    ['catalog', 'https://ornek.com/katalog.pdf', 'https://ornek.com/katalog.pdf'],
  ])('%s %s → %s', (platform, input, expected) => {
    expect(urlOf(platform, input)).toBe(expected);
  });

  it.each([
    ['website', 'localhost', messages.urlInvalid],
    ['website', 'http://localhost:3000', messages.urlInvalid],
    ['website', 'https://ornek', messages.urlInvalid],
    ['website', 'https://ornek..com', messages.urlInvalid],
    ['website', 'https://[::1]/', messages.urlInvalid],
    ['website', 'ornek .com', messages.urlInvalid],
    ['website', 'https:ornek.com', messages.urlInvalid],
    ['website', 'https://user:pass@ornek.com', messages.urlCredentials],
    ['website', 'https://user@ornek.com', messages.urlCredentials],
    ['website', 'mailto:ali@ornek.com', messages.urlInvalid],
    ['website', '', messages.urlRequired],
    ['website', '   ', messages.urlRequired],
    ['custom', 'tel:+905321234567', messages.urlInvalid],
    ['catalog', '', messages.catalogRequired],
    ['maps', 'ftp://ornek.com/x', messages.urlForbiddenScheme],
  ])('%s %j is refused', (platform, input, message) => {
    expect(errorsOf({ platform, url: input })).toEqual({ url: message });
  });

  it('treats a non-string url (a repeated field) as empty', () => {
    expect(errorsOf({ platform: 'website', url: ['https://a.com', 'https://b.com'] })).toEqual({ url: messages.urlRequired });
  });
});

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
  const platforms = ['website', 'custom', 'maps', 'catalog', 'instagram', 'twitter', 'github', 'whatsapp', 'phone', 'email', 'location'];

  it.each(hostile)('%j', (value) => {
    for (const platform of platforms) {
      const errors = errorsOf({ platform, url: value });
      expect(Object.keys(errors), `${platform}`).toEqual(['url']);
    }
  });

  it.each(['//evil.com', '//evil.com/x', '\\\\evil.com', '/\\evil.com', '/uploads/1/katalog.pdf'])('protocol-relative or same-site %j', (value) => {
    for (const platform of ['website', 'custom', 'catalog']) {
      expect(errorsOf({ platform, url: value })).toEqual({ url: messages.urlProtocolRelative });
    }
  });

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
    for (const value of ['ftp://ornek.com', 'sms:+905321234567', 'whatsapp://send?phone=905321234567', 'intent://x', 'ws://ornek.com']) {
      expect(errorsOf({ platform: 'custom', url: value }), value).toEqual({ url: messages.urlForbiddenScheme });
    }
  });

  it('refuses invisible characters inside an otherwise valid URL', () => {
    expect(errorsOf({ platform: 'website', url: 'https://orn\u200Bek.com' })).toEqual({ url: messages.urlInvisible });
    expect(errorsOf({ platform: 'website', url: 'https://ornek.com/\u202Efdp.exe' })).toEqual({ url: messages.urlInvisible });
  });

  it('every stored link value also passes the render-time fence', () => {
    const cases: Array<[string, string]> = [
      ['website', 'ornek.com.tr'], ['instagram', '@ali'], ['whatsapp', '0532 123 45 67'], ['phone', '0532 123 45 67'],
      ['email', 'ali@ornek.com'], ['maps', 'https://g.page/r/x/review'], ['custom', 'https://örnek.com/a b'],
    ];
    for (const [platform, input] of cases) {
      const stored = urlOf(platform, input);
      expect(safeHref(stored), `${platform} ${stored}`).toBe(stored);
    }
  });
});

describe('URL length limit (2048)', () => {
  const base = 'https://ornek.com/';
  it('accepts 2048 characters', () => {
    const value = base + 'a'.repeat(2048 - base.length);
    expect(urlOf('website', value)).toBe(value);
  });

  it('refuses 2049 characters', () => {
    const value = base + 'a'.repeat(2049 - base.length);
    expect(errorsOf({ platform: 'website', url: value })).toEqual({ url: messages.urlTooLong });
  });

  it('refuses a URL that grows past the limit once percent-encoded', () => {
    const value = base + ' '.repeat(1000) + 'x';
    expect(errorsOf({ platform: 'website', url: value })).toEqual({ url: messages.urlTooLong });
  });
});

describe('WhatsApp (CONTRACT section 3)', () => {
  it.each([
    ['0532 123 45 67', 'https://wa.me/905321234567'],
    ['05321234567', 'https://wa.me/905321234567'],
    ['5321234567', 'https://wa.me/905321234567'],
    ['(0532) 123-45-67', 'https://wa.me/905321234567'],
    ['+90 532 123 45 67', 'https://wa.me/905321234567'],
    ['90 532 123 45 67', 'https://wa.me/905321234567'],
    ['0090 532 123 45 67', 'https://wa.me/905321234567'],
    ['+49 151 23456789', 'https://wa.me/4915123456789'],
    ['wa.me/905321234567', 'https://wa.me/905321234567'],
    ['http://wa.me/905321234567?text=Merhaba', 'https://wa.me/905321234567?text=Merhaba'],
    ['https://api.whatsapp.com/send?phone=905321234567', 'https://api.whatsapp.com/send?phone=905321234567'],
  ])('%j → %s', (input, expected) => {
    expect(urlOf('whatsapp', input)).toBe(expected);
    expect(normalizeWhatsApp(input)).toBe(expected);
  });

  it.each([
    ['532 123 45', messages.whatsappTooShort],
    ['123456789', messages.whatsappTooShort],
    ['1234567890123456', messages.whatsappTooLong],
    ['', messages.whatsappRequired],
    ['https://evil.com/905321234567', messages.whatsappInvalid],
    ['https://wa.me/', messages.whatsappInvalid],
    ['https://chat.whatsapp.com.evil.com/x', messages.whatsappInvalid],
    ['numaram 0532 123 45 67', messages.whatsappInvalid],
  ])('%j is refused', (input, message) => {
    expect(errorsOf({ platform: 'whatsapp', url: input })).toEqual({ url: message });
  });
});

describe('phone → tel:', () => {
  it.each([
    ['0532 123 45 67', 'tel:+905321234567'],
    ['532 123 45 67', 'tel:+905321234567'],
    ['0212 555 12 12', 'tel:+902125551212'],
    ['212 555 12 12', 'tel:+902125551212'],
    ['0850 222 33 44', 'tel:+908502223344'],
    ['+90 (532) 123-45-67', 'tel:+905321234567'],
    ['905321234567', 'tel:+905321234567'],
    ['0090 532 123 45 67', 'tel:+905321234567'],
    ['+1 212 555 0123', 'tel:+12125550123'],
    ['0049 30 1234567', 'tel:+49301234567'],
    ['tel:+905321234567', 'tel:+905321234567'],
    ['TEL:0532.123.45.67', 'tel:+905321234567'],
  ])('%j → %s', (input, expected) => {
    expect(urlOf('phone', input)).toBe(expected);
  });

  it.each([
    ['0532 123 45', messages.phoneTooShort],
    ['123456789', messages.phoneTooShort],
    ['+90 532 123 45 6', messages.phoneInvalid],
    ['+90 532 123 45 678', messages.phoneInvalid],
    ['01234567890', messages.phoneInvalid],
    ['1234567890', messages.phoneInvalid],
    ['+1234567890123456', messages.phoneTooLong],
    ['0532-ARA-MA', messages.phoneInvalid],
    ['532+1234567', messages.phoneInvalid],
    ['', messages.phoneRequired],
  ])('%j is refused', (input, message) => {
    expect(errorsOf({ platform: 'phone', url: input })).toEqual({ url: message });
  });

  it('can be used for the profile phone field with its own key', () => {
    expect(normalizePhoneNumber('0532 123 45 67', 'phone')).toBe('+905321234567');
    expect(() => normalizePhoneNumber('12', 'phone')).toThrow(ValidationError);
    try {
      normalizePhoneNumber('12', 'phone');
    } catch (err) {
      expect((err as ValidationError).fields).toEqual({ phone: messages.phoneTooShort });
    }
  });
});

describe('e-mail → mailto:', () => {
  it.each([
    ['ali@ornek.com', 'mailto:ali@ornek.com'],
    ['  Ali.Veli@Ornek.COM.TR ', 'mailto:Ali.Veli@ornek.com.tr'],
    ['mailto:info@ornek.com', 'mailto:info@ornek.com'],
    ['ali+kafe@ornek.com', 'mailto:ali+kafe@ornek.com'],
    ['ali@örnek.com', 'mailto:ali@xn--rnek-4qa.com'],
  ])('%j → %s', (input, expected) => {
    expect(urlOf('email', input)).toBe(expected);
  });

  it.each([
    'ali', 'ali@', '@ornek.com', 'ali@ornek', 'ali@@ornek.com', 'ali veli@ornek.com', 'ali@ornek..com', '.ali@ornek.com',
    'ali.@ornek.com', 'ali@ornek.com?cc=evil@evil.com', 'ali@ornek.com/x', 'ali@-ornek.com', 'çağrı@ornek.com',
    `${'a'.repeat(65)}@ornek.com`, 'ali@ornek.c',
  ])('%j is refused', (input) => {
    expect(errorsOf({ platform: 'email', url: input })).toEqual({ url: messages.emailInvalid });
  });

  it('refuses an empty address', () => {
    expect(errorsOf({ platform: 'email', url: '' })).toEqual({ url: messages.emailRequired });
  });

  it('gives the bare address for the profile e-mail field', () => {
    expect(normalizeEmailAddress('Info@Kafe.COM', 'email')).toBe('Info@kafe.com');
  });
});

describe('location: an address or an http(s) map URL', () => {
  it.each([
    ['Moda Cad. No: 5, Kadıköy / İstanbul', 'Moda Cad. No: 5, Kadıköy / İstanbul'],
    ['  Bağdat   Cad.\n No 12  ', 'Bağdat Cad. No 12'],
    ['abc', 'abc'],
    ['https://maps.app.goo.gl/abc123', 'https://maps.app.goo.gl/abc123'],
    ['https://www.google.com/maps/place/Kad%C4%B1k%C3%B6y', 'https://www.google.com/maps/place/Kad%C4%B1k%C3%B6y'],
  ])('%j → %j', (input, expected) => {
    expect(urlOf('location', input)).toBe(expected);
  });

  it('accepts 300 characters and refuses 301', () => {
    expect(urlOf('location', 'a'.repeat(300))).toHaveLength(300);
    expect(errorsOf({ platform: 'location', url: 'a'.repeat(301) })).toEqual({ url: messages.locationTooLong });
  });

  it.each([
    ['ab', messages.locationTooShort],
    ['', messages.locationRequired],
    ['Moda\u0000Cad', messages.locationInvalid],
    ['Moda \u202ECad', messages.locationInvalid],
    ['https://localhost/x', messages.urlInvalid],
    ['http:/ornek', messages.urlInvalid],
  ])('%j is refused', (input, message) => {
    expect(errorsOf({ platform: 'location', url: input })).toEqual({ url: message });
  });
});

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
    if (!ok) expect(errorsOf({ platform: 'catalog' }, { uploadedFile: path })).toEqual({ url: messages.catalogFileInvalid });
  });
});

describe('wifi: ssid|password', () => {
  it.each([
    [{ ssid: 'Kafe34', password: '12345678' }, 'Kafe34|12345678'],
    [{ ssid: '  Kafe 34  ', password: '' }, 'Kafe 34|'],
    [{ ssid: 'Kafe', password: '   ' }, 'Kafe|'],
    [{ ssid: 'Kafe', password: ' boşluklu şifre ' }, 'Kafe| boşluklu şifre '],
    [{ ssid: 'Kafe', password: 'a|b|c|d|e' }, 'Kafe|a|b|c|d|e'],
    [{ ssid: 'a'.repeat(32), password: 'p'.repeat(63) }, `${'a'.repeat(32)}|${'p'.repeat(63)}`],
    [{ ssid: 'ğ'.repeat(16) }, `${'ğ'.repeat(16)}|`],
    [{ url: 'Kafe34|12345678' }, 'Kafe34|12345678'],
  ])('%j → %j', (fields, expected) => {
    expect(parseLinkInput({ platform: 'wifi', ...fields }).url).toBe(expected);
  });

  it.each([
    [{ ssid: '', password: '12345678' }, { ssid: messages.ssidRequired }],
    [{ ssid: 'a'.repeat(33) }, { ssid: messages.ssidTooLong }],
    [{ ssid: 'ğ'.repeat(17) }, { ssid: messages.ssidTooLong }],
    [{ ssid: 'Kafe|34' }, { ssid: messages.ssidPipe }],
    [{ ssid: 'Ka\u0007fe' }, { ssid: messages.ssidInvalid }],
    [{ ssid: 'Kafe', password: '1234567' }, { password: messages.passwordLength }],
    [{ ssid: 'Kafe', password: 'p'.repeat(64) }, { password: messages.passwordLength }],
    [{ ssid: 'Kafe', password: '1234\u00005678' }, { password: messages.passwordInvalid }],
    [{ ssid: '', password: '123' }, { ssid: messages.ssidRequired, password: messages.passwordLength }],
  ])('%j is refused', (fields, expected) => {
    expect(errorsOf({ platform: 'wifi', ...fields })).toEqual(expected);
  });
});

describe('IBAN checksum (ISO 13616 mod 97)', () => {
  const valid = [
    'TR330006100519786457841326',
    'TR320010009999901234567890',
    'TR700001200000000012345678',
    'TR290006400000112345678901',
    'TR070004600123888000123456',
    'GB82WEST12345698765432',
    'DE89370400440532013000',
  ];

  it.each(valid)('%s is valid', (iban) => {
    expect(isValidIban(iban)).toBe(true);
  });

  it.each(valid.map((iban) => [iban, `${iban.slice(0, -1)}${(Number(iban.at(-1)) + 1) % 10}`]))(
    '%s with its last digit changed (%s) is invalid',
    (_iban, changed) => {
      expect(isValidIban(changed)).toBe(false);
    },
  );

  it('agrees with a BigInt reference on generated Turkish IBANs, and catches every single-digit change', () => {
    let seed = 1234567;
    const nextDigit = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return String(seed % 10);
    };
    for (let n = 0; n < 200; n += 1) {
      const bban = Array.from({ length: 22 }, nextDigit).join('');
      const iban = ibanWithCheckDigits(bban);
      expect(isValidIban(iban), iban).toBe(true);
      const at = 4 + (n % 22);
      const digit = Number(iban[at]);
      const changed = `${iban.slice(0, at)}${(digit + 1 + (n % 9)) % 10}${iban.slice(at + 1)}`;
      expect(isValidIban(changed), changed).toBe(false);
    }
  });

  it.each(['', 'TR33', 'TR33 0006 1005 1978 6457 8413 26', 'tr330006100519786457841326', 'TR3300061005197864578413260000000000000'])(
    'a non-normalised or malformed value %j is not valid',
    (value) => {
      expect(isValidIban(value)).toBe(false);
    },
  );

  it.each([
    [' tr33 0006 1005 1978 6457 8413 26 ', 'TR330006100519786457841326'],
    ['TR33\t0006\n1005', 'TR3300061005'],
    ['ＴＲ３３', 'TR33'],
  ])('normalizeIban(%j) → %s', (raw, expected) => {
    expect(normalizeIban(raw)).toBe(expected);
  });
});

describe('IBAN link and IBAN card fields', () => {
  it('stores IBAN|holder from the two fields', () => {
    const link = parseLinkInput({ platform: 'iban', iban: 'tr33 0006 1005 1978 6457 8413 26', account_holder: '  Ayşe   Çağlar ' });
    expect(link).toEqual({ platform: 'iban', url: 'TR330006100519786457841326|Ayşe Çağlar', label: 'IBAN', icon: null });
  });

  it('accepts the stored IBAN|holder form in url', () => {
    expect(urlOf('iban', 'TR320010009999901234567890|Mehmet Öztürk')).toBe('TR320010009999901234567890|Mehmet Öztürk');
  });

  it.each([
    [{ iban: '', account_holder: 'Ali' }, { iban: messages.ibanRequired }],
    [{ iban: 'DE89370400440532013000', account_holder: 'Ali' }, { iban: messages.ibanFormat }],
    [{ iban: 'TR33000610051978645784132', account_holder: 'Ali' }, { iban: messages.ibanFormat }],
    [{ iban: 'TR3300061005197864578413266', account_holder: 'Ali' }, { iban: messages.ibanFormat }],
    [{ iban: 'TR33000610051978645784132A', account_holder: 'Ali' }, { iban: messages.ibanFormat }],
    [{ iban: 'TR330006100519786457841327', account_holder: 'Ali' }, { iban: messages.ibanChecksum }],
    [{ iban: 'TR340006100519786457841326', account_holder: 'Ali' }, { iban: messages.ibanChecksum }],
    [{ iban: 'TR330006100519786457841326', account_holder: '' }, { account_holder: messages.holderRequired }],
    [{ iban: 'TR330006100519786457841326', account_holder: '   ' }, { account_holder: messages.holderRequired }],
    [{ iban: 'TR330006100519786457841326', account_holder: 'Ali 2' }, { account_holder: messages.holderInvalid }],
    [{ iban: 'TR330006100519786457841326', account_holder: 'Ali <b>' }, { account_holder: messages.holderInvalid }],
    [{ iban: 'TR330006100519786457841326', account_holder: 'Kafe Ltd. Şti.' }, { account_holder: messages.holderInvalid }],
    [{ iban: 'TR330006100519786457841326', account_holder: 'a'.repeat(71) }, { account_holder: messages.holderTooLong }],
    [{ iban: 'x', account_holder: '' }, { iban: messages.ibanFormat, account_holder: messages.holderRequired }],
  ])('%j is refused', (fields, expected) => {
    expect(errorsOf({ platform: 'iban', ...fields })).toEqual(expected);
  });

  it.each([
    ['Ayşe Çağlar', 'Ayşe Çağlar'],
    ['İSMAİL IŞIK', 'İSMAİL IŞIK'],
    ['  Gül \t Şen  ', 'Gül Şen'],
    ['José Müller', 'José Müller'],
    ['Jose\u0301 Mu\u0308ller', 'José Müller'],
    ['Борис Ли', 'Борис Ли'],
  ])('account holder %j → %j', (raw, expected) => {
    expect(normalizeAccountHolder(raw)).toBe(expected);
    expect(parseIbanFields('TR330006100519786457841326', raw).accountHolder).toBe(expected);
  });

  it('accepts a 70-character holder', () => {
    expect(parseIbanFields('TR330006100519786457841326', 'a'.repeat(70)).accountHolder).toHaveLength(70);
  });
});

describe('label', () => {
  it.each([
    ['instagram', 'Instagram'],
    ['website', 'Web Sitesi'],
    ['phone', 'Telefon'],
    ['custom', 'Özel Link'],
    ['catalog', 'Dijital Katalog'],
  ])('on add, an empty %s label defaults to %s', (platform, label) => {
    const url = platform === 'phone' ? '05321234567' : platform === 'instagram' ? 'ali' : 'ornek.com';
    expect(parseLinkInput({ platform, url, label: '   ' }).label).toBe(label);
  });

  it('is trimmed, NFC-normalised and whitespace-collapsed', () => {
    expect(parseLinkInput({ platform: 'website', url: 'ornek.com', label: '  Menu\u0308   Sayfası ' }).label).toBe('Menü Sayfası');
  });

  it('accepts 60 characters and refuses 61', () => {
    expect(parseLinkInput({ platform: 'website', url: 'ornek.com', label: 'ş'.repeat(60) }).label).toHaveLength(60);
    expect(errorsOf({ platform: 'website', url: 'ornek.com', label: 'ş'.repeat(61) })).toEqual({ label: messages.labelTooLong });
  });

  it.each(['Menü\u0000', 'Me\u0007nü', 'Menü\u202E'])('refuses control characters in %j', (label) => {
    expect(errorsOf({ platform: 'website', url: 'ornek.com', label })).toEqual({ label: messages.labelInvalid });
  });

  it('is required on edit', () => {
    expect(errorsOf({ url: 'ornek.com', label: ' ' }, { mode: 'edit', platform: 'website' })).toEqual({ label: messages.labelRequired });
  });
});

describe('icon (custom links only)', () => {
  it.each([
    ['', '🔗'],
    ['   ', '🔗'],
    ['⭐', '⭐'],
    ['☕️', '☕️'],
    ['👨‍👩‍👧', '👨‍👩‍👧'],
    ['👨‍👩‍👧👍🏽', '👨‍👩‍👧👍🏽'],
    ['🇹🇷', '🇹🇷'],
    ['🏴󠁧󠁢󠁥󠁮󠁧󠁿🏴󠁧󠁢󠁳󠁣󠁴󠁿', '🏴󠁧󠁢󠁥󠁮󠁧󠁿🏴󠁧󠁢󠁳󠁣󠁴󠁿'],
    ['AB', 'AB'],
    [' 🍕 ', '🍕'],
  ])('%j → %j', (icon, expected) => {
    expect(parseLinkInput({ platform: 'custom', url: 'ornek.com', icon }).icon).toBe(expected);
  });

  it.each([
    ['🍕🍕🍕', messages.iconTooLong],
    ['abc', messages.iconTooLong],
    [`a${'\u0301'.repeat(40)}`, messages.iconTooLong],
    ['<b', messages.iconInvalid],
    ['>', messages.iconInvalid],
    ['a\u0000', messages.iconInvalid],
  ])('%j is refused', (icon, message) => {
    expect(errorsOf({ platform: 'custom', url: 'ornek.com', icon })).toEqual({ icon: message });
  });

  it('is dropped for every other platform', () => {
    expect(parseLinkInput({ platform: 'website', url: 'ornek.com', icon: '🍕' }).icon).toBeNull();
    expect(parseLinkInput({ platform: 'instagram', url: 'ali', icon: '<script>' }).icon).toBeNull();
  });

  it('defaults a custom link to Özel Link with the link emoji', () => {
    expect(parseLinkInput({ platform: 'custom', url: 'https://ornek.com/menu' })).toEqual({
      platform: 'custom', url: 'https://ornek.com/menu', label: 'Özel Link', icon: '🔗',
    });
  });
});

describe('platform and the whole form', () => {
  it.each([undefined, '', 'myspace', 'INSTAGRAM', '__proto__', ['instagram']])('platform %j is refused', (platform) => {
    expect(errorsOf({ platform, url: 'ali' })).toEqual({ platform: messages.platformInvalid });
  });

  it('on edit, the stored platform wins over the body', () => {
    const link = parseLinkInput({ platform: 'website', url: 'ali', label: 'Instagram hesabım' }, { mode: 'edit', platform: 'instagram' });
    expect(link).toEqual({ platform: 'instagram', url: 'https://instagram.com/ali', label: 'Instagram hesabım', icon: null });
  });

  it('reports every bad field at once', () => {
    expect(errorsOf({ platform: 'custom', url: 'javascript:alert(1)', label: 'x'.repeat(61), icon: '<<<' })).toEqual({
      url: messages.urlForbiddenScheme,
      label: messages.labelTooLong,
      icon: messages.iconInvalid,
    });
  });

  it('answers with a 422 ValidationError whose message is the first field error', () => {
    try {
      parseLinkInput({ platform: 'website', url: '' });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ValidationError);
      expect((err as ValidationError).status).toBe(422);
      expect((err as ValidationError).message).toBe(messages.urlRequired);
    }
  });

  it('normalizeWebUrl can serve the profile website field', () => {
    expect(normalizeWebUrl('ornek.com.tr', 'website')).toBe('https://ornek.com.tr');
  });
});
