/**
 * What the owner types is saved as typed or refused with a Turkish reason, never changed without
 * a word (issue 23): a company name as the IBAN holder, and web addresses checked by one rule, the
 * server's, never by the browser's English bubble.
 */
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOwnerWorld, type TestApp } from '../helpers/app.js';
import { seedFullProfile } from '../helpers/fixtures.js';

let t: TestApp;
let customer: { id: number; slug: string; editToken: string };
beforeEach(async () => {
  ({ t, customer } = await createOwnerWorld());
});
afterEach(() => t.close());

const IBAN = 'TR330006100519786457841326';
const base = () => `/edit/${customer.editToken}`;
const post = (path: string, fields: Record<string, string>) =>
  request(t.app).post(`${base()}${path}`).type('form').send(fields);
const ibanRow = () => t.db('iban_info').where({ customer_id: customer.id }).first();
const editPage = async () => (await request(t.app).get(`${base()}/profile`).expect(200)).text;

describe('the IBAN holder', () => {
  it.each([
    'Çağlar Seramik Ltd. Şti.',
    'Kaya & Oğulları İnşaat Tic. A.Ş.',
    "Ayşe'nin Atölyesi, 2. Şube - Kadıköy",
    'Öz-Er Gıda San. ve Tic. Ltd. Şti.',
  ])('takes the company name %j exactly as typed, on the card and on an IBAN link saved before', async (holder) => {
    await post('/iban', { iban: IBAN, account_holder: holder }).expect(303);
    expect(await ibanRow()).toMatchObject({ account_holder: holder });
    // New IBAN links are refused (the card holds a new IBAN); one saved before is still edited.
    await t.db('social_links').insert({
      customer_id: customer.id,
      platform: 'iban',
      url: `${IBAN}|Ali Veli`,
      label: 'IBAN',
      is_visible: true,
      order_index: 0,
      created_at: Date.now(),
    });
    const link = await t.db('social_links').where({ customer_id: customer.id, platform: 'iban' }).first();
    await post(`/links/${link.id}`, { iban: IBAN, account_holder: holder, label: 'IBAN' }).expect(303);
    expect(await t.db('social_links').where({ id: link.id }).first()).toMatchObject({ url: `${IBAN}|${holder}` });
    expect(await editPage()).toContain(
      `<span class="iban__holder">${holder.replace(/&/g, '&amp;').replace(/'/g, '&#39;')}</span>`,
    );
  });

  it.each(['Ayşe <Kaya>', 'Ali_Veli', 'ali@veli', 'Ali|Veli', '.,&-'])(
    'refuses %j with a Turkish reason in the dialog, keeping it as typed and the saved card',
    async (holder) => {
      await post('/iban', { iban: IBAN, account_holder: 'Ali Veli' }).expect(303);
      const res = await post('/iban', { iban: IBAN, account_holder: holder }).expect(422);
      expect(res.text).toMatch(/<dialog class="modal" id="iban"[^>]* open data-autoshow/);
      expect(res.text).toMatch(/id="iban-account_holder-not">Hesap sahibi yalnızca harf, rakam, boşluk ve/);
      expect(res.text).toContain(
        `value="${holder.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}"`,
      );
      expect(await ibanRow()).toMatchObject({ account_holder: 'Ali Veli' });
    },
  );

  it('is not reshaped as it is typed: the field has no shape, its hint names what it takes', async () => {
    const dialog = /<dialog class="modal" id="iban"[\s\S]*?<\/dialog>/.exec(await editPage())![0];
    const field = /<input[^>]*name="account_holder"[^>]*>/.exec(dialog)![0];
    expect(field).not.toContain('data-shape');
    expect(dialog).toContain('Harfler, rakamlar, boşluk ve . , &amp; - &#39; işaretleri.');
  });
});

describe('web addresses in the owner editor', () => {
  it("no field is left to the browser's own English check: no type=url or type=email, no native required", async () => {
    await seedFullProfile(t, customer.id);
    const html = await editPage();
    const inputs = html.match(/<input\b[^>]*>/g) ?? [];
    expect(inputs.length).toBeGreaterThan(20);
    expect(inputs.filter((tag) => /type="(url|email)"/.test(tag))).toEqual([]);
    expect(inputs.filter((tag) => /\srequired\b/.test(tag) && !/type="(file|radio)"/.test(tag))).toEqual([]);
    for (const id of ['iletisim-website', 'kapak-cover_value', 'arka-plan-video-background_value']) {
      expect(html).toMatch(new RegExp(`<input class="input" id="${id}"[^>]* type="text"[^>]* inputmode="url"`));
    }
  });

  it('a bare domain becomes https:// in the contact dialog as in a website or custom link', async () => {
    await post('/profile', { website: 'seramikatolye.com.tr' }).expect(303);
    await post('/links', { platform: 'website', url: 'seramikatolye.com.tr' }).expect(303);
    await post('/links', { platform: 'custom', url: 'seramikatolye.com.tr/kurslar', label: 'Kurslar' }).expect(303);
    expect((await t.db('customer_profiles').where({ customer_id: customer.id }).first()).website).toBe(
      'https://seramikatolye.com.tr',
    );
    const urls = (await t.db('social_links').where({ customer_id: customer.id }).orderBy('order_index')).map(
      (l: { url: string }) => l.url,
    );
    expect(urls).toEqual(['https://seramikatolye.com.tr', 'https://seramikatolye.com.tr/kurslar']);
  });
});
