/**
 * The owner page's contract between the server, the edit page's views and the widgets: the
 * ids of its dialogs (also the `#` anchors that open them without JavaScript) and the notice
 * codes a change redirects with (`?durum=...`). Built here only; the views get these builders
 * as render locals.
 */
import type { PhotoKind } from '../media/image-processing.js';

export const dialogs = {
  bio: 'biyografi',
  contact: 'iletisim',
  /** The business on the card: business name, title and address. */
  identity: 'isletme',
  settings: 'ayarlar',
  background: 'arka-plan',
  iban: 'iban',
  /** The opening hours: the week and the closed dates (docs/product.md, Opening hours). */
  hours: 'calisma-saatleri',
  /** The confirmation before the IBAN card is removed. */
  removeIban: 'iban-kaldir',
  /** The links section; a refusal without a dialog of its own (order, move, visibility) shows its error there. */
  links: 'baglantilar',
  /** The platform grid that leads to each platform's add dialog. */
  platformPicker: 'baglanti-ekle',
  photo: (kind: PhotoKind) => (kind === 'profile' ? 'profil-fotografi' : 'kapak'),
  /** The confirmation before the profile photo is removed (its file goes too). */
  removePhoto: 'profil-fotografi-kaldir',
  addLink: (platform: string) => `baglanti-ekle-${platform}` as const,
  editLink: (id: number) => `baglanti-duzenle-${id}` as const,
  deleteLink: (id: number) => `baglanti-sil-${id}` as const,
  /** On the messages page: the confirmation before a message is deleted. */
  deleteMessage: (id: number) => `mesaj-sil-${id}` as const,
} as const;

type Builders = typeof dialogs;
/** Every dialog id the edit page has. */
export type DialogId = {
  [K in keyof Builders]: Builders[K] extends (...args: never[]) => infer R ? R : Builders[K];
}[keyof Builders];

/**
 * Notices shown after an owner's change. The redirect names a code, never a text, so
 * nothing a request carries is ever shown back as a notice.
 */
export const ownerNotices = {
  kaydedildi: 'Değişiklikler kaydedildi.',
  'baglanti-eklendi': 'Bağlantı eklendi.',
  'baglanti-guncellendi': 'Bağlantı güncellendi.',
  'baglanti-silindi': 'Bağlantı silindi.',
  siralama: 'Sıralama güncellendi.',
  fotograf: 'Profil fotoğrafı güncellendi.',
  'fotograf-kaldirildi': 'Profil fotoğrafı kaldırıldı.',
  kapak: 'Kapak fotoğrafı güncellendi.',
  'kapak-kaldirildi': 'Kapak fotoğrafı kaldırıldı.',
  'kapak-guncellendi': 'Kapak güncellendi.',
  'arka-plan': 'Arka plan güncellendi.',
  iban: 'IBAN bilgileri kaydedildi.',
  'iban-kaldirildi': 'IBAN bilgileri kaldırıldı.',
  saatler: 'Çalışma saatleri kaydedildi.',
  'saatler-firma': 'Firmanın saatleri yeniden gösteriliyor.',
  'rehber-gizlendi': 'Değişiklikler kaydedildi. Telefon ve e-posta kalmadığı için "Rehbere Ekle" butonu kapatıldı.',
} as const;

export type OwnerNotice = keyof typeof ownerNotices;

/** The notice each photo upload ends with. */
export const photoNotices: Readonly<Record<PhotoKind, OwnerNotice>> = { profile: 'fotograf', cover: 'kapak' };

/** The text for a `?durum=` code, or null for anything that is not one. */
export function noticeFrom(raw: unknown): string | null {
  return typeof raw === 'string' && Object.hasOwn(ownerNotices, raw) ? ownerNotices[raw as OwnerNotice] : null;
}

/** Notices of the messages page (`/edit/{token}/messages?durum=...`), codes as above. */
export const messageNotices = {
  'mesaj-silindi': 'Mesaj silindi.',
} as const;

export type MessageNotice = keyof typeof messageNotices;

/** The text for a messages page's `?durum=` code, or null. */
export function messageNoticeFrom(raw: unknown): string | null {
  return typeof raw === 'string' && Object.hasOwn(messageNotices, raw) ? messageNotices[raw as MessageNotice] : null;
}

/** The edit page showing a notice (`base` is `/edit/{token}`): where a change sends the owner back. */
export function noticeUrl(base: string, notice: OwnerNotice, anchor = ''): string {
  return `${base}/profile?durum=${notice}${anchor}`;
}
