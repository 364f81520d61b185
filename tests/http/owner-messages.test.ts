/**
 * The owner's messages beyond the list (owner-pages.test.ts): deleting one after a confirmation,
 * and the "{n} yeni" badge on the welcome page's messages tile.
 */
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOwnerWorld, type TestApp } from '../helpers/app.js';

let t: TestApp;
let now: number;
let customer: { id: number; slug: string; editToken: string };
let other: { id: number; slug: string; editToken: string };
beforeEach(async () => {
  now = Date.parse('2026-11-21T09:00:00Z');
  ({ t, customer, other } = await createOwnerWorld({ clock: () => new Date(now) }));
});
afterEach(() => t.close());

const base = () => `/edit/${customer.editToken}`;
const welcome = async () => (await request(t.app).get(base()).expect(200)).text;
const version = async () => Number((await t.db('customers').where({ id: customer.id }).first()).version);

async function addMessage(text: string, at: number, customerId = customer.id): Promise<number> {
  const [row] = await t
    .db('anonymous_messages')
    .insert({ customer_id: customerId, message: text, created_at: at })
    .returning('id');
  return Number(typeof row === 'object' ? row.id : row);
}

describe('deleting a message', () => {
  it('offers a delete link per message and a confirmation quoting it, which posts the delete', async () => {
    const id = await addMessage('Kargo <geç> geldi', now - 60_000);
    const html = (await request(t.app).get(`${base()}/messages`).expect(200)).text;
    expect(html).toContain(`href="#mesaj-sil-${id}" aria-label="1 dakika önce gelen mesajı sil"`);
    const dialog = html.slice(html.indexOf(`<dialog class="modal" id="mesaj-sil-${id}"`));
    expect(dialog).toContain('Bu mesajı silmek istediğinizden emin misiniz? Silinen mesaj geri getirilemez.');
    expect(dialog).toContain('Kargo &lt;geç&gt; geldi');
    expect(dialog).toContain(`action="${base()}/messages/${id}/delete"`);
    expect(dialog).toContain('>Vazgeç</a>');
  });

  it('deletes the message, says "Mesaj silindi." and keeps the others', async () => {
    const id = await addMessage('Silinecek', now - 60_000);
    await addMessage('Kalacak', now - 30_000);
    await request(t.app)
      .post(`${base()}/messages/${id}/delete`)
      .type('form')
      .send({})
      .expect(303)
      .expect('Location', `${base()}/messages?durum=mesaj-silindi`);
    const html = (await request(t.app).get(`${base()}/messages?durum=mesaj-silindi`).expect(200)).text;
    expect(html).toContain('Mesaj silindi.');
    expect(html).toContain('Toplam 1 mesaj');
    expect(html).toContain('Kalacak');
    expect(html).not.toContain('Silinecek');
    // An unknown notice code shows nothing.
    expect((await request(t.app).get(`${base()}/messages?durum=%3Cb%3E`).expect(200)).text).not.toContain(
      'notice--success',
    );
  });

  it('returns to the page the owner was reading', async () => {
    const id = await addMessage('Eski', now - 60_000);
    await request(t.app)
      .post(`${base()}/messages/${id}/delete`)
      .type('form')
      .send({ sayfa: '2' })
      .expect(303)
      .expect('Location', `${base()}/messages?sayfa=2&durum=mesaj-silindi`);
  });

  it('answers a script with JSON', async () => {
    const id = await addMessage('Silinecek', now);
    const res = await request(t.app)
      .post(`${base()}/messages/${id}/delete`)
      .set('Accept', 'application/json')
      .expect(200);
    expect(res.body).toEqual({ ok: true, message: 'Mesaj silindi.', id });
    expect(await t.db('anonymous_messages').where({ id }).first()).toBeUndefined();
  });

  it(
    "is a 404 for another customer's message, a missing or malformed id, or a wrong token, " + 'deleting nothing',
    async () => {
      const theirs = await addMessage('Başkasının', now, other.id);
      const mine = await addMessage('Benim', now);
      for (const id of [String(theirs), '999999', '0', '-1', '1e3', 'abc', `${mine}.0`]) {
        const res = await request(t.app).post(`${base()}/messages/${id}/delete`).type('form').send({}).expect(404);
        expect(res.text).not.toContain('Başkasının');
      }
      const json = await request(t.app)
        .post(`${base()}/messages/${theirs}/delete`)
        .set('Accept', 'application/json')
        .expect(404);
      expect(json.body).toEqual({ ok: false, error: 'Mesaj bulunamadı.' });
      for (const token of ['x'.repeat(43), 'kisa', other.editToken]) {
        await request(t.app).post(`/edit/${token}/messages/${mine}/delete`).type('form').send({}).expect(404);
      }
      expect(await t.db('anonymous_messages').count({ n: '*' }).first()).toMatchObject({ n: 2 });
    },
  );

  it('does not touch the public page version (messages are not on the public page)', async () => {
    const id = await addMessage('Silinecek', now);
    const before = await version();
    await request(t.app).post(`${base()}/messages/${id}/delete`).type('form').send({}).expect(303);
    expect(await version()).toBe(before);
  });
});

describe('the "{n} yeni" badge on the messages tile', () => {
  it('shows nothing without messages, "3 yeni" for three new ones, and nothing once the page was opened', async () => {
    expect(await welcome()).not.toContain('tile__badge');
    for (let i = 0; i < 3; i += 1) await addMessage(`Mesaj ${i}`, now - 1000 * (i + 1));
    await addMessage('Başkasının', now, other.id);
    expect(await welcome()).toContain(
      '<span class="tile__badge">3 yeni<span class="visually-hidden"> mesaj</span></span>',
    );

    const before = await version();
    now += 60_000;
    await request(t.app).get(`${base()}/messages`).expect(200);
    expect(await welcome()).not.toContain('tile__badge');
    // Writing "seen" on a GET is not a change of the public page: its cache stays valid.
    expect(await version()).toBe(before);

    now += 60_000;
    await addMessage('Yeni gelen', now);
    expect(await welcome()).toContain('1 yeni');
    // The other customer's badge is their own.
    const theirs = (await request(t.app).get(`/edit/${other.editToken}`).expect(200)).text;
    expect(theirs).toContain('1 yeni');
  });

  it('is not cleared by a JSON read of the list (a script, not the owner looking)', async () => {
    await addMessage('Yeni', now - 1000);
    await request(t.app).get(`${base()}/messages`).set('Accept', 'application/json').expect(200);
    expect(await welcome()).toContain('1 yeni');
  });

  it('is cleared by reading any page of the list, and never moves back', async () => {
    await addMessage('Yeni', now - 1000);
    await request(t.app).get(`${base()}/messages?sayfa=2`).expect(200);
    expect(await welcome()).not.toContain('tile__badge');
    const seen = Number((await t.db('customer_profiles').where({ customer_id: customer.id }).first()).messages_seen_at);
    now -= 3_600_000; // a clock step back, or a slow request finishing late
    await request(t.app).get(`${base()}/messages`).expect(200);
    expect(Number((await t.db('customer_profiles').where({ customer_id: customer.id }).first()).messages_seen_at)).toBe(
      seen,
    );
  });

  it('still shows the welcome page when the count cannot be read', async () => {
    await t.db.schema.renameTable('anonymous_messages', 'anonymous_messages_gone');
    const html = await welcome();
    expect(html).toContain('Merhaba, Ayşe!');
    expect(html).not.toContain('tile__badge');
    await t.db.schema.renameTable('anonymous_messages_gone', 'anonymous_messages');
  });
});
