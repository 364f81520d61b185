/**
 * The suite's own checks, checked: every hostile-input case relies on them to fail when the app
 * renders something live, answers in English, or shows no message. Each row here must be caught
 * (or, for the safe rows, must not be).
 */
import { describe, expect, it } from 'vitest';
import { isTurkish, shownMessages, unsafeParts } from './harness.js';

describe('unsafeParts finds what could run', () => {
  it.each([
    ['an inline script', '<p>x</p><script>alert(1)</script>'],
    ['a script breaking out of a text', '</textarea><script>alert(1)</script>'],
    ['an event handler', '<a onmouseover=alert(1)>x</a>'],
    ['an event handler after a closed attribute', '<input value=""><svg onload=alert(1)>'],
    ['an img onerror', '<img src=x onerror=alert(1)>'],
    ['a javascript: href', '<a href="javascript:alert(1)">x</a>'],
    ['an entity-encoded javascript: href', '<a href="jav&#x61;script:alert(1)">x</a>'],
    ['a javascript: href with a tab inside', '<a href="java\tscript:alert(1)">x</a>'],
    ['a data:text/html iframe', '<iframe src="data:text/html;base64,PHNjcmlwdD4="></iframe>'],
    ['a protocol-relative link', '<a href="//evil.example">x</a>'],
    ['a link with credentials', '<a href="https://a:b@x.com">x</a>'],
    [
      'CSS leaving its property',
      '<style>body{background:red}</style><style>x{background:url(javascript:alert(1))}</style>',
    ],
    ['a style attribute with expression()', '<div style="width:expression(alert(1))"></div>'],
    ['an evaluated template', '<p>ejsinj</p>'],
    ['an injected svg', '<svg><circle/></svg>'],
  ])('%s', (_name, html) => {
    expect(unsafeParts(html, false)).not.toEqual([]);
  });

  it.each([
    ['escaped markup in text', '<p>&lt;script&gt;alert(1)&lt;/script&gt; &lt;a onmouseover=alert(1)&gt;</p>'],
    ['escaped markup in an attribute', '<input value="&#34;&gt;&lt;svg onload=alert(1)&gt;">'],
    ['a script with src', '<script type="module" src="/build/mount.js"></script>'],
    ['a normal link', '<a href="https://ornek.com.tr" target="_blank" rel="noopener">x</a>'],
    ['a colour style block', '<style>.bg{background:#f9fafb}</style>'],
  ])('%s is not flagged', (_name, html) => {
    expect(unsafeParts(html, false)).toEqual([]);
  });

  it('strict pages may not carry javascript: or data:text/html even as text', () => {
    expect(unsafeParts('<p>javascript:alert(1)</p>', true)).not.toEqual([]);
    expect(unsafeParts('<p>data:text/html,x</p>', true)).not.toEqual([]);
  });
});

describe('isTurkish tells our messages from English ones', () => {
  it.each([
    ['Profil bulunamadı', true],
    ['Simge en fazla 2 karakter olabilir.', true],
    ['Gönderilen veri çok büyük.', true],
    ['Not Found', false],
    ['Internal Server Error', false],
    ['request entity too large', false],
    ['Invalid CSRF token', false],
    ['Cannot POST /edit/x', false],
    ['', false],
  ])('%j → %s', (text, turkish) => {
    expect(isTurkish(text)).toBe(turkish);
  });
});

describe('shownMessages reads the message a page or JSON shows', () => {
  const page = (html: string) => ({
    status: 422,
    text: html,
    body: {},
    headers: { 'content-type': 'text/html; charset=utf-8' },
  });
  it.each([
    [
      'the error page',
      '<main id="icerik" class="error-page"><div><h1>Profil bulunamadı</h1></div></main>',
      ['Profil bulunamadı'],
    ],
    [
      'a field error',
      '<p class="field__note field__note--error" id="a-not">Geçersiz renk değeri.</p>',
      ['Geçersiz renk değeri.'],
    ],
    ['an alert', '<div class="alert alert--error" role="alert">Giriş başarısız.</div>', ['Giriş başarısız.']],
    [
      'a hidden notice shows nothing',
      '<div id="mesaj-durum" class="notice notice--error" role="status" hidden></div>',
      [],
    ],
    ['a page without errors', '<p class="field__note" id="a-not">En fazla 200 karakter.</p>', []],
  ])('%s', (_name, html, expected) => {
    expect(shownMessages(page(html))).toEqual(expected);
  });

  it('JSON error', () => {
    expect(
      shownMessages({
        status: 404,
        text: '',
        body: { ok: false, error: 'Bağlantı bulunamadı.' },
        headers: { 'content-type': 'application/json' },
      }),
    ).toEqual(['Bağlantı bulunamadı.']);
  });
});
