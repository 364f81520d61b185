/**
 * The price list's CSV import reads its cells as the item editor reads its form (issue 35): the
 * characters whole wherever the reading cuts the file, the editor's text rules (bidi overrides
 * refused, zero-width spaces taken out, line breaks as the form has them) and prices as Turks
 * write them, `₺` lost to a `?` by Excel's Windows-1254 CSV included.
 */
import iconv from 'iconv-lite';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOwnerWorld, type CreatedCustomer, type TestApp } from '../helpers/app.js';

let t: TestApp;
let customer: CreatedCustomer;
beforeEach(async () => {
  ({ t, customer } = await createOwnerWorld());
});
afterEach(() => t.close());

const HEADER = 'kategori;urun;aciklama;fiyat';
const list = () => `/edit/${customer.editToken}/price-list`;
const upload = (bytes: Buffer | string, fields: Record<string, string> = {}) => {
  let call = request(t.app).post(`${list()}/import`);
  for (const [name, value] of Object.entries(fields)) call = call.field(name, value);
  return call.attach('file', Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes), {
    filename: 'liste.csv',
    contentType: 'text/csv',
  });
};
function confirmFields(html: string): Record<string, string> {
  const form = /<form class="import-confirm" method="post" action="([^"]+)">([\s\S]*?)<\/form>/.exec(html);
  if (!form) throw new Error('no confirm form on the page');
  const fields: Record<string, string> = {};
  for (const m of form[2]!.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) fields[m[1]!] = m[2]!;
  return { action: form[1]!, ...fields };
}
const confirm = (html: string) => {
  const { action, ...fields } = confirmFields(html);
  return request(t.app).post(action!).type('form').send(fields);
};
const stored = async () =>
  (
    await t
      .db('price_list_items as i')
      .join('price_list_categories as c', 'c.id', 'i.category_id')
      .where('i.customer_id', customer.id)
      .orderBy('i.id')
      .select('c.name as category', 'i.name', 'i.description', 'i.price_kurus')
  ).map((r: Record<string, unknown>) => ({
    category: r.category,
    name: r.name,
    description: r.description,
    price: Number(r.price_kurus),
  }));

/**
 * A file whose `character` ends an 80-character name and starts at byte `at`. Rows of over 64
 * bytes, so that the reading's first piece ends at its 4,096th byte, not at its 64th line.
 */
function fileWith(character: string, at: number): string {
  const rows = `${HEADER}\n${`Kahve;Dolgu;${'d'.repeat(200)};1\n`.repeat(18)}`;
  const name = `Tatlı;${'x'.repeat(79)}`;
  const pad = at - Buffer.byteLength(rows) - Buffer.byteLength(name) - 'Kahve;Son;;1\n'.length;
  return `${rows}Kahve;Son;${'d'.repeat(pad)};1\n${name}${character};;10\n`;
}

describe('characters cut by the reading', () => {
  it('imports a name ending in an emoji or ₺ whole wherever it meets the 4,096-byte piece boundary', async () => {
    for (const character of ['😀', '₺']) {
      // 79 letters and the character: exactly the 80 a name may have, 81 had it been split.
      const name = `${'x'.repeat(79)}${character}`;
      for (let at = 4096 - Buffer.byteLength(character); at <= 4096; at++) {
        const text = fileWith(character, at);
        expect(Buffer.byteLength(text.slice(0, text.indexOf(character)))).toBe(at);
        const preview = await upload(text, { replace: '1' }).expect(200);
        expect(preview.text).toContain(name);
        expect(preview.text).not.toContain('\uFFFD');
        await confirm(preview.text).expect(303);
        expect((await stored()).at(-1)).toEqual({ category: 'Tatlı', name, description: null, price: 1000 });
      }
    }
  });
});

describe("the item editor's text rules", () => {
  it('refuses a bidi override in a name as the item form does, with its words', async () => {
    const csv = `${HEADER}\nTatlı;x\u202Egnp.exe;;10\n\u202EKahve;Çay;;10\n`;
    const res = await upload(csv).expect(422);
    expect(res.text).toMatch(/Satır 2<\/a>: <strong>Ürün<\/strong>: Metinde kullanılamayan görünmez karakterler var\./);
    expect(res.text).toMatch(
      /Satır 3<\/a>: <strong>Kategori<\/strong>: Metinde kullanılamayan görünmez karakterler var\./,
    );
    expect(res.text).not.toContain('class="import-confirm"');
    expect(await stored()).toEqual([]);

    const [category] = await t
      .db('price_list_categories')
      .insert({ customer_id: customer.id, name: 'Tatlı', position: 0, created_at: 1 })
      .returning('id');
    const id = typeof category === 'object' ? (category as { id: number }).id : category;
    const form = await request(t.app)
      .post(`${list()}/items`)
      .field('category_id', String(id))
      .field('name', 'x\u202Egnp.exe')
      .field('price', '10')
      .expect(422);
    expect(form.text).toContain('Metinde kullanılamayan görünmez karakterler var.');
  });

  it(
    'takes zero-width spaces out and stores line breaks as the form does: a name on one line, a ' +
      'description with \\n',
    async () => {
      const csv = `${HEADER}\r\nTat\u200Blı;"Türk\r\nKahvesi";"Közde\r\npişer\u2060";"10"\r\nTatlı;Sütlaç;;20\r\n`;
      const preview = await upload(csv).expect(200);
      expect(preview.text).toContain('Türk Kahvesi');
      await confirm(preview.text).expect(303);
      expect(await stored()).toEqual([
        { category: 'Tatlı', name: 'Türk Kahvesi', description: 'Közde\npişer', price: 1000 },
        { category: 'Tatlı', name: 'Sütlaç', description: null, price: 2000 },
      ]);
      // The editor's form stores the same text the same way.
      const [{ id }] = await t.db('price_list_categories').where({ customer_id: customer.id }).select('id');
      await request(t.app)
        .post(`${list()}/items`)
        .field('category_id', String(id))
        .field('name', 'Türk\r\nKahvesi\u200B')
        .field('description', 'Közde\r\npişer\u2060')
        .field('price', '10')
        .expect(303);
      expect((await stored()).at(-1)).toEqual({
        category: 'Tatlı',
        name: 'Türk Kahvesi',
        description: 'Közde\npişer',
        price: 1000,
      });
      expect(await t.db('price_list_categories').where({ customer_id: customer.id }).pluck('name')).toEqual(['Tatlı']);
    },
  );
});

describe('prices as Turks write them', () => {
  it('imports ₺ before or after, TL, thousands dots and decimal commas', async () => {
    const prices = ['₺ 140', '₺70', '140 ₺', '140 TL', '1.150,00 TL', '1.150', '1150,5'];
    const csv = [HEADER, ...prices.map((price, i) => `Kahve;Ürün ${i};;${price}`)].join('\n');
    const preview = await upload(csv).expect(200);
    await confirm(preview.text).expect(303);
    expect((await stored()).map((row) => row.price)).toEqual([14000, 7000, 14000, 14000, 115000, 115000, 115050]);
  });

  it('reads the ? Excel writes for ₺ in a Windows-1254 CSV as the currency mark', async () => {
    const excel = iconv.encode(`${HEADER}\r\nİçecekler;Şalgam;;1.150,00 ₺\r\nİçecekler;Ayran;;₺25\r\n`, 'windows-1254');
    expect(excel.toString('latin1')).toContain('1.150,00 ?');
    const preview = await upload(excel).expect(200);
    expect(preview.text).toContain('Windows-1254 (Türkçe Excel)');
    await confirm(preview.text).expect(303);
    expect((await stored()).map((row) => [row.name, row.price])).toEqual([
      ['Şalgam', 115000],
      ['Ayran', 2500],
    ]);
  });

  it('names the real problem of a price, in the import as in the form', async () => {
    const csv = `${HEADER}\nKahve;Çay;;12,345\nKahve;Kahve;;-5\nKahve;Sahlep;;on iki\nKahve;Salep;;\n`;
    const res = await upload(csv).expect(422);
    expect(res.text).toMatch(
      new RegExp(
        String.raw`Satır 2<\/a>: <strong>Fiyat<\/strong>: Kuruş için virgülden sonra en fazla ` +
          String.raw`iki basamak yazın, örneğin 1\.150,50\.`,
      ),
    );
    expect(res.text).toMatch(/Satır 3<\/a>: <strong>Fiyat<\/strong>: Fiyat eksi olamaz\./);
    expect(res.text).toMatch(/Satır 4<\/a>: <strong>Fiyat<\/strong>: Fiyatı 140 veya 1\.150,00 gibi yazın\./);
    expect(res.text).toMatch(/Satır 5<\/a>: <strong>Fiyat<\/strong>: Fiyatı yazın, örneğin 140 ya da 1\.150,00\./);
  });
});
