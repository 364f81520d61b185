/**
 * One IBAN feature (issue 24): a new IBAN is the "Banka Hesabı" card's, never a new link. The
 * platform grid's IBAN opens the card's dialog, a posted IBAN link is refused in that dialog with
 * what was typed; IBAN links saved before keep working, in the editor and on the public page,
 * where each account shows once. The public IBAN dialog speaks to a phone and to a desktop.
 */
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOwnerWorld, type TestApp } from '../helpers/app.js';

let t: TestApp;
let customer: { id: number; slug: string; editToken: string };
beforeEach(async () => {
  ({ t, customer } = await createOwnerWorld());
});
afterEach(() => t.close());

const IBAN = 'TR330006100519786457841326';
const GROUPED = 'TR33 0006 1005 1978 6457 8413 26';
const OTHER_IBAN = 'TR320010009999901234567890';
const OTHER_GROUPED = 'TR32 0010 0099 9990 1234 5678 90';

const base = () => `/edit/${customer.editToken}`;
const post = (path: string, fields: Record<string, string>) =>
  request(t.app).post(`${base()}${path}`).type('form').send(fields);
const editPage = async () => (await request(t.app).get(`${base()}/profile`).expect(200)).text;
const publicPage = async () => (await request(t.app).get(`/${customer.slug}`).expect(200)).text;
const ibanLinks = () => t.db('social_links').where({ customer_id: customer.id, platform: 'iban' });
const count = (text: string, part: string) => text.split(part).length - 1;

async function savedIbanLink(iban: string, holder: string, orderIndex = 0): Promise<number> {
  const [row] = await t
    .db('social_links')
    .insert({
      customer_id: customer.id,
      platform: 'iban',
      url: `${iban}|${holder}`,
      label: 'IBAN',
      icon: null,
      is_visible: true,
      order_index: orderIndex,
      created_at: Date.now(),
    })
    .returning('id');
  return Number(typeof row === 'object' ? row.id : row);
}

describe('a new IBAN goes on the Banka Hesabı card', () => {
  it("the platform grid's IBAN opens the card's dialog; there is no form for an IBAN link", async () => {
    const html = await editPage();
    expect(html).toMatch(/<a class="platform" href="#iban">[\s\S]*?IBAN<\/a>/);
    expect(html).not.toContain('id="baglanti-ekle-iban"');
    expect(html).toContain('href="#baglanti-ekle-wifi"');
  });

  it("refuses a posted IBAN link (422) in the card's dialog, in Turkish, with what was typed", async () => {
    const res = await post('/links', { platform: 'iban', iban: GROUPED, account_holder: 'Kaya & Oğulları' }).expect(
      422,
    );
    expect(res.text).toMatch(/<dialog class="modal" id="iban"[^>]* open data-autoshow/);
    expect(res.text).toContain(
      'IBAN bağlantı olarak eklenmez: sayfanızda &#34;Banka Hesabı&#34; kartında gösterilir. Bilgileri ' +
        'kontrol edip kaydedin.',
    );
    expect(res.text).toContain(`value="${GROUPED}"`);
    expect(res.text).toContain('value="Kaya &amp; Oğulları"');
    expect(await ibanLinks()).toHaveLength(0);
    expect(await t.db('iban_info').where({ customer_id: customer.id })).toHaveLength(0);
  });

  it("refuses it as JSON for the page's script too, adding nothing", async () => {
    const res = await post('/links', { platform: 'iban', iban: IBAN, account_holder: 'Ayşe Kaya' })
      .set('Accept', 'application/json')
      .expect(422);
    expect(res.body.fields.platform).toMatch(/^IBAN bağlantı olarak eklenmez/);
    expect(await ibanLinks()).toHaveLength(0);
  });

  it('saves the same values on the card from that dialog', async () => {
    await post('/iban', { iban: GROUPED, account_holder: 'Kaya & Oğulları' }).expect(303);
    expect(await t.db('iban_info').where({ customer_id: customer.id }).first()).toMatchObject({
      iban: IBAN,
      account_holder: 'Kaya & Oğulları',
    });
    expect(count(await publicPage(), GROUPED)).toBe(1);
  });
});

describe('IBAN links saved before', () => {
  it('stay in the editor, and can be edited, hidden and deleted', async () => {
    const id = await savedIbanLink(IBAN, 'Ayşe Kaya');
    expect(await editPage()).toContain(`id="baglanti-duzenle-${id}"`);
    await post(`/links/${id}`, { iban: OTHER_IBAN, account_holder: 'Ayşe Kaya', label: 'Hesabım' }).expect(303);
    expect((await ibanLinks())[0]).toMatchObject({ url: `${OTHER_IBAN}|Ayşe Kaya`, label: 'Hesabım' });
    await post(`/links/${id}/delete`, {}).expect(303);
    expect(await ibanLinks()).toHaveLength(0);
  });

  it("show each account once on the public page: a link with the card's IBAN is left to the card", async () => {
    await post('/iban', { iban: IBAN, account_holder: 'Ayşe Kaya' }).expect(303);
    const same = await savedIbanLink(IBAN, 'Ayşe Kaya', 0);
    const other = await savedIbanLink(OTHER_IBAN, 'Kaya Ltd.', 1);
    const html = await publicPage();
    expect(count(html, GROUPED)).toBe(1);
    expect(html).toContain('<section class="section card iban"');
    expect(html).not.toContain(`id="baglanti-${same}"`);
    expect(count(html, OTHER_GROUPED)).toBe(1);
    expect(html).toContain(`id="baglanti-${other}"`);
    // The owner still sees both links, the one the card covers marked so.
    const editor = await editPage();
    expect(editor).toContain(`data-link-id="${same}"`);
    expect(editor).toContain('Sayfada &#34;Banka Hesabı&#34; kartında gösteriliyor');
  });

  it('show once when two links hold the same IBAN, and the link shows while the card is hidden', async () => {
    await savedIbanLink(IBAN, 'Ayşe Kaya', 0);
    await savedIbanLink(IBAN, 'Ayşe Kaya', 1);
    expect(count(await publicPage(), GROUPED)).toBe(1);
    await post('/iban', { iban: IBAN, account_holder: 'Ayşe Kaya' }).expect(303);
    await post('/iban/visibility', { is_visible: '0' }).expect(303);
    const html = await publicPage();
    expect(html).not.toContain('<section class="section card iban"');
    expect(count(html, GROUPED)).toBe(1);
  });
});

describe('the public IBAN dialog', () => {
  it('says to copy on a phone and to scan on a desktop, both in the page so it works without JavaScript', async () => {
    const id = await savedIbanLink(IBAN, 'Ayşe Kaya');
    const html = await publicPage();
    const dialog = html.slice(html.indexOf(`id="baglanti-${id}"`));
    expect(dialog).toMatch(
      /class="qr-hint qr-hint--touch"[^>]*>IBAN(?:'|&#39;)ı kopyalayıp banka uygulamanızda para gönderirken/,
    );
    expect(dialog).toMatch(/class="qr-hint qr-hint--pointer"[^>]*>Telefonunuzun kamerasıyla okutun/);
  });
});
