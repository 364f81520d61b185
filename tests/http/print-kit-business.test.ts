import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, createTestApp, csrfFrom, signIn, type CreatedCustomer, type TestApp } from '../helpers/app.js';
import { solidJpeg } from '../helpers/fixtures.js';
import {
  decodeQr,
  openPdf,
  pages,
  pageSizePt,
  pageText,
  paintsImages,
  PT_PER_MM,
  renderPage,
  type Rendered,
} from '../helpers/pdf-reader.js';

/**
 * The print kit shows the business (docs/product.md, Print kit): the card's front carries the
 * name, title, business, phone, e-mail and a logo or the photo beside the QR, its back the address
 * and the brand; `bleed=1` is the print shop's variant; the A6 table card fills its page. Every
 * PDF is read back by pdfjs and every QR decoded from the page drawn at 300 dpi.
 */

const HOST = 'vizit.test';
const IDENTITY = {
  company: 'Kaya Seramik Atölyesi',
  title: 'Kurucu ve Tasarımcı',
  address_line: 'Caferağa Mah. Moda Cad. No: 12',
  district: 'Kadıköy',
  city: 'İstanbul',
  postal_code: '34710',
  phone: '+905321234567',
  email: 'merhaba@aysekaya.com.tr',
  is_phone_visible: true,
  is_email_visible: true,
};
const BAD_BLEED = "Geçersiz taşma payı: 'bleed' 0 ya da 1 olmalıdır.";
const BLEED_ONLY_CARD = 'Taşma payı (bleed=1) yalnızca kartvizitte (format=card) kullanılabilir.';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signIn>>;
let ayse: CreatedCustomer;
let bare: CreatedCustomer;
let longOne: CreatedCustomer;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.app);
  ayse = await createCustomer(t, admin, 'Ayşe', 'Kaya');
  bare = await createCustomer(t, admin, 'Ömer', 'Çelik');
  longOne = await createCustomer(t, admin, 'Şükriye Gülşah', 'Karaağaçlıoğulları');
  await t.db('customer_profiles').where({ customer_id: ayse.id }).update(IDENTITY);
  await t
    .db('customer_profiles')
    .where({ customer_id: longOne.id })
    .update({
      company: `${'Güneşoğlu İnşaat Taahhüt Mühendislik '.repeat(3)}Ltd. Şti.`.slice(0, 100),
      title: 'Yönetim Kurulu Başkan Yardımcısı ve Genel Müdür',
      email: 'bilgi.satis.departmani@gunesogluinsaattaahhut.com.tr',
      phone: '+902121234567',
      address_line:
        'Büyükdere Caddesi Levent Plaza Blok B Kat 14 Daire 142 Ayazağa Mahallesi Sarıyer Yolu Üzeri No: 185',
      district: 'Sarıyer',
      city: 'İstanbul',
      postal_code: '34394',
      is_phone_visible: true,
      is_email_visible: true,
    });
});
afterAll(() => t.close());

const tagged = (slug: string) => `http://${HOST}/${slug}?k=qr`;

function get(url: string, agent: request.Agent | null = null): request.Test {
  return (agent ? agent.get(url) : request(t.app).get(url)).set('Host', HOST).buffer(true).responseType('blob');
}

function pdfOf(res: request.Response): Buffer {
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  return res.body as Buffer;
}

function expectPageMm(size: { width: number; height: number }, width: number, height: number): void {
  expect(size.width).toBeCloseTo(width * PT_PER_MM, 1);
  expect(size.height).toBeCloseTo(height * PT_PER_MM, 1);
}

/** Whether any pixel of `area` (mm) is darker than mid-grey, or of the colour `rgb` (±40 per channel). */
function painted(
  image: Rendered,
  area: { x: number; y: number; width: number; height: number },
  rgb?: readonly [number, number, number],
): boolean {
  const [x0, y0] = [Math.floor(area.x * image.scale), Math.floor(area.y * image.scale)];
  const [x1, y1] = [
    Math.min(image.width, Math.ceil((area.x + area.width) * image.scale)),
    Math.min(image.height, Math.ceil((area.y + area.height) * image.scale)),
  ];
  for (let y = Math.max(0, y0); y < y1; y += 1) {
    for (let x = Math.max(0, x0); x < x1; x += 1) {
      const i = (y * image.width + x) * 4;
      const [r, g, b] = [image.data[i]!, image.data[i + 1]!, image.data[i + 2]!];
      if (
        rgb
          ? Math.abs(r - rgb[0]) < 40 && Math.abs(g - rgb[1]) < 40 && Math.abs(b - rgb[2]) < 40
          : r < 128 && g < 128 && b < 128
      )
        return true;
    }
  }
  return false;
}

/** How far the dark pixels of the row at `yMm` reach across the page, in mm. */
function darkWidthMm(image: Rendered, yMm: number): number {
  const row = Math.round(yMm * image.scale);
  let [first, last] = [-1, -1];
  for (let x = 0; x < image.width; x += 1) {
    if (image.data[(row * image.width + x) * 4]! < 128) [first, last] = [first < 0 ? x : first, x];
  }
  return first < 0 ? 0 : (last - first + 1) / image.scale;
}

/** A box numbers as pdfkit writes them (`[x0 y0 x1 y1]` in points). */
const box = (...mmValues: number[]) =>
  `[${mmValues.map((v) => String(Math.round(v * PT_PER_MM * 1e5) / 1e5)).join(' ')}]`;

describe('the business card shows the business', () => {
  it(
    'front: name, title, business, phone and e-mail beside the QR; back: the address, the public address ' +
      'and the brand',
    async () => {
      const doc = await openPdf(pdfOf(await get(`/edit/${ayse.editToken}/print.pdf?format=card`)));
      const [front, back] = await pages(doc);
      const frontText = await pageText(front!);
      for (const part of [
        'Ayşe Kaya',
        'Kurucu ve Tasarımcı',
        'Kaya Seramik Atölyesi',
        '+90 532 123 45 67',
        'merhaba@aysekaya.com.tr',
      ])
        expect(frontText).toContain(part);
      const backText = await pageText(back!);
      for (const part of [
        'Caferağa Mah. Moda Cad. No: 12',
        '34710 Kadıköy / İstanbul',
        `${HOST}/${ayse.slug}`,
        'Vizit ile oluşturuldu',
      ])
        expect(backText).toContain(part);
      expect(decodeQr(await renderPage(doc, front!))).toBe(tagged(ayse.slug));
    },
  );

  it(
    'leaves off a hidden phone and e-mail, and a card without an address or business has the public address ' +
      'alone on the back',
    async () => {
      await t.db('customer_profiles').where({ customer_id: bare.id }).update({
        phone: '+905551112233',
        email: 'omer@example.com',
        is_phone_visible: false,
        is_email_visible: false,
      });
      const doc = await openPdf(pdfOf(await get(`/edit/${bare.editToken}/print.pdf?format=card`)));
      const [front, back] = await pages(doc);
      const frontText = await pageText(front!);
      expect(frontText).toContain('Ömer Çelik');
      expect(frontText).not.toContain('555');
      expect(frontText).not.toContain('omer@example.com');
      expect(await paintsImages(front!)).toBe(false);
      expect((await pageText(back!)).trim()).toBe(`Ömer Çelik ${HOST}/${bare.slug} Vizit ile oluşturuldu`);
      expect(decodeQr(await renderPage(doc, front!))).toBe(tagged(bare.slug));
    },
  );

  it(
    'fits a 100-character business, a long title, a long e-mail and a long address inside the card, every ' +
      'letter read back',
    async () => {
      const profile = await t.db('customer_profiles').where({ customer_id: longOne.id }).first();
      expect(String(profile.company)).toHaveLength(100);
      const doc = await openPdf(pdfOf(await get(`/edit/${longOne.editToken}/print.pdf?format=card`)));
      expect(doc.numPages).toBe(2);
      const [front, back] = await pages(doc);
      const frontText = await pageText(front!);
      for (const part of [
        'Şükriye Gülşah Karaağaçlıoğulları',
        String(profile.company),
        String(profile.title),
        String(profile.email),
        '+90 212 123 45 67',
      ])
        expect(frontText).toContain(part);
      expect(await pageText(back!)).toContain(String(profile.address_line));
      for (const page of [front!, back!]) {
        const image = await renderPage(doc, page);
        // Nothing but the accent band within 3 mm of the top, right and bottom edges.
        for (const edge of [
          { x: 0, y: 0, width: 85, height: 3 },
          { x: 82, y: 0, width: 3, height: 55 },
          { x: 6, y: 52, width: 79, height: 3 },
        ]) {
          expect(painted(image, edge)).toBe(false);
        }
      }
      expect(decodeQr(await renderPage(doc, front!))).toBe(tagged(longOne.slug));
    },
  );

  it("shows the customer's photo on the front when there is no brand logo", async () => {
    const dir = path.join(t.config.uploadsDir, String(ayse.id));
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, 'profile-print.jpg'), await solidJpeg(400, 400, { r: 214, g: 120, b: 80 }));
    await t
      .db('customer_profiles')
      .where({ customer_id: ayse.id })
      .update({ profile_photo: `/uploads/${ayse.id}/profile-print.jpg`, is_profile_visible: true });
    const pdf = pdfOf(await get(`/admin/customers/${ayse.id}/print.pdf?format=card`, admin.agent));
    expect(pdf.toString('latin1')).toContain('/DCTDecode');
    const doc = await openPdf(pdf);
    const [front, back] = await pages(doc);
    expect(await paintsImages(front!)).toBe(true);
    expect(await paintsImages(back!)).toBe(false);
    const image = await renderPage(doc, front!);
    expect(painted(image, { x: 5, y: 4, width: 20, height: 18 }, [214, 120, 80])).toBe(true);
    expect(decodeQr(image)).toBe(tagged(ayse.slug));
  });
});

describe('bleed=1: the business card for a print shop', () => {
  it(
    'is 91x61 mm with TrimBox and BleedBox, the accent runs into the bleed, crop marks sit outside the ' +
      'trim, and the QR still reads',
    async () => {
      const res = await get(`/edit/${ayse.editToken}/print.pdf?format=card&bleed=1`);
      const pdf = pdfOf(res);
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="kartvizit-matbaa-${ayse.slug}.pdf"; ` +
          `filename*=UTF-8''Kartvizit%20%28matbaa%29%20-%20Ay%C5%9Fe%20Kaya.pdf`,
      );
      const text = pdf.toString('latin1');
      expect(text.match(/\/TrimBox \[[^\]]*\]/g)).toEqual(Array(2).fill(`/TrimBox ${box(3, 3, 88, 58)}`));
      expect(text.match(/\/BleedBox \[[^\]]*\]/g)).toEqual(Array(2).fill(`/BleedBox ${box(0, 0, 91, 61)}`));
      const doc = await openPdf(pdf);
      const [front, back] = await pages(doc);
      for (const page of [front!, back!]) expectPageMm(pageSizePt(page), 91, 61);
      expect(await pageText(front!)).toContain('Kaya Seramik Atölyesi');
      const image = await renderPage(doc, front!);
      expect(decodeQr(image)).toBe(tagged(ayse.slug));
      // Vizit's accent fills the band to the page's left edge, in the bleed, top to bottom.
      expect(painted(image, { x: 0.2, y: 30, width: 1, height: 1 }, [79, 70, 229])).toBe(true);
      expect(painted(image, { x: 0.2, y: 0.2, width: 1, height: 1 }, [79, 70, 229])).toBe(true);
      // A crop mark on the line of the right cut above the card, none inside the trim's corner.
      expect(painted(image, { x: 87.8, y: 0, width: 0.4, height: 1.8 })).toBe(true);
      expect(painted(image, { x: 85, y: 3.2, width: 2.6, height: 3 })).toBe(false);
    },
  );

  it('is the same from the administrator, and bleed=0 is the plain card', async () => {
    const doc = await openPdf(
      pdfOf(await get(`/admin/customers/${bare.id}/print.pdf?format=card&bleed=1`, admin.agent)),
    );
    expectPageMm(pageSizePt(await doc.getPage(1)), 91, 61);
    expect(decodeQr(await renderPage(doc, await doc.getPage(1)))).toBe(tagged(bare.slug));
    const plain = await openPdf(
      pdfOf(await get(`/admin/customers/${bare.id}/print.pdf?format=card&bleed=0`, admin.agent)),
    );
    expectPageMm(pageSizePt(await plain.getPage(1)), 85, 55);
  });

  it('refuses another bleed value, and bleed on the table card or the sheet, with a Turkish 400 page', async () => {
    for (const value of ['2', 'yes', '', 'true']) {
      const res = await request(t.app).get(`/edit/${ayse.editToken}/print.pdf?format=card&bleed=${value}`).expect(400);
      expect(res.text).toContain(BAD_BLEED.replaceAll("'", '&#39;'));
    }
    const a6 = await request(t.app).get(`/edit/${ayse.editToken}/print.pdf?format=a6&bleed=1`).expect(400);
    expect(a6.text).toContain(BLEED_ONLY_CARD);
    const sheet = await admin.agent.get(`/admin/print.pdf?ids=${ayse.id}&bleed=1`).expect(400);
    expect(sheet.text).toContain(BLEED_ONLY_CARD);
    await admin.agent.get(`/admin/print.pdf?ids=${ayse.id}&bleed=0`).expect(200);
  });

  it('is linked from the welcome page and the customer page', async () => {
    const welcome = await request(t.app).get(`/edit/${ayse.editToken}`).expect(200);
    expect(welcome.text).toContain(
      `href="/edit/${ayse.editToken}/print.pdf?format=card&amp;bleed=1" download>Matbaa için kartvizit (PDF, ` +
        `3 mm taşma payı)</a>`,
    );
    const page = await admin.agent.get(`/admin/customers/${ayse.id}`).expect(200);
    expect(page.text).toContain(
      `href="/admin/customers/${ayse.id}/print.pdf?format=card&amp;bleed=1" download>Matbaa için kartvizit ` +
        `(PDF, 3 mm taşma payı)</a>`,
    );
  });
});

describe('the A6 table card', () => {
  it('without Wi-Fi fills the page: the business, the name and title, a larger QR and the address', async () => {
    const doc = await openPdf(pdfOf(await get(`/edit/${ayse.editToken}/print.pdf?format=a6`)));
    const page = await doc.getPage(1);
    const text = await pageText(page);
    for (const part of [
      'Kaya Seramik Atölyesi',
      'Ayşe Kaya',
      'Kurucu ve Tasarımcı',
      'Kameranızla okutun',
      'Caferağa Mah. Moda Cad. No: 12',
      '34710 Kadıköy / İstanbul',
    ])
      expect(text).toContain(part);
    const image = await renderPage(doc, page);
    expect(decodeQr(image)).toBe(tagged(ayse.slug));
    // The code's modules span more than the 58 mm they had before (a 74 mm square with its quiet zone).
    expect(darkWidthMm(image, 75)).toBeGreaterThan(60);
    // Nothing left blank in the lower third but the margins: the address sits there.
    expect(painted(image, { x: 10, y: 118, width: 85, height: 20 })).toBe(true);
  });

  it('with a visible Wi-Fi link is as before, plus the business', async () => {
    await t.db('social_links').insert({
      customer_id: ayse.id,
      platform: 'wifi',
      url: 'Kaya Misafir|çamur-2026',
      label: 'Wi-Fi',
      is_visible: true,
      order_index: 0,
    });
    try {
      const doc = await openPdf(pdfOf(await get(`/edit/${ayse.editToken}/print.pdf?format=a6`)));
      const page = await doc.getPage(1);
      const text = await pageText(page);
      for (const part of ['Kaya Seramik Atölyesi', 'Ayşe Kaya', 'Kameranızla okutun', 'Kaya Misafir', 'çamur-2026'])
        expect(text).toContain(part);
      const image = await renderPage(doc, page);
      expect(decodeQr(image, { x: 0, y: 0, width: 105, height: 100 })).toBe(tagged(ayse.slug));
      expect(decodeQr(image, { x: 0, y: 100, width: 105, height: 48 })).toBe(
        'WIFI:T:WPA;S:Kaya Misafir;P:çamur-2026;;',
      );
    } finally {
      await t.db('social_links').where({ customer_id: ayse.id, platform: 'wifi' }).delete();
    }
  });
});

describe('the sheet of fronts', () => {
  it(
    'prints the new front for each customer: business, ' + 'title, phone and e-mail, each QR decoding in its slot',
    async () => {
      const res = await get(`/admin/print.pdf?ids=${ayse.id},${bare.id},${longOne.id}`, admin.agent);
      const doc = await openPdf(pdfOf(res));
      const page = await doc.getPage(1);
      const text = await pageText(page);
      for (const part of [
        'Ayşe Kaya',
        'Kaya Seramik Atölyesi',
        'Kurucu ve Tasarımcı',
        '+90 532 123 45 67',
        'merhaba@aysekaya.com.tr',
        'Ömer Çelik',
        'bilgi.satis.departmani@gunesogluinsaattaahhut.com.tr',
      ]) {
        expect(text).toContain(part);
      }
      const image = await renderPage(doc, page);
      const slots = [ayse, bare, longOne].map((_, i) => ({
        x: 20 + (i % 2) * 85,
        y: 11 + Math.floor(i / 2) * 55,
        width: 85,
        height: 55,
      }));
      expect(slots.map((slot) => decodeQr(image, slot))).toEqual([ayse, bare, longOne].map((c) => tagged(c.slug)));
    },
  );
});

describe('with an agency logo', () => {
  it("keeps the customer's photo on the front and prints the agency's logo small on the back (issue 35)", async () => {
    const logo = await sharp({
      create: { width: 600, height: 200, channels: 4, background: { r: 29, g: 53, b: 87, alpha: 1 } },
    })
      .png()
      .toBuffer();
    const form = await admin.agent.get('/admin/settings').expect(200);
    await admin.agent
      .post('/admin/settings')
      .field('_csrf', csrfFrom(form.text))
      .field('brand_name', 'Deniz Ajans')
      .field('brand_url', 'https://denizajans.com.tr')
      .field('accent_color', '#0f766e')
      .attach('logo', logo, 'logo.png')
      .expect(303);
    const dir = path.join(t.config.uploadsDir, String(ayse.id));
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, 'profile-print.jpg'), await solidJpeg(400, 400, { r: 214, g: 120, b: 80 }));
    await t
      .db('customer_profiles')
      .where({ customer_id: ayse.id })
      .update({ profile_photo: `/uploads/${ayse.id}/profile-print.jpg`, is_profile_visible: true });
    const pdf = pdfOf(await get(`/edit/${ayse.editToken}/print.pdf?format=card`));
    // The photo's JPEG is in the file: the logo no longer takes its place.
    expect(pdf.toString('latin1')).toContain('/DCTDecode');
    const doc = await openPdf(pdf);
    const [front, back] = await pages(doc);
    expect(await pageText(back!)).toContain('Deniz Ajans ile oluşturuldu');
    const image = await renderPage(doc, front!);
    expect(painted(image, { x: 5, y: 4, width: 20, height: 18 }, [214, 120, 80])).toBe(true);
    expect(painted(image, { x: 5, y: 3, width: 30, height: 12 }, [29, 53, 87])).toBe(false);
    expect(decodeQr(image)).toBe(tagged(ayse.slug));
    // On the back, small above "Deniz Ajans ile oluşturuldu": at most 18x4.5 mm, centred.
    const backImage = await renderPage(doc, back!);
    expect(painted(backImage, { x: 36, y: 40, width: 13, height: 4 }, [29, 53, 87])).toBe(true);

    // A customer with no photo: the agency's logo stands on the front, as the card's only mark.
    const bareDoc = await openPdf(pdfOf(await get(`/admin/customers/${bare.id}/print.pdf?format=card`, admin.agent)));
    const [bareFront, bareBack] = await pages(bareDoc);
    expect(painted(await renderPage(bareDoc, bareFront!), { x: 5, y: 3, width: 30, height: 12 }, [29, 53, 87])).toBe(
      true,
    );
    expect(await paintsImages(bareBack!)).toBe(false);
    const sheet = await openPdf(pdfOf(await get(`/admin/print.pdf?ids=${ayse.id},${bare.id}`, admin.agent)));
    expect(await paintsImages(await sheet.getPage(1))).toBe(true);
  });
});
