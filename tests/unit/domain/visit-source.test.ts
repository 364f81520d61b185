import { describe, expect, it } from 'vitest';
import { isVisitSource, VISIT_SOURCES, visitSource, type VisitSource } from '../../../src/domain/visit-source.js';

const OWN = 'kart.example.com';
const fromReferer = (referer: string | undefined, ownHost = OWN) => visitSource(undefined, referer, ownHost);

describe('visitSource: ?k= first', () => {
  it.each([
    ['qr', 'qr'],
    ['nfc', 'nfc'],
    ['QR', 'qr'],
    [' Nfc ', 'nfc'],
  ] as const)('k=%s is %s, whatever the Referer says', (k, expected) => {
    expect(visitSource(k, 'https://l.instagram.com/', OWN)).toBe(expected);
    expect(visitSource(k, undefined, OWN)).toBe(expected);
  });

  it.each([
    ['an unknown tag', 'flyer'],
    ['an empty one', ''],
    ['a repeated one (an array)', ['qr', 'qr']],
    ['a nested one (an object)', { qr: '1' }],
    ['a number', 1],
    ['null', null],
  ])('ignores %s and reads the Referer', (_name, k) => {
    expect(visitSource(k, 'https://l.instagram.com/', OWN)).toBe('instagram');
    expect(visitSource(k, undefined, OWN)).toBe('direct');
  });
});

describe('visitSource: the Referer host, mapped to a fixed list', () => {
  it.each([
    // Instagram's link shim, its site, its short names, its Android app.
    ['https://l.instagram.com/', 'instagram'],
    ['https://www.instagram.com/aysekaya.seramik/', 'instagram'],
    ['https://instagram.com/', 'instagram'],
    ['https://lm.instagram.com/?u=x', 'instagram'],
    ['https://instagr.am/p/x', 'instagram'],
    ['android-app://com.instagram.android/', 'instagram'],
    // WhatsApp
    ['https://wa.me/905321234567', 'whatsapp'],
    ['https://web.whatsapp.com/', 'whatsapp'],
    ['https://whatsapp.com/', 'whatsapp'],
    ['https://api.whatsapp.com/send', 'whatsapp'],
    ['android-app://com.whatsapp/', 'whatsapp'],
    // Facebook and Messenger
    ['https://lm.facebook.com/', 'facebook'],
    ['https://m.facebook.com/', 'facebook'],
    ['https://l.facebook.com/l.php?u=x', 'facebook'],
    ['https://www.facebook.com/', 'facebook'],
    ['https://fb.me/x', 'facebook'],
    ['https://www.messenger.com/', 'facebook'],
    ['android-app://com.facebook.katana/', 'facebook'],
    // TikTok
    ['https://www.tiktok.com/@aysekaya', 'tiktok'],
    ['https://vm.tiktok.com/x/', 'tiktok'],
    ['android-app://com.zhiliaoapp.musically/', 'tiktok'],
    // X: its link shortener, its new and old names
    ['https://t.co/abc123', 'x'],
    ['https://x.com/', 'x'],
    ['https://twitter.com/aysekaya', 'x'],
    ['https://mobile.twitter.com/', 'x'],
    ['android-app://com.twitter.android/', 'x'],
    // LinkedIn
    ['https://www.linkedin.com/', 'linkedin'],
    ['https://lnkd.in/x', 'linkedin'],
    ['android-app://com.linkedin.android/', 'linkedin'],
    // google.* in every country
    ['https://www.google.com/', 'google'],
    ['https://www.google.com.tr/', 'google'],
    ['https://google.de/', 'google'],
    ['https://www.google.co.uk/', 'google'],
    ['https://news.google.com/', 'google'],
    ['android-app://com.google.android.googlequicksearchbox/', 'google'],
    // Hosts only look like one of them: other.
    ['https://google.evil.example/', 'other'],
    ['https://googleusercontent.com/', 'other'],
    ['https://notinstagram.com/', 'other'],
    ['https://instagram.com.evil.example/', 'other'],
    ['https://t.com/', 'other'],
    ['https://fakewa.me/', 'other'],
    ['https://www.bing.com/', 'other'],
    ['https://duckduckgo.com/', 'other'],
    ['android-app://com.example.unknown/', 'other'],
    ['not a url', 'other'],
    ['ftp://instagram.com/', 'other'],
  ] as const)('%s is %s', (referer, expected) => {
    expect(fromReferer(referer)).toBe(expected);
  });

  it('ignores case, a trailing dot and a port', () => {
    expect(fromReferer('HTTPS://L.INSTAGRAM.COM/')).toBe('instagram');
    expect(fromReferer('https://t.co./x')).toBe('x');
    expect(fromReferer('http://www.google.com.tr:8080/')).toBe('google');
  });

  it('counts no Referer, an empty one and our own pages as direct', () => {
    expect(fromReferer(undefined)).toBe('direct');
    expect(fromReferer('')).toBe('direct');
    expect(fromReferer('   ')).toBe('direct');
    expect(fromReferer(`https://${OWN}/aysekaya`)).toBe('direct');
    expect(fromReferer(`https://www.${OWN}/`)).toBe('direct');
    expect(fromReferer('http://localhost:3000/mehmetdemir', 'localhost:3000')).toBe('direct');
    expect(fromReferer('http://localhost:3000/', 'localhost')).toBe('direct');
    // Not our host: a look-alike is other.
    expect(fromReferer(`https://${OWN}.evil.example/`)).toBe('other');
    // Without our host, nothing is ours.
    expect(fromReferer(`https://${OWN}/`, '')).toBe('other');
  });

  it('answers only names of the fixed list, for any input', () => {
    const inputs = [
      'https://a.b/',
      'javascript:alert(1)',
      'data:text/html,x',
      'https://[::1]/',
      'https://xn--80ak6aa92e.com/',
      '//instagram.com/',
      'https://',
      'android-app://',
    ];
    for (const referer of inputs) expect(VISIT_SOURCES).toContain(fromReferer(referer));
  });
});

describe('VISIT_SOURCES', () => {
  it('lists every source once, direct last', () => {
    expect(VISIT_SOURCES).toEqual([
      'qr',
      'nfc',
      'instagram',
      'whatsapp',
      'facebook',
      'tiktok',
      'x',
      'linkedin',
      'google',
      'other',
      'direct',
    ]);
    const names: VisitSource[] = [...VISIT_SOURCES];
    expect(new Set(names).size).toBe(names.length);
    expect(names.every(isVisitSource)).toBe(true);
    expect(isVisitSource('twitter')).toBe(false);
    expect(isVisitSource(undefined)).toBe(false);
  });
});
