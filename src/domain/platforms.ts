/**
 * The one registry of link platforms (docs/product.md, "Links and platforms"). The owner's
 * platform grid, the add/edit link forms, link validation and the public page all read labels,
 * icons and input hints from here, so a platform looks and behaves the same everywhere.
 */
import { brand, iconKey, line, type IconRef } from './icons.js';

export type PlatformId =
  | 'instagram'
  | 'whatsapp'
  | 'youtube'
  | 'tiktok'
  | 'twitter'
  | 'facebook'
  | 'linkedin'
  | 'website'
  | 'email'
  | 'phone'
  | 'maps'
  | 'location'
  | 'catalog'
  | 'wifi'
  | 'telegram'
  | 'discord'
  | 'iban'
  | 'spotify'
  | 'github'
  | 'custom';

/** How a link renders: an anchor, an info view (wifi, location, iban), or the catalog viewer. */
export type PlatformKind = 'link' | 'info' | 'catalog';

/** The HTML `type` of the value input. */
export type PlatformInputType = 'url' | 'text' | 'tel' | 'email';

/** The HTML `inputmode` of the value input (the keyboard a phone shows). */
export type PlatformInputMode = 'url' | 'text' | 'tel' | 'email';

export interface Platform {
  readonly id: PlatformId;
  /** Turkish display name; also the default label of a new link. */
  readonly label: string;
  /** The emoji of older pages, now only the fallback when the drawn icon is missing (aria-hidden). */
  readonly icon: string;
  /**
   * The drawn icon (src/domain/icons.ts): the brand logo from simple-icons, or a generic line icon
   * from lucide. LinkedIn has no logo there (withdrawn at LinkedIn's request), so it gets a briefcase.
   */
  readonly svg: IconRef;
  /** Turkish example shown in the value input. */
  readonly placeholder: string;
  readonly inputType: PlatformInputType;
  /** A bare domain or user name must get through, so URL-ish fields use type text with a URL keyboard. */
  readonly inputMode: PlatformInputMode;
  readonly kind: PlatformKind;
}

/** In the order of the owner's platform grid. */
export const PLATFORMS: readonly Platform[] = Object.freeze([
  {
    id: 'instagram',
    label: 'Instagram',
    icon: '📸',
    placeholder: '@kullaniciadi veya instagram.com/kullaniciadi',
    inputType: 'text',
    inputMode: 'text',
    kind: 'link',
    svg: brand('instagram'),
  },
  {
    id: 'whatsapp',
    label: 'WhatsApp',
    icon: '💬',
    placeholder: '0532 123 45 67',
    inputType: 'tel',
    inputMode: 'tel',
    kind: 'link',
    svg: brand('whatsapp'),
  },
  {
    id: 'youtube',
    label: 'YouTube',
    icon: '📺',
    placeholder: '@kanaladi veya youtube.com/@kanaladi',
    inputType: 'text',
    inputMode: 'text',
    kind: 'link',
    svg: brand('youtube'),
  },
  {
    id: 'tiktok',
    label: 'TikTok',
    icon: '🎵',
    placeholder: '@kullaniciadi veya tiktok.com/@kullaniciadi',
    inputType: 'text',
    inputMode: 'text',
    kind: 'link',
    svg: brand('tiktok'),
  },
  {
    id: 'twitter',
    label: 'X (Twitter)',
    icon: '🐦',
    placeholder: '@kullaniciadi veya x.com/kullaniciadi',
    inputType: 'text',
    inputMode: 'text',
    kind: 'link',
    svg: brand('x'),
  },
  {
    id: 'facebook',
    label: 'Facebook',
    icon: '📘',
    placeholder: 'sayfaadi veya facebook.com/sayfaadi',
    inputType: 'text',
    inputMode: 'text',
    kind: 'link',
    svg: brand('facebook'),
  },
  {
    id: 'linkedin',
    label: 'LinkedIn',
    icon: '💼',
    placeholder: 'kullaniciadi veya linkedin.com/in/kullaniciadi',
    inputType: 'text',
    inputMode: 'text',
    kind: 'link',
    svg: line('briefcase-business'),
  },
  {
    id: 'website',
    label: 'Web Sitesi',
    icon: '🌐',
    placeholder: 'ornek.com.tr',
    inputType: 'text',
    inputMode: 'url',
    kind: 'link',
    svg: line('globe'),
  },
  {
    id: 'email',
    label: 'E-posta',
    icon: '📧',
    placeholder: 'ornek@ornek.com',
    inputType: 'email',
    inputMode: 'email',
    kind: 'link',
    svg: line('mail'),
  },
  {
    id: 'phone',
    label: 'Telefon',
    icon: '📞',
    placeholder: '0532 123 45 67',
    inputType: 'tel',
    inputMode: 'tel',
    kind: 'link',
    svg: line('phone'),
  },
  {
    id: 'maps',
    label: 'Google Yorum',
    icon: '⭐',
    placeholder: 'https://g.page/r/.../review',
    inputType: 'url',
    inputMode: 'url',
    kind: 'link',
    svg: brand('google'),
  },
  {
    id: 'location',
    label: 'Konum',
    icon: '📍',
    placeholder: 'Adres veya Google Haritalar bağlantısı',
    inputType: 'text',
    inputMode: 'text',
    kind: 'info',
    svg: line('map-pin'),
  },
  {
    id: 'catalog',
    label: 'Dijital Katalog',
    icon: '📖',
    placeholder: 'https://ornek.com/katalog.pdf',
    inputType: 'url',
    inputMode: 'url',
    kind: 'catalog',
    svg: line('book-open'),
  },
  {
    id: 'wifi',
    label: 'Wi-Fi',
    icon: '📶',
    placeholder: 'Ağ adı (SSID)',
    inputType: 'text',
    inputMode: 'text',
    kind: 'info',
    svg: line('wifi'),
  },
  {
    id: 'telegram',
    label: 'Telegram',
    icon: '✈️',
    placeholder: '@kullaniciadi veya t.me/kullaniciadi',
    inputType: 'text',
    inputMode: 'text',
    kind: 'link',
    svg: brand('telegram'),
  },
  {
    id: 'discord',
    label: 'Discord',
    icon: '🎮',
    placeholder: 'Davet kodu veya discord.gg/davetkodu',
    inputType: 'text',
    inputMode: 'text',
    kind: 'link',
    svg: brand('discord'),
  },
  {
    id: 'iban',
    label: 'IBAN',
    icon: '🏦',
    placeholder: 'TR00 0000 0000 0000 0000 0000 00',
    inputType: 'text',
    inputMode: 'text',
    kind: 'info',
    svg: line('landmark'),
  },
  {
    id: 'spotify',
    label: 'Spotify',
    icon: '🎧',
    placeholder: 'open.spotify.com/... bağlantısı veya kullanıcı adı',
    inputType: 'text',
    inputMode: 'text',
    kind: 'link',
    svg: brand('spotify'),
  },
  {
    id: 'github',
    label: 'GitHub',
    icon: '💻',
    placeholder: 'kullaniciadi veya github.com/kullaniciadi',
    inputType: 'text',
    inputMode: 'text',
    kind: 'link',
    svg: brand('github'),
  },
  {
    id: 'custom',
    label: 'Özel Link',
    icon: '🔗',
    placeholder: 'https://ornek.com',
    inputType: 'text',
    inputMode: 'url',
    kind: 'link',
    svg: line('link'),
  },
] satisfies Platform[]);

const byId: ReadonlyMap<string, Platform> = new Map(PLATFORMS.map((p) => [p.id, p]));

/** The platform with this id; undefined for anything else (ids are case-sensitive). */
export function platformById(id: string): Platform | undefined {
  return byId.get(id);
}

/** What stands before a link's label: the owner's own emoji on a custom link, else the drawn icon. */
export interface LinkIcon {
  /** The icon library key (`si-instagram`), or null when the emoji is shown instead. */
  svg: string | null;
  emoji: string;
}

/**
 * A custom link shows the emoji its owner typed; one left at the default 🔗 (or empty), and every
 * other platform, shows the drawn icon, with the platform's emoji kept as a fallback.
 */
export function linkIcon(platformId: string, customIcon: string | null | undefined): LinkIcon {
  const platform = byId.get(platformId) ?? byId.get('custom')!;
  const own = platform.id === 'custom' && customIcon && customIcon !== platform.icon ? customIcon : null;
  return own ? { svg: null, emoji: own } : { svg: iconKey(platform.svg), emoji: platform.icon };
}
