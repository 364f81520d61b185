import { describe, expect, it } from 'vitest';
import { editLinkMessage, editLinkShare } from '../../../src/domain/share-links.js';

const URL_ = 'https://kart.ornek.com.tr/edit/Ab3_x-Yz';

describe('editLinkShare', () => {
  it('writes a short Turkish message holding the edit link and the warning', () => {
    expect(editLinkMessage('Ayşe', URL_)).toEqual({
      subject: 'Vizit sayfanızın düzenleme bağlantısı',
      text:
        'Merhaba Ayşe,\nVizit sayfanızı bu bağlantıdan düzenleyebilirsiniz:\nhttps://kart.ornek.com.tr/edit/Ab3_x-Yz\n' +
        'Bu bağlantı size özeldir: bağlantıya sahip olan herkes sayfanızı düzenleyebilir. Lütfen kimseyle paylaşmayın.',
    });
  });

  it("names the page by the agency's brand when one is given", () => {
    const { subject, text } = editLinkMessage('Ayşe', URL_, 'Kaya Ajans');
    expect(subject).toBe('Kaya Ajans sayfanızın düzenleme bağlantısı');
    expect(text.split('\n')[1]).toBe('Kaya Ajans sayfanızı bu bağlantıdan düzenleyebilirsiniz:');
  });

  it('encodes the text for wa.me exactly', () => {
    expect(editLinkShare('Ayşe', URL_).whatsappUrl).toBe(
      'https://wa.me/?text=Merhaba%20Ay%C5%9Fe%2C%0AVizit%20sayfan%C4%B1z%C4%B1%20bu%20ba%C4%9Flant%C4%B1dan%20d%C3%BCzenleyebilirsiniz%3A%0A' +
        'https%3A%2F%2Fkart.ornek.com.tr%2Fedit%2FAb3_x-Yz%0A' +
        'Bu%20ba%C4%9Flant%C4%B1%20size%20%C3%B6zeldir%3A%20ba%C4%9Flant%C4%B1ya%20sahip%20olan%20herkes%20sayfan%C4%B1z%C4%B1%20d%C3%BCzenleyebilir.%20L%C3%BCtfen%20kimseyle%20payla%C5%9Fmay%C4%B1n.',
    );
  });

  it('encodes subject and body for mailto with CRLF line ends, and round-trips', () => {
    const { mailtoUrl, subject, text } = editLinkShare('Ayşe', URL_);
    expect(mailtoUrl.startsWith('mailto:?subject=Vizit%20sayfan%C4%B1z%C4%B1n%20d%C3%BCzenleme%20ba%C4%9Flant%C4%B1s%C4%B1&body=Merhaba%20Ay%C5%9Fe%2C%0D%0AVizit')).toBe(true);
    const query = new URLSearchParams(mailtoUrl.slice('mailto:?'.length));
    expect(query.get('subject')).toBe(subject);
    expect(query.get('body')).toBe(text.replace(/\n/g, '\r\n'));
    expect(new URL(editLinkShare('Ali & Co', URL_).whatsappUrl).searchParams.get('text')).toContain('Merhaba Ali & Co,');
  });

  it('leaves no character that could end the query early', () => {
    const { whatsappUrl, mailtoUrl } = editLinkShare('A&B=C#D?E+F', URL_);
    for (const url of [whatsappUrl, mailtoUrl]) expect(url.split('?')[1]).not.toMatch(/[#+ ]|&(?!body=)/);
  });
});
