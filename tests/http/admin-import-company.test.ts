/**
 * The import's `firma` column and companies (issue 38; docs/product.md, Companies): when the cell names a company (by
 * its name, Turkish-folded whatever the case, or its address) the new customer joins it and the cell is the company's,
 * not the member's own business name; with `firma_olustur=1` a name no company has makes one (one per name, its
 * template's business name the cell), otherwise it is only the business name. The preview's `Firma` column tells which
 * company each row joins, and the lookup runs again at confirmation.
 */
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../helpers/app.js';
import { testsOnPostgres } from '../helpers/database.js';
import { inputValue } from '../helpers/raw-http.js';
import { addSignedInAdministrator, type Session } from '../helpers/team.js';

let t: TestApp;
let owner: Session;
let editor: Session;
let gunesId: number;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signIn(t.app);
  [editor] = await addSignedInAdministrator(t, 'editor@example.com', { role: 'editor' });
  const made = await owner.agent
    .post('/admin/companies')
    .set('Accept', 'application/json')
    .type('form')
    .send({ _csrf: owner.csrf, name: 'Güneş İnşaat', slug: 'gunes-insaat' })
    .expect(200);
  gunesId = Number(made.body.company.id);
});
afterAll(() => t?.close());
beforeEach(async () => {
  await t.db('customers').update({ company_id: null });
});

function upload(session: Session, csv: string, create = false) {
  const call = session.agent.post('/admin/import').field('_csrf', session.csrf);
  if (create) call.field('firma_olustur', '1');
  return call.attach('file', Buffer.from(csv), { filename: 'musteriler.csv', contentType: 'text/csv' });
}

function confirm(session: Session, previewHtml: string) {
  const create = /<input type="hidden" name="firma_olustur" value="1">/.test(previewHtml);
  return session.agent
    .post('/admin/import/confirm')
    .type('form')
    .send({
      _csrf: inputValue(previewHtml, '_csrf'),
      importId: inputValue(previewHtml, 'importId'),
      data: inputValue(previewHtml, 'data'),
      slugs: inputValue(previewHtml, 'slugs'),
      mode: 'all',
      ...(create ? { firma_olustur: '1' } : {}),
    });
}

/** The preview's `Firma` cells, by row number. */
const firmaCells = (html: string) =>
  Object.fromEntries(
    [...html.matchAll(/<tr id="satir-(\d+)"[\s\S]*?<td data-label="Firma">([\s\S]*?)<\/td>/g)].map((m) => [
      m[1],
      (m[2] ?? '').replace(/<[^>]+>/g, '').trim(),
    ]),
  );

async function customer(name: string) {
  const row = await t.db('customers').where({ name }).first();
  const profile = await t.db('customer_profiles').where({ customer_id: row.id }).first();
  return { companyId: row.company_id == null ? null : Number(row.company_id), business: profile.company };
}

describe("the import's firma column", () => {
  it('offers the option to make new companies on the upload form, to a yonetici or the sahip only', async () => {
    const page = await owner.agent.get('/admin/import').expect(200);
    expect(page.text).toContain('name="firma_olustur" value="1"');
    expect(page.text).toContain('Firma sütunundaki yeni firmaları oluştur');
    const editorPage = await editor.agent.get('/admin/import').expect(200);
    expect(editorPage.text).not.toContain('firma_olustur');
  });

  it('joins the company named by name in any case, or by address; else the cell is the business name', async () => {
    const csv = 'ad;soyad;firma\nAyla;Bir;GÜNEŞ İNŞAAT\nBora;İki;gunes-insaat\nCem;Üç;Tek Dükkan\nDeniz;Dört;\n';
    const preview = await upload(owner, csv).expect(200);
    expect(preview.text).toContain('<th scope="col">Firma</th>');
    expect(firmaCells(preview.text)).toEqual({ 2: 'Güneş İnşaat', 3: 'Güneş İnşaat', 4: '–', 5: '–' });
    await confirm(owner, preview.text).expect(303);
    // The cell named the company: the member's own business name stays empty, for the company's template to give.
    expect(await customer('Ayla')).toEqual({ companyId: gunesId, business: null });
    expect(await customer('Bora')).toEqual({ companyId: gunesId, business: null });
    expect(await customer('Cem')).toEqual({ companyId: null, business: 'Tek Dükkan' });
    expect((await customer('Deniz')).companyId).toBeNull();
    expect(await t.db('companies').where({ name: 'Tek Dükkan' }).first()).toBeUndefined();
    const log = await owner.agent.get('/admin/activity').expect(200);
    expect(log.text).toContain('2 müşteri firmaya eklendi: /gunes-insaat');
  });

  it('makes one company per new name when asked, shown as "yeni firma" in the preview', async () => {
    const csv = 'ad;soyad;firma\nEce;Beş;Atlas Emlak\nFaruk;Altı;ATLAS  EMLAK\nGül;Yedi;Güneş İnşaat\n';
    const preview = await upload(owner, csv, true).expect(200);
    expect(firmaCells(preview.text)).toEqual({ 2: 'yeni firma', 3: 'yeni firma', 4: 'Güneş İnşaat' });
    await confirm(owner, preview.text).expect(303);
    const atlas = await t.db('companies').where({ name: 'Atlas Emlak' });
    expect(atlas).toHaveLength(1);
    expect(atlas[0].slug).toBe('atlasemlak');
    // The cell was the business name: the new company's template starts with it, and the members' cards show it.
    expect(atlas[0].company).toBe('Atlas Emlak');
    expect(await customer('Ece')).toMatchObject({ business: null });
    const ece = await t.db('customers').where({ name: 'Ece' }).first();
    expect((await request(t.app).get(`/${ece.slug}`).expect(200)).text).toContain('Atlas Emlak');
    expect((await customer('Ece')).companyId).toBe(Number(atlas[0].id));
    expect((await customer('Faruk')).companyId).toBe(Number(atlas[0].id));
    expect((await customer('Gül')).companyId).toBe(gunesId);
    const log = await owner.agent.get('/admin/activity').expect(200);
    expect(log.text).toContain('Firma oluşturuldu: /atlasemlak');
  });

  it('ignores firma_olustur from an editor: the cell stays the business name alone', async () => {
    const preview = await upload(editor, 'ad;soyad;firma\nHale;Sekiz;Yeni Ofis\n', true).expect(200);
    expect(preview.text).not.toContain('<th scope="col">Firma</th>');
    await confirm(editor, preview.text).expect(303);
    expect(await customer('Hale')).toEqual({ companyId: null, business: 'Yeni Ofis' });
    expect(await t.db('companies').where({ name: 'Yeni Ofis' }).first()).toBeUndefined();
  });

  it('looks the company up again at confirmation', async () => {
    const preview = await upload(owner, 'ad;soyad;firma\nIrmak;Dokuz;Deniz Lojistik\n').expect(200);
    expect(preview.text).not.toContain('<th scope="col">Firma</th>');
    const made = await owner.agent
      .post('/admin/companies')
      .set('Accept', 'application/json')
      .type('form')
      .send({ _csrf: owner.csrf, name: 'Deniz Lojistik' })
      .expect(200);
    await confirm(owner, preview.text).expect(303);
    expect((await customer('Irmak')).companyId).toBe(Number(made.body.company.id));
  });

  it('keeps none of the customers when a company the file makes cannot be written', async () => {
    const preview = await upload(owner, 'ad;soyad;firma\nJale;On;Kayıp Ofis\n', true).expect(200);
    // The database itself refuses new companies for this one confirmation.
    await refuseNewCompanies(true);
    try {
      const res = await confirm(owner, preview.text);
      expect(res.status).toBe(500);
    } finally {
      await refuseNewCompanies(false);
    }
    expect(await t.db('customers').where({ name: 'Jale' }).first()).toBeUndefined();
    expect(await t.db('companies').where({ name: 'Kayıp Ofis' }).first()).toBeUndefined();
    // Nothing was claimed either: the same preview goes through once companies can be written again.
    await confirm(owner, preview.text).expect(303);
    const made = await t.db('companies').where({ name: 'Kayıp Ofis' }).first();
    expect((await customer('Jale')).companyId).toBe(Number(made.id));
  });
});

/** A trigger of the database refusing every insert into companies, or none. */
async function refuseNewCompanies(refuse: boolean): Promise<void> {
  if (testsOnPostgres) {
    if (refuse) {
      await t.db.raw(
        "create or replace function refuse_company() returns trigger as $$ begin raise exception 'refused'; end; " +
          '$$ language plpgsql',
      );
      await t.db.raw(
        'create trigger refuse_company before insert on companies for each row execute function refuse_company()',
      );
    } else await t.db.raw('drop trigger refuse_company on companies');
  } else if (refuse) {
    await t.db.raw(
      "create trigger refuse_company before insert on companies begin select raise(abort, 'refused'); end",
    );
  } else await t.db.raw('drop trigger refuse_company');
}
