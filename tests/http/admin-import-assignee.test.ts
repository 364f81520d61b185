/**
 * The import's `sorumlu` column (issue 37; docs/product.md, Administrators and roles): each row's customer assigned to
 * the active administrator whose e-mail the cell names, however it is spelt; a row naming nobody active, something
 * that is no address, or (for an editor) someone else, refused with the reason under that cell; an editor of only
 * their own customers gets every row.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../helpers/app.js';
import { inputValue } from '../helpers/raw-http.js';
import { addAdministrator, addSignedInAdministrator, type Session } from '../helpers/team.js';

let t: TestApp;
let owner: Session;
let editor: Session;
let assignedEditor: Session;
let managerId: number;
let editorId: number;
let assignedEditorId: number;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signIn(t.app);
  managerId = await addAdministrator(t, 'mudur@example.com', { role: 'yonetici' });
  [editor, editorId] = await addSignedInAdministrator(t, 'editor@example.com', { role: 'editor' });
  [assignedEditor, assignedEditorId] = await addSignedInAdministrator(t, 'atanan@example.com', {
    role: 'editor',
    onlyAssigned: true,
  });
  const gone = await addAdministrator(t, 'ayrilan@example.com');
  await t.db('administrators').where({ id: gone }).update({ is_active: false });
});
afterAll(() => t?.close());
beforeEach(async () => {
  await t.db('customers').update({ assignee_id: null });
});

function upload(session: Session, csv: string) {
  return session.agent
    .post('/admin/import')
    .field('_csrf', session.csrf)
    .attach('file', Buffer.from(csv), { filename: 'musteriler.csv', contentType: 'text/csv' });
}

function confirm(session: Session, previewHtml: string, mode: 'all' | 'valid_only' = 'all') {
  return session.agent
    .post('/admin/import/confirm')
    .type('form')
    .send({
      _csrf: inputValue(previewHtml, '_csrf'),
      importId: inputValue(previewHtml, 'importId'),
      data: inputValue(previewHtml, 'data'),
      slugs: inputValue(previewHtml, 'slugs'),
      mode,
    });
}

const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ');

async function assigneeOf(name: string): Promise<number | null> {
  const row = await t.db('customers').where({ name }).first();
  return row.assignee_id == null ? null : Number(row.assignee_id);
}

describe("the import's sorumlu column", () => {
  it('assigns each row to the administrator it names, however the address is spelt', async () => {
    const preview = await upload(owner, 'ad;soyad;sorumlu\nAyla;Bir; MUDUR@Example.com \nBora;Iki;\n').expect(200);
    expect(textOf(preview.text)).toContain('Sorumlu');
    expect(textOf(preview.text)).toContain('mudur@example.com');
    await confirm(owner, preview.text).expect(303);
    expect(await assigneeOf('Ayla')).toBe(managerId);
    expect(await assigneeOf('Bora')).toBeNull();
  });

  it('reads the column under its English name too', async () => {
    const preview = await upload(owner, 'name,surname,assignee\nCeren,Uc,editor@example.com\n').expect(200);
    await confirm(owner, preview.text).expect(303);
    expect(await assigneeOf('Ceren')).toBe(editorId);
  });

  it('refuses a row naming nobody active or no address, under its cell, and creates the rest when asked', async () => {
    const csv =
      'ad;soyad;sorumlu\nDerya;Dort;kimse@example.com\nEmre;Bes;ayrilan@example.com\nFulya;Alti;mudur\n' +
      'Gizem;Yedi;mudur@example.com\n';
    const preview = await upload(owner, csv).expect(422);
    const text = textOf(preview.text);
    expect(text).toContain('kimse@example.com adresiyle etkin bir yönetici yok.');
    expect(text).toContain('ayrilan@example.com adresiyle etkin bir yönetici yok.');
    expect(text).toContain('Sorumlu, bir yöneticinin e-posta adresi olmalı');
    expect(await t.db('customers').whereIn('name', ['Derya', 'Emre', 'Fulya', 'Gizem'])).toHaveLength(0);
    await confirm(owner, preview.text, 'valid_only').expect(303);
    expect(await t.db('customers').whereIn('name', ['Derya', 'Emre', 'Fulya']).pluck('name')).toEqual([]);
    expect(await assigneeOf('Gizem')).toBe(managerId);
  });

  it("lets an editor name only themselves, and refuses another's name", async () => {
    const refused = await upload(editor, 'ad;soyad;sorumlu\nHakan;Sekiz;mudur@example.com\n').expect(422);
    expect(textOf(refused.text)).toContain('Başka bir yöneticiyi sorumlu yapmak için yönetici rolü gerekir');
    const own = await upload(editor, 'ad;soyad;sorumlu\nIrmak;Dokuz;editor@example.com\n').expect(200);
    await confirm(editor, own.text).expect(303);
    expect(await assigneeOf('Irmak')).toBe(editorId);
  });

  it('gives an editor of only their own customers every row, their own name accepted', async () => {
    const preview = await upload(assignedEditor, 'ad;soyad;sorumlu\nJale;On;atanan@example.com\nKaan;Onbir;\n').expect(
      200,
    );
    await confirm(assignedEditor, preview.text).expect(303);
    expect(await assigneeOf('Jale')).toBe(assignedEditorId);
    expect(await assigneeOf('Kaan')).toBe(assignedEditorId);
  });

  it('refuses at confirmation an administrator deactivated since the preview, creating nothing', async () => {
    const late = await addAdministrator(t, 'gec@example.com');
    const preview = await upload(owner, 'ad;soyad;sorumlu\nLale;Oniki;gec@example.com\n').expect(200);
    await t.db('administrators').where({ id: late }).update({ is_active: false });
    const res = await confirm(owner, preview.text).expect(422);
    expect(textOf(res.text)).toContain('gec@example.com adresiyle etkin bir yönetici yok.');
    expect(await t.db('customers').where({ name: 'Lale' })).toHaveLength(0);
  });
});
