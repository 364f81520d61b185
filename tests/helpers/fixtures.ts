import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { TestApp } from './app.js';

/** A small valid one-page PDF. */
export const MINIMAL_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj ' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

export async function solidJpeg(
  width: number,
  height: number,
  color: { r: number; g: number; b: number },
): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

/** Every link platform, in the order the page shows them, as the owner page would store them. */
export function everyLink(customerId: number): Array<Record<string, unknown>> {
  const links: Array<[string, string, string, string | null]> = [
    ['instagram', 'https://instagram.com/aysekaya.seramik', 'Instagram', null],
    ['whatsapp', 'https://wa.me/905321234567', 'WhatsApp', null],
    ['youtube', 'https://youtube.com/@aysekaya', 'YouTube', null],
    ['tiktok', 'https://tiktok.com/@aysekaya', 'TikTok', null],
    ['twitter', 'https://x.com/aysekaya', 'X (Twitter)', null],
    ['facebook', 'https://facebook.com/aysekaya', 'Facebook', null],
    ['linkedin', 'https://linkedin.com/in/aysekaya', 'LinkedIn', null],
    ['website', 'https://aysekaya.com.tr', 'Web Sitemiz', null],
    ['email', 'mailto:siparis@aysekaya.com.tr', 'Sipariş E-postası', null],
    ['phone', 'tel:+902161234567', 'Atölye Telefonu', null],
    ['maps', 'https://g.page/r/aysekaya/review', 'Google Yorum', null],
    ['location', 'Caferağa Mah. Moda Cad. No: 12, Kadıköy/İstanbul', 'Atölyemiz', null],
    ['catalog', `/uploads/${customerId}/katalog-2026.pdf`, 'Dijital Katalog', null],
    ['catalog', `/uploads/${customerId}/fiyat-listesi.jpg`, 'Fiyat Listesi', null],
    ['wifi', 'AyseKaya_Misafir|seramik2026', 'Wi-Fi', null],
    ['telegram', 'https://t.me/aysekaya', 'Telegram', null],
    ['discord', 'https://discord.gg/seramik', 'Discord', null],
    // A second account: a link with the card's IBAN is left to the card on the public page (one IBAN feature).
    ['iban', 'TR320010009999901234567890|Kaya Seramik Ltd. Şti.', 'IBAN', null],
    ['custom', 'https://aysekaya.com.tr/atolye', 'Atölye Kursları', '🏺'],
    ['spotify', 'https://open.spotify.com/user/aysekaya', 'Spotify', null],
    ['github', 'https://github.com/aysekaya', 'GitHub', null],
  ];
  return links.map(([platform, url, label, icon], orderIndex) => ({
    customer_id: customerId,
    platform,
    url,
    label,
    icon,
    is_visible: true,
    order_index: orderIndex,
  }));
}

/** A profile using every block of the page: photos, bio, contacts, every link, IBAN. */
export async function seedFullProfile(t: TestApp, customerId: number): Promise<void> {
  const dir = path.join(t.config.uploadsDir, String(customerId));
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, 'profile-test.jpg'), await solidJpeg(400, 400, { r: 214, g: 120, b: 80 }));
  await writeFile(path.join(dir, 'cover-test.jpg'), await solidJpeg(1200, 450, { r: 60, g: 90, b: 160 }));
  await writeFile(path.join(dir, 'katalog-2026.pdf'), MINIMAL_PDF);
  await writeFile(path.join(dir, 'fiyat-listesi.jpg'), await solidJpeg(600, 800, { r: 240, g: 230, b: 210 }));
  await t
    .db('customer_profiles')
    .where({ customer_id: customerId })
    .update({
      bio: "Kadıköy'de el yapımı seramik atölyesi.\nKurslar, siparişler ve hediyelikler.",
      phone: '+905321234567',
      email: 'merhaba@aysekaya.com.tr',
      website: 'https://aysekaya.com.tr',
      profile_photo: `/uploads/${customerId}/profile-test.jpg`,
      cover_photo: `/uploads/${customerId}/cover-test.jpg`,
      show_name_on_cover: true,
    });
  await t.db('social_links').insert(everyLink(customerId));
  await t.db('iban_info').insert({
    customer_id: customerId,
    iban: 'TR330006100519786457841326',
    account_holder: 'Ayşe Kaya',
    is_visible: true,
  });
}
