import type { Request, Response } from 'express';
import { loadedCustomer } from '../http/loaded-customer.js';
import { wantsJson } from '../http/respond.js';

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
  kapak: 'Kapak fotoğrafı güncellendi.',
  'kapak-kaldirildi': 'Kapak fotoğrafı kaldırıldı.',
  'arka-plan': 'Arka plan güncellendi.',
  iban: 'IBAN bilgileri kaydedildi.',
} as const;

export type OwnerNotice = keyof typeof ownerNotices;

export function noticeFrom(raw: unknown): string | null {
  return typeof raw === 'string' && Object.hasOwn(ownerNotices, raw) ? ownerNotices[raw as OwnerNotice] : null;
}

/** `/edit/{token}`: every owner URL starts here. */
export function ownerBase(req: Request): string {
  return `/edit/${loadedCustomer(req).editToken}`;
}

/** After a change: JSON for widgets, or back to the edit page with the notice (post/redirect/get). */
export function ownerDone(req: Request, res: Response, notice: OwnerNotice, json: Record<string, unknown> = {}, anchor = ''): void {
  if (wantsJson(req)) {
    res.json({ ok: true, message: ownerNotices[notice], ...json });
    return;
  }
  res.redirect(303, `${ownerBase(req)}/profile?durum=${notice}${anchor}`);
}
