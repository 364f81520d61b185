import { describe, expect, it } from 'vitest';
import { messages } from '../../../src/validation/link-messages.js';
import { errorsOf, urlOf } from './link-form.js';

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
