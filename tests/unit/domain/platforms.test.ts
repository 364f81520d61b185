import { describe, expect, it } from 'vitest';
import { ACTION_ICONS, contrastRatio, ICON_BACKDROPS, iconKey, readableColor } from '../../../src/domain/icons.js';
import { linkIcon, PLATFORMS, platformById } from '../../../src/domain/platforms.js';
import { ALL_ICONS, parseIconSvg, readIcons, shortenPath } from '../../../src/media/icon-reader.js';

const PLATFORM_IDS = PLATFORMS.map((p) => p.id);
const isPlatformId = (id: string): boolean => platformById(id) !== undefined;

const SPEC_PLATFORMS = [
  'instagram',
  'whatsapp',
  'youtube',
  'tiktok',
  'twitter',
  'facebook',
  'linkedin',
  'website',
  'email',
  'phone',
  'maps',
  'location',
  'catalog',
  'wifi',
  'telegram',
  'discord',
  'iban',
  'custom',
  'spotify',
  'github',
];

describe('platform registry', () => {
  it('holds every platform of docs/product.md (Links and platforms), once each', () => {
    expect([...PLATFORM_IDS].sort()).toEqual([...SPEC_PLATFORMS].sort());
    expect(new Set(PLATFORM_IDS).size).toBe(PLATFORM_IDS.length);
  });

  it('keeps the grid order stable: Instagram first, the custom link last', () => {
    expect(PLATFORMS[0]?.id).toBe('instagram');
    expect(PLATFORMS.at(-1)?.id).toBe('custom');
  });

  it.each([
    ['instagram', 'Instagram', 'link', 'text'],
    ['whatsapp', 'WhatsApp', 'link', 'tel'],
    ['youtube', 'YouTube', 'link', 'text'],
    ['tiktok', 'TikTok', 'link', 'text'],
    ['twitter', 'X (Twitter)', 'link', 'text'],
    ['facebook', 'Facebook', 'link', 'text'],
    ['linkedin', 'LinkedIn', 'link', 'text'],
    ['website', 'Web Sitesi', 'link', 'text'],
    ['email', 'E-posta', 'link', 'email'],
    ['phone', 'Telefon', 'link', 'tel'],
    ['maps', 'Google Yorum', 'link', 'url'],
    ['location', 'Konum', 'info', 'text'],
    ['catalog', 'Dijital Katalog', 'catalog', 'url'],
    ['wifi', 'Wi-Fi', 'info', 'text'],
    ['telegram', 'Telegram', 'link', 'text'],
    ['discord', 'Discord', 'link', 'text'],
    ['iban', 'IBAN', 'info', 'text'],
    ['custom', 'Özel Link', 'link', 'text'],
    ['spotify', 'Spotify', 'link', 'text'],
    ['github', 'GitHub', 'link', 'text'],
  ])('%s: label %s, kind %s, input type %s', (id, label, kind, inputType) => {
    const platform = platformById(id);
    expect(platform).toBeDefined();
    expect(platform?.id).toBe(id);
    expect(platform?.label).toBe(label);
    expect(platform?.kind).toBe(kind);
    expect(platform?.inputType).toBe(inputType);
  });

  it('gives each platform an icon and a Turkish placeholder', () => {
    for (const platform of PLATFORMS) {
      expect(platform.icon.length, platform.id).toBeGreaterThan(0);
      expect(platform.placeholder.trim().length, platform.id).toBeGreaterThan(3);
      expect(['url', 'text', 'tel', 'email']).toContain(platform.inputMode);
    }
  });

  it('presets the custom link emoji', () => {
    expect(platformById('custom')?.icon).toBe('🔗');
  });

  it('lets a bare domain through URL-ish inputs: website and custom are text with a URL keyboard', () => {
    expect(platformById('website')).toMatchObject({ inputType: 'text', inputMode: 'url' });
    expect(platformById('custom')).toMatchObject({ inputType: 'text', inputMode: 'url' });
  });

  it.each(['', 'Instagram', 'INSTAGRAM', 'myspace', 'toString', '__proto__', 'constructor', ' instagram'])(
    'unknown id %j → undefined',
    (id) => {
      expect(platformById(id)).toBeUndefined();
      expect(isPlatformId(id)).toBe(false);
    },
  );

  it('recognises every registered id', () => {
    for (const id of SPEC_PLATFORMS) expect(isPlatformId(id)).toBe(true);
  });

  it('cannot be changed at run time', () => {
    expect(Object.isFrozen(PLATFORMS)).toBe(true);
    expect(() => (PLATFORMS as Array<unknown>).push({})).toThrow();
  });
});

describe('drawn icons', () => {
  const icons = readIcons(ALL_ICONS);

  it('finds every platform and contact button icon in the installed packages (simple-icons, lucide-static)', () => {
    const missing = ALL_ICONS.map(iconKey).filter((key) => !icons.has(key));
    expect(missing).toEqual([]);
    for (const platform of PLATFORMS) {
      const icon = icons.get(iconKey(platform.svg))!;
      expect(icon.elements.length, platform.id).toBeGreaterThan(0);
      expect(icon.viewBox, platform.id).toBe('0 0 24 24');
    }
    expect(Object.keys(ACTION_ICONS).sort()).toEqual(['email', 'phone', 'vcard', 'website']);
  });

  it('uses the brand logo where simple-icons has one, a generic icon for generic platforms', () => {
    const brands = PLATFORMS.filter((p) => p.svg.set === 'simple-icons').map((p) => p.id);
    expect(brands.sort()).toEqual([
      'discord',
      'facebook',
      'github',
      'instagram',
      'maps',
      'spotify',
      'telegram',
      'tiktok',
      'twitter',
      'whatsapp',
      'youtube',
    ]);
    expect(platformById('twitter')?.svg).toEqual({ set: 'simple-icons', name: 'x' });
  });

  it('keeps every brand colour at 3:1 or more against the cards and tiles of its theme', () => {
    for (const icon of icons.values()) {
      if (icon.kind !== 'brand') continue;
      for (const backdrop of ICON_BACKDROPS.light)
        expect(contrastRatio(icon.light!, backdrop), `${icon.key} light`).toBeGreaterThanOrEqual(3);
      for (const backdrop of ICON_BACKDROPS.dark)
        expect(contrastRatio(icon.dark!, backdrop), `${icon.key} dark`).toBeGreaterThanOrEqual(3);
    }
    expect(icons.get('si-instagram')?.light).toBe('#ff0069');
    expect(icons.get('si-x')?.dark).toBe('#f3f4f6');
  });

  it('deepens a light brand colour just enough, keeping its hue', () => {
    const green = readableColor('#25d366', ICON_BACKDROPS.light, 'light');
    expect(contrastRatio(green, '#f3f4f6')).toBeGreaterThanOrEqual(3);
    expect(green).toMatch(/^#[0-4][0-9a-f][9a-f][0-9a-f][3-6][0-9a-f]$/);
    expect(readableColor('#4f46e5', ICON_BACKDROPS.light, 'light')).toBe('#4f46e5');
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21);
  });

  it('keeps only shapes and their geometry from a file, and two decimals of path data', () => {
    const parsed = parseIconSvg(
      '<svg viewBox="0 0 24 24"><title>x</title><path d="M1.23456.5l2 2" ' +
        'onclick="x()"/><script>alert(1)</script><circle cx="12" cy="10" r="3" style="x"/></svg>',
    );
    expect(parsed.elements).toEqual([
      { tag: 'path', attrs: [['d', 'M1.23.5l2 2']] },
      {
        tag: 'circle',
        attrs: [
          ['cx', '12'],
          ['cy', '10'],
          ['r', '3'],
        ],
      },
    ]);
    // Digits before the point stay (arc flags packed against a number), a round-up to 1 is left alone.
    expect(shortenPath('a.5.5 0 01.5234.5')).toBe('a.5.5 0 01.52.5');
    expect(shortenPath('M1.001.06')).toBe('M1.0.06');
    expect(shortenPath('M.9999 2')).toBe('M.9999 2');
    expect(shortenPath('M-2.1487-.0564')).toBe('M-2.15-.06');
  });

  it("shows a custom link's own emoji, and draws one left at the default 🔗", () => {
    expect(linkIcon('custom', '🏺')).toEqual({ svg: null, emoji: '🏺' });
    expect(linkIcon('custom', '🔗')).toEqual({ svg: 'lu-link', emoji: '🔗' });
    expect(linkIcon('custom', null)).toEqual({ svg: 'lu-link', emoji: '🔗' });
    expect(linkIcon('instagram', '🏺')).toEqual({ svg: 'si-instagram', emoji: '📸' });
    expect(linkIcon('myspace', null).svg).toBe('lu-link');
  });
});
