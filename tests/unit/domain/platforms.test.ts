import { describe, expect, it } from 'vitest';
import { PLATFORMS, platformById } from '../../../src/domain/platforms.js';

const PLATFORM_IDS = PLATFORMS.map((p) => p.id);
const isPlatformId = (id: string): boolean => platformById(id) !== undefined;

const SPEC_PLATFORMS = [
  'instagram', 'whatsapp', 'youtube', 'tiktok', 'twitter', 'facebook', 'linkedin', 'website', 'email', 'phone',
  'maps', 'location', 'catalog', 'wifi', 'telegram', 'discord', 'iban', 'custom', 'spotify', 'github',
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
