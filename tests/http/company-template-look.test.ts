/**
 * A company's background and cover (issue 38; docs/product.md, Companies): saved on the company page with the owner's
 * own rules and a lock each, in one transaction renewing every member's card; a member's cached public page shows the
 * company's (locked: always; a default: until the member chooses their own); a member's own background and cover
 * posts, form and JSON, are refused while locked, saving nothing; leaving shows the member's own again. An uploaded
 * background image and cover photo (multipart, checked and re-encoded as the owner's) are stored in the company's
 * folder, shown on members' pages, counted by the orphan sweep, and a replaced one is removed.
 */
import { access, readdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, createTestApp, signIn, type CreatedCustomer, type TestApp } from '../helpers/app.js';
import { addSignedInAdministrator, type Session } from '../helpers/team.js';

const HOST = 'kart.example.com';
const LOCKED = 'Bu alan firmanız tarafından belirlenir; değiştirilemez.';
const BACKGROUND = '#0f766e';
const COVER = '#7c3aed';
const OWN_BACKGROUND = '#b45309';
const LOOK = { background_type: 'color', background_value: BACKGROUND, cover_type: 'color', cover_value: COVER };

let t: TestApp;
let owner: Session;
let editor: Session;
let companyId: number;
let ayla: CreatedCustomer;
let bora: CreatedCustomer;

const saveLook = (s: Session, id: number, fields: Record<string, string>) =>
  s.agent
    .post(`/admin/companies/${id}/look`)
    .type('form')
    .send({ _csrf: s.csrf, ...fields });
const ownerPost = (c: CreatedCustomer, path: string, fields: Record<string, string>) =>
  request(t.app).post(`/edit/${c.editToken}${path}`).type('form').send(fields);
const publicPage = async (c: CreatedCustomer) =>
  (await request(t.app).get(`/${c.slug}`).set('Host', HOST).expect(200)).text;
const versionOf = async (id: number) => Number((await t.db('customers').where({ id }).first()).version);
const companyRow = () => t.db('companies').where({ id: companyId }).first();
const profileRow = (c: CreatedCustomer) => t.db('customer_profiles').where({ customer_id: c.id }).first();

async function membership(c: CreatedCustomer, inCompany: boolean): Promise<void> {
  await owner.agent
    .post(`/admin/companies/${companyId}/members`)
    .type('form')
    .send({ _csrf: owner.csrf, ids: String(c.id), ...(inCompany ? {} : { remove: '1' }) })
    .expect(303);
}

beforeAll(async () => {
  t = await createTestApp({ env: { BASE_URL: `https://${HOST}` } });
  owner = await signIn(t.app);
  [editor] = await addSignedInAdministrator(t, 'editor@example.com');
  ayla = await createCustomer(t, owner, 'Ayla', 'Kaya');
  bora = await createCustomer(t, owner, 'Bora', 'Demir');
  const res = await owner.agent
    .post('/admin/companies')
    .type('form')
    .send({ _csrf: owner.csrf, name: 'Güneş Emlak Ofisi', slug: 'gunes-ofis' })
    .expect(303);
  companyId = Number(/(\d+)$/.exec(res.headers.location ?? '')?.[1]);
  await membership(ayla, true);
  await membership(bora, true);
  // Bora chose a background of his own; both pages are cached before the save.
  await ownerPost(bora, '/background', { background_type: 'color', background_value: OWN_BACKGROUND }).expect(303);
  await publicPage(ayla);
  await publicPage(bora);
}, 60_000);
afterAll(() => t.close());

describe('the company page saves the background and cover', () => {
  it('shows the form with a lock for each', async () => {
    const page = (await owner.agent.get(`/admin/companies/${companyId}`).expect(200)).text;
    expect(page).toContain('<h2 id="sablon-gorunum-baslik">Arka plan ve kapak</h2>');
    const action = `action="/admin/companies/${companyId}/look" enctype="multipart/form-data"`;
    expect(page).toContain(`<form method="post" ${action} novalidate>`);
    expect(page).toContain('name="background_file" type="file"');
    expect(page).toContain('name="cover_file" type="file"');
    expect(page).toContain('name="lock_background" value="1"');
    expect(page).toContain('name="lock_cover" value="1"');
  });

  it('refuses a bad colour and an image without a file with 422 inside the page, keeping what was typed', async () => {
    const was = await versionOf(ayla.id);
    const res = await saveLook(owner, companyId, {
      ...LOOK,
      background_value: 'not-a-colour;',
      cover_type: 'image',
      cover_value: '/uploads/1/x.jpg',
      lock_cover: '1',
    }).expect(422);
    expect(res.text).toContain('Arka plan ve kapak kaydedilmedi. Lütfen işaretli alanları kontrol edin.');
    expect(res.text).toContain('value="not-a-colour;"');
    expect(res.text).toMatch(/id="sablon-background_value-not">Geçersiz renk değeri\.</);
    expect(res.text).toMatch(/id="sablon-cover_file-not">Lütfen bir görsel dosyası seçin\.</);
    expect(res.text).toMatch(/name="lock_cover" value="1" checked/);
    expect(await companyRow()).toMatchObject({ background_type: null, cover_photo: null, locked_fields: '' });
    expect(await versionOf(ayla.id)).toBe(was);
  });

  it("is an editor's 403, needs a session, and answers 404 for an unknown company", async () => {
    await saveLook(editor, companyId, LOOK).expect(403);
    await request(t.app).post(`/admin/companies/${companyId}/look`).type('form').send(LOOK).expect(303);
    await saveLook(owner, 999_999, LOOK).expect(404);
    expect((await companyRow()).background_type).toBeNull();
  });

  it("saves both unlocked, raising every member's version, one activity entry", async () => {
    const [aylaWas, boraWas] = [await versionOf(ayla.id), await versionOf(bora.id)];
    const res = await saveLook(owner, companyId, LOOK).expect(303);
    expect(res.headers.location).toBe(`/admin/companies/${companyId}#sablon-gorunum`);
    expect(await companyRow()).toMatchObject({
      background_type: 'color',
      background_value: BACKGROUND,
      cover_photo: `color:${COVER}`,
    });
    expect(await versionOf(ayla.id)).toBe(aylaWas + 1);
    expect(await versionOf(bora.id)).toBe(boraWas + 1);
    const page = (await owner.agent.get(`/admin/companies/${companyId}`).expect(200)).text;
    expect(page).toContain('Arka plan ve kapak kaydedildi.');
    const log = (await owner.agent.get('/admin/activity').expect(200)).text;
    expect(log.match(/Firma şablonu güncellendi: Güneş Emlak Ofisi/g)).toHaveLength(1);
  });
});

describe("a member's page", () => {
  it("shows the company's as defaults, and the member's own choice over them", async () => {
    const aylaPage = await publicPage(ayla);
    expect(aylaPage).toContain(BACKGROUND);
    expect(aylaPage).toContain(COVER);
    const boraPage = await publicPage(bora);
    expect(boraPage).toContain(OWN_BACKGROUND);
    expect(boraPage).not.toContain(BACKGROUND);
    expect(boraPage).toContain(COVER);
  });

  it("shows the company's once locked, over the member's own", async () => {
    await saveLook(owner, companyId, { ...LOOK, lock_background: '1', lock_cover: '1' }).expect(303);
    expect((await companyRow()).locked_fields).toBe('background,cover');
    const boraPage = await publicPage(bora);
    expect(boraPage).toContain(BACKGROUND);
    expect(boraPage).not.toContain(OWN_BACKGROUND);
  });
});

describe("a member's own background and cover with both locked", () => {
  it('shows the note in place of the choices', async () => {
    const html = (await request(t.app).get(`/edit/${bora.editToken}/profile`).expect(200)).text;
    const background = /<dialog[^>]*id="arka-plan"[\s\S]*?<\/dialog>/.exec(html)?.[0] ?? '';
    expect(background).toContain('Firmanız tarafından belirlenir');
    expect(background).not.toContain(`action="/edit/${bora.editToken}/background"`);
    expect(html).not.toContain(`action="/edit/${bora.editToken}/cover"`);
  });

  it('refuses forged posts, form and JSON, with 422 and nothing saved', async () => {
    const own = await profileRow(bora);
    const was = await versionOf(bora.id);
    const form = await ownerPost(bora, '/background', { background_type: 'color', background_value: '#000000' });
    expect(form.status).toBe(422);
    expect(form.text).toContain(LOCKED);
    const json = await ownerPost(bora, '/cover', { cover_type: 'color', cover_value: '#000000' })
      .set('Accept', 'application/json')
      .expect(422);
    expect(json.body.fields).toEqual({ cover_type: LOCKED });
    await ownerPost(bora, '/cover/remove', {}).set('Accept', 'application/json').expect(422);
    expect(await profileRow(bora)).toEqual(own);
    expect(await versionOf(bora.id)).toBe(was);
  });

  it("shows the member's own again after leaving, and the company's after rejoining", async () => {
    await membership(bora, false);
    const left = await publicPage(bora);
    expect(left).toContain(OWN_BACKGROUND);
    expect(left).not.toContain(COVER);
    await ownerPost(bora, '/cover', { cover_type: 'color', cover_value: '#000000' }).expect(303);
    await membership(bora, true);
    const back = await publicPage(bora);
    expect(back).toContain(BACKGROUND);
    expect(back).toContain(COVER);
  });
});

describe('uploaded images as the background and cover', () => {
  const photo = (color: string) =>
    sharp({ create: { width: 800, height: 600, channels: 3, background: color } })
      .jpeg()
      .toBuffer();
  type Files = { background_file?: Buffer; cover_file?: Buffer };
  const uploadLook = (s: Session, fields: Record<string, string>, files: Files) => {
    const req = s.agent.post(`/admin/companies/${companyId}/look`).field({ _csrf: s.csrf, ...fields });
    for (const [name, data] of Object.entries(files)) req.attach(name, data, { filename: 'foto.jpg' });
    return req;
  };
  const IMAGES = { background_type: 'image', background_value: '', cover_type: 'image', cover_value: '' };
  const folderFiles = async () => {
    const folder = path.join(t.dataDir, 'uploads', String(900_000_000_000_000 + companyId));
    return (await readdir(folder).catch(() => [] as string[])).sort();
  };
  let background = '';
  let cover = '';

  it("stores both in the company's folder, renews every member's card and shows them on a member's page", async () => {
    const [aylaWas, boraWas] = [await versionOf(ayla.id), await versionOf(bora.id)];
    const files = { background_file: await photo('#115e59'), cover_file: await photo('#7c2d12') };
    await uploadLook(owner, IMAGES, files).expect(303);
    const row = await companyRow();
    expect(row).toMatchObject({ background_type: 'image', locked_fields: '' });
    background = String(row.background_value);
    cover = String(row.cover_photo);
    expect(background).toMatch(new RegExp(`^/uploads/${900_000_000_000_000 + companyId}/background-[\\w-]+\\.webp$`));
    expect(cover).toMatch(new RegExp(`^/uploads/${900_000_000_000_000 + companyId}/cover-[\\w-]+\\.jpg$`));
    await request(t.app)
      .get(background)
      .expect(200)
      .expect('Content-Type', /image\/webp/);
    await request(t.app)
      .get(cover)
      .expect(200)
      .expect('Content-Type', /image\/jpeg/);
    expect(await versionOf(ayla.id)).toBe(aylaWas + 1);
    expect(await versionOf(bora.id)).toBe(boraWas + 1);
    const referenced = await t.services.profiles.referencedUploads();
    expect(referenced).toContain(background);
    expect(referenced).toContain(cover);
    const page = await publicPage(ayla);
    expect(page).toContain(`<img src="${background}" alt=""`);
    expect(page).toContain(`<img src="${cover}" alt="" width="1200" height="450"`);
    const admin = (await owner.agent.get(`/admin/companies/${companyId}`).expect(200)).text;
    expect(admin).toContain(`<img src="${cover}" alt="Firmanın kayıtlı kapak fotoğrafı">`);
    expect(admin).toMatch(/<option value="image" selected>Görsel<\/option>/);
  });

  it("gives a member's own choice way to the company's image only when it is locked", async () => {
    const own = await publicPage(bora);
    expect(own).toContain(OWN_BACKGROUND);
    expect(own).not.toContain(background);
    await uploadLook(owner, { ...IMAGES, lock_background: '1', lock_cover: '1' }, {}).expect(303);
    expect(await companyRow()).toMatchObject({ background_value: background, cover_photo: cover });
    const locked = await publicPage(bora);
    expect(locked).toContain(`<img src="${background}" alt=""`);
    expect(locked).toContain(`<img src="${cover}" alt=""`);
    expect(locked).not.toContain(OWN_BACKGROUND);
  });

  it('replaces an image and removes the old file', async () => {
    await uploadLook(owner, IMAGES, { cover_file: await photo('#1d4ed8') }).expect(303);
    const row = await companyRow();
    expect(row.background_value).toBe(background);
    expect(row.cover_photo).not.toBe(cover);
    await expect(access(path.join(t.dataDir, cover))).rejects.toThrow();
    await request(t.app).get(String(row.cover_photo)).expect(200);
    cover = String(row.cover_photo);
    // A colour in place of the image removes the image's file too.
    await uploadLook(owner, { ...IMAGES, cover_type: 'color', cover_value: COVER }, {}).expect(303);
    await expect(access(path.join(t.dataDir, cover))).rejects.toThrow();
    expect(await folderFiles()).toEqual([path.basename(background)]);
  });

  it('refuses a file that is not an image, or a broken one, with 422 in the page, keeping what was typed', async () => {
    const before = await companyRow();
    const was = await versionOf(ayla.id);
    const files = await folderFiles();
    const typedLook = { ...IMAGES, cover_type: 'color', cover_value: '#123456', lock_cover: '1' };
    const notImage = await uploadLook(owner, typedLook, { background_file: Buffer.from('<html>not an image</html>') });
    expect(notImage.status).toBe(422);
    expect(notImage.text).toContain('Arka plan ve kapak kaydedilmedi. Lütfen işaretli alanları kontrol edin.');
    expect(notImage.text).toMatch(/id="sablon-background_file-not">Lütfen yalnızca resim dosyası seçin</);
    expect(notImage.text).toContain('value="#123456"');
    expect(notImage.text).toMatch(/name="lock_cover" value="1" checked/);
    const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const broken = Buffer.concat([png.subarray(0, 60), Buffer.alloc(200, 7)]);
    const unreadable = await uploadLook(owner, { ...IMAGES, cover_value: 'x' }, { cover_file: broken });
    expect(unreadable.status).toBe(422);
    expect(unreadable.text).toMatch(/id="sablon-cover_file-not">Görsel okunamadı\. Lütfen başka bir dosya/);
    expect(await companyRow()).toEqual(before);
    expect(await versionOf(ayla.id)).toBe(was);
    expect(await folderFiles()).toEqual(files);
  });

  it('refuses a file over 5 MB inside the page with what was typed', async () => {
    const before = await companyRow();
    const big = Buffer.alloc(6 * 1024 * 1024, 1);
    const res = await uploadLook(
      owner,
      { ...IMAGES, cover_type: 'color', cover_value: '#654321' },
      {
        background_file: big,
      },
    ).expect(413);
    expect(res.text).toMatch(/id="sablon-background_file-not">Dosya boyutu 5MB&#39;tan küçük olmalıdır</);
    expect(res.text).toContain('value="#654321"');
    expect(await companyRow()).toEqual(before);
  });

  it("is an editor's 403 and needs a session, storing nothing", async () => {
    const before = await companyRow();
    const files = await folderFiles();
    await uploadLook(editor, IMAGES, { cover_file: await photo('#000000') }).expect(403);
    await request(t.app)
      .post(`/admin/companies/${companyId}/look`)
      .field(IMAGES)
      .attach('cover_file', await photo('#000000'), { filename: 'foto.jpg' })
      .expect(303);
    expect(await companyRow()).toEqual(before);
    expect(await folderFiles()).toEqual(files);
  });
});
