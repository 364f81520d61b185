import { describe, expect, it } from 'vitest';
import { messages } from '../../../src/validation/link-messages.js';
import { errorsOf, urlOf } from './link-form.js';

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
    expect(errorsOf({ platform: 'website', url: ['https://a.com', 'https://b.com'] })).toEqual({
      url: messages.urlRequired,
    });
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
