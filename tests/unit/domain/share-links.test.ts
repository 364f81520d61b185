import { describe, expect, it } from 'vitest';
import { editLinkMessage, editLinkShare, type HandOver } from '../../../src/domain/share-links.js';

const EDIT = 'https://kart.ornek.com.tr/edit/Ab3_x-Yz';
const PAGE = 'https://kart.ornek.com.tr/ayse-kaya';
const ayse: HandOver = { name: 'Ayşe', publicUrl: PAGE, editUrl: EDIT };

const TEXT =
  'Merhaba Ayşe,\nVizit sayfanız burada:\nhttps://kart.ornek.com.tr/ayse-kaya\n' +
  'Sayfanızı bu gizli bağlantıdan düzenleyebilirsiniz:\nhttps://kart.ornek.com.tr/edit/Ab3_x-Yz\n' +
  'Bu bağlantı size özeldir: bağlantıya sahip olan herkes sayfanızı düzenleyebilir. Lütfen kimseyle paylaşmayın.';

describe('editLinkShare', () => {
  it('writes a short Turkish message holding the public page, the edit link and the warning', () => {
    expect(editLinkMessage(ayse)).toEqual({ subject: 'Vizit sayfanız ve düzenleme bağlantısı', text: TEXT });
  });

  it("names the page by the agency's brand when one is given", () => {
    const { subject, text } = editLinkMessage({ ...ayse, product: 'Kaya Ajans' });
    expect(subject).toBe('Kaya Ajans sayfanız ve düzenleme bağlantısı');
    expect(text.split('\n')[1]).toBe('Kaya Ajans sayfanız burada:');
  });

  it('encodes the text for wa.me exactly, with no recipient when no phone is known', () => {
    expect(editLinkShare(ayse).whatsappUrl).toBe(`https://wa.me/?text=${encodeURIComponent(TEXT)}`);
    expect(editLinkShare(ayse).whatsappUrl).toContain(
      'Merhaba%20Ay%C5%9Fe%2C%0AVizit%20sayfan%C4%B1z%20burada%3A%0Ahttps%3A%2F%2Fkart.ornek.com.tr%2Fayse-kaya%0A',
    );
  });

  it.each([
    ['+905321234567', '905321234567'],
    ['+90 532 123 45 67', '905321234567'],
    ['0532 123 45 67', '905321234567'],
    ['0049 30 1234567', '49301234567'],
  ])("sends WhatsApp to the owner's phone %s as wa.me/%s (digits only)", (phone, digits) => {
    expect(editLinkShare({ ...ayse, phone }).whatsappUrl).toBe(
      `https://wa.me/${digits}?text=${encodeURIComponent(TEXT)}`,
    );
  });

  it.each([[null], [''], ['12'], ['+90 abc']])(
    'leaves the WhatsApp recipient open for an unusable phone %s',
    (phone) => {
      expect(editLinkShare({ ...ayse, phone }).whatsappUrl.startsWith('https://wa.me/?text=')).toBe(true);
    },
  );

  it('addresses the e-mail to the owner when the address is known, subject and body still round-trip', () => {
    const { mailtoUrl, subject, text } = editLinkShare({ ...ayse, email: 'ayse.kaya+kart@example.com' });
    expect(
      mailtoUrl.startsWith(
        'mailto:ayse.kaya%2Bkart@example.com?subject=Vizit%20sayfan%C4%B1z%20ve%20d%C3%BCzenleme%20ba%C4%9Fla' +
          'nt%C4%B1s%C4%B1&body=Merhaba%20Ay%C5%9Fe%2C%0D%0AVizit',
      ),
    ).toBe(true);
    const query = new URLSearchParams(mailtoUrl.slice(mailtoUrl.indexOf('?') + 1));
    expect(query.get('subject')).toBe(subject);
    expect(query.get('body')).toBe(text.replace(/\n/g, '\r\n'));
    expect(editLinkShare({ ...ayse, email: null }).mailtoUrl.startsWith('mailto:?subject=')).toBe(true);
    expect(editLinkShare({ ...ayse, email: 'bozuk adres' }).mailtoUrl.startsWith('mailto:?subject=')).toBe(true);
    expect(new URL(editLinkShare({ ...ayse, name: 'Ali & Co' }).whatsappUrl).searchParams.get('text')).toContain(
      'Merhaba Ali & Co,',
    );
  });

  it('leaves no character that could end the query early or add a header', () => {
    const { whatsappUrl, mailtoUrl } = editLinkShare({ ...ayse, name: 'A&B=C#D?E+F', email: 'a?cc=x@example.com' });
    for (const url of [whatsappUrl, mailtoUrl])
      expect(url.split('?').slice(1).join('?')).not.toMatch(/[#+ ?]|&(?!body=)/);
    expect(mailtoUrl.split('?')[0]).toBe('mailto:a%3Fcc%3Dx@example.com');
  });
});
