import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import '../../../src/media/font-config.js';
import { escapeXml, sharingCardSvg, type SharingCard } from '../../../src/media/sharing-card-svg.js';
import { measureNotoSans } from '../../../src/media/text-width.js';

const CARD: SharingCard = {
  name: 'Ayşe Yılmaz',
  title: 'Satış Müdürü',
  company: 'Kaya Seramik',
  initials: 'AY',
  brandName: 'Vizit',
  brandMark: 'V',
  accent: null,
  hasPhoto: false,
  logoWidth: null,
};

/** The `<text>` elements of the SVG: where they start, their font size and what they say, in drawing order. */
function textsOf(svg: string): Array<{ x: number; size: number; weight: string; text: string }> {
  return [...svg.matchAll(/<text x="(\d+)"[^>]*font-size="(\d+)" font-weight="(\d+)"[^>]*>([^<]*)<\/text>/g)].map(
    ([, x, size, weight, text]) => ({ x: Number(x), size: Number(size), weight: weight!, text: text! }),
  );
}

/** The name's lines: bold, large, at the start of the text column. */
const nameLines = (svg: string) => textsOf(svg).filter((t) => t.x === 500 && t.weight === '700' && t.size > 40);

describe('sharingCardSvg', () => {
  it(
    'writes the name, the title, the business, the initials ' + 'and the brand, as an SVG librsvg draws at 1200x630',
    async () => {
      const svg = sharingCardSvg(CARD, measureNotoSans);
      expect(textsOf(svg).map((t) => t.text)).toEqual([
        'AY',
        'Ayşe Yılmaz',
        'Satış Müdürü',
        'Kaya Seramik',
        'V',
        'Vizit',
      ]);
      const meta = await sharp(Buffer.from(svg)).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['svg', 1200, 630]);
    },
  );

  it('XML-escapes every text and drops characters XML cannot carry, so any name still draws', async () => {
    const hostile = '<script>alert("x")</script> & \'Ortaklar\'\u0007\ud800';
    const svg = sharingCardSvg(
      { ...CARD, name: hostile, title: hostile, company: hostile, initials: '<&', brandName: hostile, brandMark: '"' },
      measureNotoSans,
    );
    expect(svg).not.toContain('<script');
    expect(svg).not.toMatch(/[\u0007\ud800]/);
    expect(svg).toContain('&lt;script&gt;alert(&quot;x&quot;)');
    expect(svg).toContain('&amp; &apos;Ortaklar&apos;');
    expect(svg).toContain('>&lt;&amp;</text>');
    const { info } = await sharp(Buffer.from(svg)).png().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([1200, 630]);
    expect(escapeXml('a&b<c>d"e\'f')).toBe('a&amp;b&lt;c&gt;d&quot;e&apos;f');
  });

  it('wraps a long name onto two lines at a smaller size, each line within the text column', () => {
    const svg = sharingCardSvg(
      { ...CARD, name: 'Şükran Çağlayan Gümüşdere Yıldırım', title: null, company: null },
      measureNotoSans,
    );
    const name = nameLines(svg);
    expect(name.map((t) => t.text)).toEqual(['Şükran Çağlayan', 'Gümüşdere Yıldırım']);
    for (const line of name) expect(measureNotoSans(line.text, 'bold', line.size)).toBeLessThanOrEqual(610);
    expect(name[0]!.size).toBeLessThan(76);
  });

  it('cuts a name too long for two lines with an ellipsis, and leaves out a missing title and business', () => {
    const svg = sharingCardSvg(
      {
        ...CARD,
        name: 'Ayşe Fatma Zeynep Elif Nur Gülsüm Hatice Büşra Kübra Yılmaz Öztürk Kahramanmaraşlı',
        title: ' ',
        company: null,
      },
      measureNotoSans,
    );
    const texts = textsOf(svg);
    const name = nameLines(svg);
    expect(name).toHaveLength(2);
    expect(name[1]!.text.endsWith('…')).toBe(true);
    expect(texts.filter((t) => t.weight === '400')).toEqual([]);
  });

  it('draws no initials over a photo, and the agency accent where Vizit has its gradient', () => {
    const photo = sharingCardSvg({ ...CARD, hasPhoto: true, accent: '#0f766e' }, measureNotoSans);
    expect(textsOf(photo).map((t) => t.text)).not.toContain('AY');
    expect(photo).toContain('stop-color="#0f766e"');
    expect(photo).not.toContain('#db2777');
    expect(sharingCardSvg(CARD, measureNotoSans)).toContain('stop-color="#db2777"');
  });

  it(
    'shades the ring with a gradient, never a filter: librsvg draws a filter through full-size scratch ' +
      'surfaces (10 MB at the peak)',
    async () => {
      const svg = sharingCardSvg(CARD, measureNotoSans);
      expect(svg).not.toMatch(/<filter|filter=/);
      // The shadow is there: below the ring (which is white) the panel is darker than beside it.
      const { data, info } = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
      const luma = (x: number, y: number) =>
        data[(y * info.width + x) * info.channels]! + data[(y * info.width + x) * info.channels + 1]!;
      expect(luma(255, 315 + 172 + 14)).toBeLessThan(luma(20, 315) - 6);
    },
  );
});
