import { describe, expect, it } from 'vitest';
import { renderMail, type MailContent } from '../../../src/presenters/mail-message.js';

const BRAND = {
  name: 'Kadıköy Ajans <&>',
  url: null,
  accentColor: '#0b6e4f',
  logoUrl: '/img/brand/logo-0123456789abcdef0123.png',
};
const VIZIT = { name: 'Vizit', url: null, accentColor: null, logoUrl: null };
const BASE = 'https://kart.example';

const content: MailContent = {
  subject: 'Yeni mesajınız var\r\nBcc: saldirgan@example.com',
  heading: 'Merhaba Ayşe, 2 yeni mesaj',
  paragraphs: ['Sayfanıza bırakılan mesaj: <script>alert(1)</script> "çok güzel"'],
  items: [{ label: 'Görüntülenme', value: '1.204 (+12 %)' }],
  action: { label: 'Mesajları aç', url: 'https://kart.example/edit/abc?x=1&y=2' },
  footerNote: 'Bu e-postayı bildirimleri açtığınız için alıyorsunuz.',
  unsubscribeUrl: 'https://kart.example/notifications/unsubscribe/tok',
};

describe('renderMail', () => {
  it('escapes every value in the HTML part and keeps the subject on one line', () => {
    const mail = renderMail(content, BRAND, BASE);
    expect(mail.subject).toBe('Yeni mesajınız var Bcc: saldirgan@example.com');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &#34;çok güzel&#34;');
    expect(mail.html).toContain('Kadıköy Ajans &lt;&amp;&gt;');
    expect(mail.html).toContain('href="https://kart.example/edit/abc?x=1&amp;y=2"');
    expect(mail.html).toContain('<html lang="tr">');
  });

  it('writes the same words in the text part, with the button as a link line', () => {
    const { text } = renderMail(content, BRAND, BASE);
    expect(text).toContain('Merhaba Ayşe, 2 yeni mesaj');
    expect(text).toContain('<script>alert(1)</script>');
    expect(text).toContain('Görüntülenme: 1.204 (+12 %)');
    expect(text).toContain('Mesajları aç: https://kart.example/edit/abc?x=1&y=2');
    expect(text).toContain('Bu e-postaları almak istemiyorsanız: https://kart.example/notifications/unsubscribe/tok');
  });

  it('names the one-click unsubscribe in the headers (RFC 8058), and only when asked', () => {
    expect(renderMail(content, BRAND, BASE).headers).toEqual({
      'Content-Language': 'tr',
      'List-Unsubscribe': '<https://kart.example/notifications/unsubscribe/tok>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(renderMail({ ...content, unsubscribeUrl: undefined }, BRAND, BASE).headers).toEqual({
      'Content-Language': 'tr',
    });
  });

  it('draws the brand: the logo as an absolute URL, the accent as the button with readable text', () => {
    const branded = renderMail(content, BRAND, BASE).html;
    expect(branded).toContain('src="https://kart.example/img/brand/logo-0123456789abcdef0123.png"');
    expect(branded).toMatch(/background:#0b6e4f">\s*<a [^>]*color:#ffffff/);
    const light = renderMail(content, { ...VIZIT, accentColor: '#ffd60a' }, BASE).html;
    expect(light).toMatch(/background:#ffd60a">\s*<a [^>]*color:#111827/);
    const plain = renderMail(content, VIZIT, BASE).html;
    expect(plain).not.toContain('<img');
    expect(plain).toContain('background:#4f46e5');
  });

  it('leaves out a link that is not http(s)', () => {
    const mail = renderMail(
      { ...content, action: { label: 'Aç', url: 'javascript:alert(1)' }, unsubscribeUrl: 'data:text/html,x' },
      BRAND,
      BASE,
    );
    expect(mail.html).not.toContain('javascript:');
    expect(mail.text).not.toContain('javascript:');
    expect(mail.headers['List-Unsubscribe']).toBeUndefined();
  });
});
