/**
 * Card codes (issue 40; docs/product.md, Card codes): batches made by a `yonetici`, listed with their state and
 * exported for the NFC writer; codes pointed at a customer, moved and taken off, each in the activity log; `/k/{code}`
 * answering 302 to the card (counted under the code), the branded "not activated" page, or 404, with guessing
 * throttled.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARD_CODE_ALPHABET } from '../../src/domain/card-code.js';
import { CODE_GUESSES_PER_WINDOW } from '../../src/middleware/code-guess-throttle.js';
import { createCustomer, createTestApp, signIn, type TestApp } from '../helpers/app.js';
import { addSignedInAdministrator, type Session } from '../helpers/team.js';

const PHONE =
  'Mozilla/5.0 (Linux; Android 14; SM-A546B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const CODE_SHAPE = new RegExp(`^[${CARD_CODE_ALPHABET}]{6}$`);

let t: TestApp;
let owner: Session;
let editor: Session;
let assigned: Session;
let ayla: { id: number; slug: string };
let bora: { id: number; slug: string };
let batchId: number;
let codes: string[];

const makeBatch = (s: Session, fields: Record<string, string>) =>
  s.agent
    .post('/admin/codes')
    .type('form')
    .send({ _csrf: s.csrf, ...fields });
const assign = (s: Session, code: string, customerId: string) =>
  s.agent.post(`/admin/codes/${code}/assign`).type('form').send({ _csrf: s.csrf, customer_id: customerId });

beforeAll(async () => {
  t = await createTestApp({ env: { TRUST_PROXY: 'true' } });
  owner = await signIn(t.app);
  [editor] = await addSignedInAdministrator(t, 'editor@example.com');
  let editorId: number;
  [assigned, editorId] = await addSignedInAdministrator(t, 'atanan@example.com', { onlyAssigned: true });
  ayla = await createCustomer(t, owner, 'Ayla', 'Kaya');
  bora = await createCustomer(t, owner, 'Bora', 'Demir');
  await t.db('customers').where({ id: ayla.id }).update({ assignee_id: editorId });
  const made = await makeBatch(owner, { count: '25', kind: 'nfc', label: 'Aralık siparişi' }).expect(303);
  batchId = Number(/parti=(\d+)/.exec(made.headers.location ?? '')?.[1]);
  codes = (await t.db('card_codes').where({ batch_id: batchId }).orderBy('code')).map((r) => String(r.code));
}, 60_000);
afterAll(() => t.close());

describe('making a batch', () => {
  it('makes unique codes of the alphabet, lists the batch and logs it', async () => {
    expect(codes).toHaveLength(25);
    expect(new Set(codes).size).toBe(25);
    for (const code of codes) expect(code).toMatch(CODE_SHAPE);
    const page = await owner.agent.get(`/admin/codes?parti=${batchId}`).expect(200);
    expect(page.text).toContain('25 kart kodu oluşturuldu.');
    expect(page.text).toContain('Aralık siparişi');
    expect(page.text).toContain('25 kod, 0 bağlı');
    for (const code of codes) expect(page.text).toContain(`id="kod-${code}"`);
    const log = await owner.agent.get('/admin/activity').expect(200);
    expect(log.text).toContain('25 kart kodu oluşturuldu: Aralık siparişi');
  });

  it('refuses a bad count, kind or label inside the page, keeping what was typed', async () => {
    const res = await makeBatch(owner, { count: '1001', kind: 'qr', label: 'Yaz' }).expect(422);
    expect(res.text).toContain('Adet 1 ile 1.000 arasında bir tam sayı olmalıdır.');
    expect(res.text).toMatch(/<option value="qr" selected>/);
    expect(res.text).toContain('value="Yaz"');
    await makeBatch(owner, { count: '0', kind: 'nfc' }).expect(422);
    await makeBatch(owner, { count: '2,5', kind: 'nfc' }).expect(422);
    const kind = await makeBatch(owner, { count: '5', kind: 'rfid' }).expect(422);
    expect(kind.text).toContain('Tür NFC ya da QR olmalıdır.');
    const label = await makeBatch(owner, { count: '5', kind: 'qr', label: 'x'.repeat(101) }).expect(422);
    expect(label.text).toContain('Etiket en fazla 100 karakter olabilir.');
    expect(await t.db('card_code_batches').count({ n: '*' }).first()).toMatchObject({ n: 1 });
  });

  it('is a yonetici’s: an editor sees the codes but makes none, and no session is sent to sign in', async () => {
    const list = await editor.agent.get('/admin/codes').expect(200);
    expect(list.text).not.toContain('method="post" action="/admin/codes"');
    expect(list.text).not.toContain(`/admin/codes/${batchId}.csv`);
    await makeBatch(editor, { count: '5', kind: 'nfc' }).expect(403);
    await editor.agent.get(`/admin/codes/${batchId}.csv`).expect(403);
    await request(t.app).get('/admin/codes').expect(303).expect('Location', '/login');
  });

  it('exports the batch as code and full address, for the NFC writer', async () => {
    const res = await owner.agent.get(`/admin/codes/${batchId}.csv`).expect(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('kod;url');
    expect(lines).toHaveLength(26);
    expect(lines[1]).toMatch(new RegExp(`^${codes[0]};https?://[^/]+/k/${codes[0]}$`));
    await owner.agent.get('/admin/codes/999.csv').expect(404);
  });
});

describe('assigning', () => {
  it('points a code at a customer, moves it, takes it off, each in the log', async () => {
    const code = codes[0]!;
    await assign(owner, code.toLowerCase(), String(ayla.id)).expect(303);
    expect(await t.db('card_codes').where({ code }).first()).toMatchObject({ customer_id: ayla.id });
    await assign(owner, code, String(bora.id)).expect(303);
    await assign(owner, code, '').expect(303);
    expect((await t.db('card_codes').where({ code }).first()).customer_id).toBeNull();
    const history = await t.db('card_code_assignments').where({ code }).orderBy('id');
    expect(history.map((h) => [h.customer_id, h.ended_at === null])).toEqual([
      [ayla.id, false],
      [bora.id, false],
    ]);
    const aylaPage = await owner.agent.get(`/admin/customers/${ayla.id}`).expect(200);
    expect(aylaPage.text).toContain(`Kart kodu ${code} bu müşteriye bağlandı`);
    expect(aylaPage.text).toContain(`Kart kodu ${code} bu müşteriden ayrıldı`);
  });

  it('refuses an unknown customer or code inside the codes page, and JSON says why', async () => {
    const res = await assign(owner, codes[1]!, 'abc').expect(422);
    expect(res.text).toContain('Müşteri numarası geçersiz.');
    await assign(owner, codes[1]!, '99999').expect(404);
    await assign(owner, 'ZZZZZZ', String(ayla.id)).expect(422);
    await assign(owner, 'not-a-code', String(ayla.id)).expect(404);
    const json = await owner.agent
      .post(`/admin/codes/${codes[1]!}/assign`)
      .set('Accept', 'application/json')
      .type('form')
      .send({ _csrf: owner.csrf, customer_id: 'x' })
      .expect(422);
    expect(json.body).toMatchObject({ ok: false, fields: { customer_id: 'Müşteri numarası geçersiz.' } });
  });

  it('lets an editor of their own customers assign only to them', async () => {
    await assign(assigned, codes[2]!, String(bora.id)).expect(404);
    await assign(assigned, codes[2]!, String(ayla.id)).expect(303);
    await assign(owner, codes[3]!, String(bora.id)).expect(303);
    // Bora's code is out of their reach: they cannot take it to Ayla.
    const refused = await assign(assigned, codes[3]!, String(ayla.id)).expect(422);
    expect(refused.text).toContain('Bu kart kodu, erişiminiz dışındaki bir müşterinin kartına bağlı.');
    expect((await t.db('card_codes').where({ code: codes[3]! }).first()).customer_id).toBe(bora.id);
  });
});

describe('the customer page', () => {
  const attach = (s: Session, customerId: number, code: string) =>
    s.agent.post(`/admin/customers/${customerId}/codes`).type('form').send({ _csrf: s.csrf, code });

  it('attaches a typed or scanned code, lists it and takes it off again', async () => {
    const code = codes[20]!;
    await attach(owner, bora.id, ` https://kart.example.com/k/${code.toLowerCase()} `).expect(303);
    const page = await owner.agent.get(`/admin/customers/${bora.id}`).expect(200);
    expect(page.text).toContain(`Kart kodu ${code}, Bora Demir kartına bağlandı.`);
    expect(page.text).toMatch(new RegExp(`class="code-list__code">${code}<`));
    await owner.agent
      .post(`/admin/codes/${code}/assign`)
      .type('form')
      .send({ _csrf: owner.csrf, customer_id: '', back: `/admin/customers/${bora.id}` })
      .expect(303)
      .expect('Location', `/admin/customers/${bora.id}`);
    const after = await owner.agent.get(`/admin/customers/${bora.id}`).expect(200);
    expect(after.text).toContain(`Kart kodu ${code} artık hiçbir karta bağlı değil.`);
    expect(after.text).not.toMatch(new RegExp(`class="code-list__code">${code}<`));
  });

  it('refuses an empty, malformed or unknown code on the page, keeping what was typed', async () => {
    const empty = await attach(owner, bora.id, '  ').expect(422);
    expect(empty.text).toContain('Bağlanacak kart kodunu yazın.');
    const bad = await attach(owner, bora.id, 'AB-12').expect(422);
    expect(bad.text).toContain('Kart kodu 6 karakterdir');
    expect(bad.text).toContain('value="AB-12"');
    const unknown = await attach(owner, bora.id, 'ZZZZZZ').expect(422);
    expect(unknown.text).toContain('Bu kart kodu bulunamadı.');
    await attach(assigned, bora.id, codes[21]!).expect(404);
    await request(t.app)
      .post(`/admin/customers/${bora.id}/codes`)
      .type('form')
      .send({ code: codes[21]! })
      .expect(303)
      .expect('Location', '/login');
    expect((await t.db('card_codes').where({ code: codes[21]! }).first()).customer_id).toBeNull();
  });
});

describe('GET /k/{code}', () => {
  it('sends an assigned code to its card with its source, counting a view under the code', async () => {
    const code = codes[4]!;
    await assign(owner, code, String(ayla.id)).expect(303);
    const res = await request(t.app).get(`/k/${code.toLowerCase()}`).set('User-Agent', PHONE).expect(302);
    expect(res.headers.location).toBe(`/${ayla.slug}?k=nfc`);
    expect(res.headers['cache-control']).toBe('no-store');
    await t.services.codeViews.flush();
    expect(await t.db('card_code_view_days').where({ customer_id: ayla.id, code }).first()).toMatchObject({ views: 1 });
    const { edit_token: token } = await t.db('customers').where({ id: ayla.id }).first();
    const stats = await request(t.app).get(`/edit/${token}/stats`).expect(200);
    expect(stats.text).toContain(`Kart kodu ${code}: 1 ziyaret`);
  });

  it('answers a code no card has yet with the branded page, and an unknown one with 404', async () => {
    const page = await request(t.app).get(`/k/${codes[10]!}`).expect(200);
    expect(page.text).toContain('Bu kart henüz etkinleştirilmedi.');
    expect(page.text).toContain(codes[10]!);
    await request(t.app).get('/k/ZZZZZZ').expect(404);
    await request(t.app).get('/k/0OIL11').expect(404);
  });

  it('answers 429 to a client guessing codes, even for a real one, while others still get through', async () => {
    const guesser = '203.0.113.9';
    for (let i = 0; i < CODE_GUESSES_PER_WINDOW; i += 1) {
      await request(t.app)
        .get(`/k/ZZZZ${CARD_CODE_ALPHABET[i % 32]}${CARD_CODE_ALPHABET[i % 31]}`)
        .set('X-Forwarded-For', guesser);
    }
    const blocked = await request(t.app).get(`/k/${codes[4]!}`).set('X-Forwarded-For', guesser).expect(429);
    expect(blocked.text).toContain('Çok fazla geçersiz kart kodu denendi.');
    await request(t.app).get(`/k/${codes[4]!}`).set('X-Forwarded-For', '198.51.100.7').expect(302);
  });
});
