/**
 * A company's print and export actions (issue 38; docs/product.md, Companies): the members' card sheet
 * (`/admin/companies/{id}/print.pdf`) and their CSV (`members.csv`), each of the members the administrator reaches.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, createTestApp, signIn, type TestApp } from '../helpers/app.js';
import { openPdf, pageText, pages } from '../helpers/pdf-reader.js';
import { addSignedInAdministrator, type Session } from '../helpers/team.js';

let t: TestApp;
let owner: Session;
let assigned: Session;
let companyId: number;
let emptyId: number;
let ayla: { id: number; slug: string };
let bora: { id: number; slug: string };
let cem: { id: number; slug: string };
let deniz: { id: number; slug: string };

const binary = (res: request.Response, done: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
};
const pdfFrom = async (s: Session, id: number) =>
  s.agent.get(`/admin/companies/${id}/print.pdf`).buffer(true).parse(binary).expect(200);
const textOf = async (pdf: Buffer) => {
  const doc = await openPdf(pdf);
  const texts = await Promise.all((await pages(doc)).map((page) => pageText(page)));
  return { pages: doc.numPages, text: texts.join('\n') };
};
const csvLines = (text: string) =>
  text
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/);

async function makeCompany(name: string): Promise<number> {
  const res = await owner.agent
    .post('/admin/companies')
    .set('Accept', 'application/json')
    .type('form')
    .send({ _csrf: owner.csrf, name })
    .expect(200);
  return Number(res.body.company.id);
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await signIn(t.app);
  let editorId: number;
  [assigned, editorId] = await addSignedInAdministrator(t, 'atanan@example.com', { onlyAssigned: true });
  ayla = await createCustomer(t, owner, 'Ayla', 'Kaya');
  bora = await createCustomer(t, owner, 'Bora', 'Demir');
  cem = await createCustomer(t, owner, 'Cem', 'Pasif');
  deniz = await createCustomer(t, owner, 'Deniz', 'Dışarıda');
  await t.db('customers').where({ id: ayla.id }).update({ assignee_id: editorId });
  companyId = await makeCompany('Güneş Emlak');
  emptyId = await makeCompany('Boş Firma');
  await owner.agent
    .post(`/admin/companies/${companyId}/members`)
    .type('form')
    .send({ _csrf: owner.csrf, ids: [ayla.id, bora.id, cem.id].join(',') })
    .expect(303);
  await t.db('customers').where({ id: cem.id }).update({ is_active: false });
}, 60_000);
afterAll(() => t.close());

describe("the company page's actions", () => {
  it('links the card sheet and the CSV', async () => {
    const page = await owner.agent.get(`/admin/companies/${companyId}`).expect(200);
    expect(page.text).toContain(`href="/admin/companies/${companyId}/print.pdf">Kartları yazdır (PDF)</a>`);
    expect(page.text).toContain(`href="/admin/companies/${companyId}/members.csv">CSV</a>`);
  });
});

describe('GET /admin/companies/{id}/print.pdf', () => {
  it("is a real PDF of the active members' cards, on one A4 sheet, recorded in the log", async () => {
    const res = await pdfFrom(owner, companyId);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain('kartvizitler-gunesemlak.pdf');
    const pdf = res.body as Buffer;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const { text, pages: count } = await textOf(pdf);
    // One A4 sheet holds ten cards: two members are one page.
    expect(count).toBe(1);
    expect(text).toContain('Ayla Kaya');
    expect(text).toContain('Bora Demir');
    expect(text).not.toContain('Cem Pasif');
    expect(text).not.toContain('Deniz');
    const entry = await t
      .db('admin_activity')
      .where({ action: 'print_sheet_downloaded' })
      .orderBy('id', 'desc')
      .first();
    expect(Number(entry.detail_count)).toBe(2);
  });

  it('prints only the members an only_assigned editor reaches', async () => {
    const { text } = await textOf((await pdfFrom(assigned, companyId)).body as Buffer);
    expect(text).toContain('Ayla Kaya');
    expect(text).not.toContain('Bora Demir');
  });

  it('sends a company without an active member back to its page with a message', async () => {
    const res = await owner.agent.get(`/admin/companies/${emptyId}/print.pdf`).expect(303);
    expect(res.headers.location).toBe(`/admin/companies/${emptyId}`);
    const page = await owner.agent.get(`/admin/companies/${emptyId}`).expect(200);
    expect(page.text).toContain('Firmada yazdırılacak aktif üye yok.');
  });
});

describe('GET /admin/companies/{id}/members.csv', () => {
  it("writes every member with the customers CSV's columns, and no one else", async () => {
    const res = await owner.agent.get(`/admin/companies/${companyId}/members.csv`).expect(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="gunesemlak-musteriler-\d{8}\.csv"/);
    const all = await owner.agent.get('/admin/customers.csv').expect(200);
    const lines = csvLines(res.text);
    expect(lines[0]).toBe(csvLines(all.text)[0]);
    expect(lines).toHaveLength(4);
    for (const c of [ayla, bora, cem]) expect(res.text).toContain(c.slug);
    expect(res.text).not.toContain(deniz.slug);
  });

  it('is a data export: an editor is refused it, and not offered it', async () => {
    const res = await assigned.agent.get(`/admin/companies/${companyId}/members.csv`).expect(403);
    expect(res.text).toContain('Bu işlem için yetkiniz yok.');
    const page = await assigned.agent.get(`/admin/companies/${companyId}`).expect(200);
    expect(page.text).toContain('Kartları yazdır (PDF)');
    expect(page.text).not.toContain('members.csv');
  });
});

describe('guards', () => {
  it('sends a visitor without a session to the sign-in page', async () => {
    for (const file of ['print.pdf', 'members.csv'])
      await request(t.app).get(`/admin/companies/${companyId}/${file}`).expect(303).expect('Location', '/login');
  });

  it('is a 404 for an unknown company', async () => {
    for (const file of ['print.pdf', 'members.csv']) {
      await owner.agent.get(`/admin/companies/999999/${file}`).expect(404);
      await owner.agent.get(`/admin/companies/abc/${file}`).expect(404);
    }
  });
});
