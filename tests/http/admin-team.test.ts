/**
 * The team page (issue 37; docs/product.md, Administrators and roles), on SQLite and PostgreSQL: a `sahip` sees the
 * administrators and changes a role, deactivates (their sessions end at once, on a second instance too) and
 * activates; the last active `sahip` is never demoted or deactivated, not even by two sahips at once; a yonetici and
 * an editor are refused every team route; sign-in records its moment and refuses a deactivated administrator.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/app.js';
import { createDb } from '../../src/db.js';
import { createLogger } from '../../src/logger.js';
import { ADMIN_EMAIL, createTestApp, csrfFrom, signIn, type TestApp } from '../helpers/app.js';
import { addAdministrator, addSignedInAdministrator, signInAs, TEAM_PASSWORD, type Session } from '../helpers/team.js';

const FORBIDDEN = 'Bu işlem için yetkiniz yok.';
const LAST_OWNER = 'Son etkin sahip değiştirilemez; önce başka bir yöneticiyi sahip yapın.';
const SIGN_IN_FAILED = 'Giriş başarısız. Email veya şifre hatalı.';

let t: TestApp;
let owner: Session;
let ownerId: number;

/** A sign-in that may be refused: the answer to the form, whatever it is. */
async function signInAttempt(app: TestApp['app'], email: string, password = TEAM_PASSWORD): Promise<request.Response> {
  const agent = request.agent(app);
  const login = await agent.get('/login');
  return agent
    .post('/login')
    .type('form')
    .send({ _csrf: csrfFrom(login.text), email, password });
}

const post = (s: Session, path: string, fields: Record<string, string> = {}) =>
  s.agent
    .post(path)
    .type('form')
    .send({ _csrf: s.csrf, ...fields });

const row = (id: number) => t.db('administrators').where({ id }).first();
const entries = (action: string) => t.db('admin_activity').where({ action }).orderBy('id').select();

beforeAll(async () => {
  t = await createTestApp();
  owner = await signIn(t.app);
  ownerId = Number((await t.db('administrators').where({ email: ADMIN_EMAIL }).first()).id);
}, 60_000);
afterAll(() => t.close());

describe('the header names the team once there is one', () => {
  it('shows no "Ekip" to a one-person agency, and shows it to a sahip once a second administrator exists', async () => {
    const ekip = 'href="/admin/team"';
    expect((await owner.agent.get('/admin').expect(200)).text).not.toContain(ekip);
    // The page itself stays reachable by its address.
    await owner.agent.get('/admin/team').expect(200);
    await addAdministrator(t, 'ilk-editor@example.com');
    expect((await owner.agent.get('/admin').expect(200)).text).toContain(ekip);
    const editor = await signInAs(t.app, 'ilk-editor@example.com');
    expect((await editor.agent.get('/admin').expect(200)).text).not.toContain(ekip);
  });
});

describe('the team page', () => {
  let editorId: number;
  let managerId: number;
  beforeAll(async () => {
    editorId = await addAdministrator(t, 'atanan-editor@example.com', { onlyAssigned: true });
    managerId = await addAdministrator(t, 'mudur@example.com', { role: 'yonetici' });
  });

  it('lists each administrator with role, second factor, last sign-in and whether active', async () => {
    await t.db('administrators').where({ id: managerId }).update({ name: 'Mehmet Müdür' });
    const page = await owner.agent.get('/admin/team').expect(200);
    for (const email of [ADMIN_EMAIL, 'atanan-editor@example.com', 'mudur@example.com'])
      expect(page.text).toContain(email);
    expect(page.text).toContain('Editör (yalnızca atanan müşteriler)');
    expect(page.text).toContain('Yönetici');
    expect(page.text).toContain('Sahip');
    expect(page.text).toContain('Mehmet Müdür');
    expect(page.text).toContain('Kapalı');
    expect(page.text).toContain('Henüz giriş yapmadı');
    expect(page.text).toContain('<span class="badge badge--active">Etkin</span>');
    // Others' rows have the forms; the viewer's own has none.
    expect(page.text).toContain(`action="/admin/team/${editorId}/role"`);
    expect(page.text).toContain(`action="/admin/team/${managerId}/deactivate"`);
    expect(page.text).not.toContain(`action="/admin/team/${ownerId}/`);
  });

  it('refuses a yonetici and an editor every team route with 403, changing nothing', async () => {
    const editor = await signInAs(t.app, 'atanan-editor@example.com');
    const manager = await signInAs(t.app, 'mudur@example.com');
    const before = await t.db('administrators').orderBy('id').select();
    for (const s of [editor, manager]) {
      expect((await s.agent.get('/admin/team').expect(403)).text).toContain(FORBIDDEN);
      await post(s, `/admin/team/${ownerId}/role`, { role: 'editor' }).expect(403);
      await post(s, `/admin/team/${ownerId}/deactivate`).expect(403);
      await post(s, `/admin/team/${editorId}/activate`).expect(403);
    }
    expect(await t.db('administrators').orderBy('id').select()).toEqual(before);
  });

  it('changes a role, with a flash and an activity entry naming who acted', async () => {
    const res = await post(owner, `/admin/team/${editorId}/role`, { role: 'yonetici' }).expect(303);
    expect(res.headers.location).toBe('/admin/team');
    expect(await row(editorId)).toMatchObject({ role: 'yonetici' });
    // only_assigned belongs to an editor: a yonetici has it off.
    expect(Boolean((await row(editorId)).only_assigned)).toBe(false);
    const page = await owner.agent.get('/admin/team').expect(200);
    expect(page.text).toContain('Rol güncellendi.');
    expect((await entries('admin_role_changed')).at(-1)).toMatchObject({
      admin_email: ADMIN_EMAIL,
      detail_from: 'atanan-editor@example.com',
      detail_to: 'yonetici',
    });
    await post(owner, `/admin/team/${editorId}/role`, { role: 'editor', only_assigned: '1' }).expect(303);
    expect(await row(editorId)).toMatchObject({ role: 'editor' });
    expect(Boolean((await row(editorId)).only_assigned)).toBe(true);
    const log = await owner.agent.get('/admin/activity').expect(200);
    expect(log.text).toContain('Yönetici rolü değişti: atanan-editor@example.com, Editör (yalnızca atanan müşteriler)');
  });

  it('refuses a role that is not one with 422 on the team page, and an unknown administrator with 404', async () => {
    const res = await post(owner, `/admin/team/${managerId}/role`, { role: 'patron', only_assigned: '1' }).expect(422);
    expect(res.text).toContain('Geçersiz rol. Sahip, Yönetici veya Editör seçin.');
    expect(res.text).toContain('<h1>Ekip</h1>');
    expect(res.text).toContain(`aria-describedby="rol-${managerId}-hata"`);
    expect(await row(managerId)).toMatchObject({ role: 'yonetici' });
    await post(owner, '/admin/team/99999/role', { role: 'editor' }).expect(404);
    await post(owner, '/admin/team/99999/deactivate').expect(404);
    await post(owner, '/admin/team/99999/activate').expect(404);
    await post(owner, '/admin/team/abc/activate').expect(404);
  });
});

describe('the last active sahip', () => {
  it('cannot demote or deactivate themselves while the only active sahip', async () => {
    for (const role of ['yonetici', 'editor']) {
      const res = await post(owner, `/admin/team/${ownerId}/role`, { role }).expect(422);
      expect(res.text).toContain(LAST_OWNER);
    }
    expect((await post(owner, `/admin/team/${ownerId}/deactivate`).expect(422)).text).toContain(LAST_OWNER);
    expect(await row(ownerId)).toMatchObject({ role: 'sahip' });
    expect(Boolean((await row(ownerId)).is_active)).toBe(true);
  });

  it('counts only active sahips: a deactivated second sahip leaves the first the last one', async () => {
    const [second, secondId] = await addSignedInAdministrator(t, 'ikinci-sahip@example.com', { role: 'sahip' });
    // With another active sahip, a sahip still may not deactivate themselves (no button for it either).
    expect((await post(owner, `/admin/team/${ownerId}/deactivate`).expect(422)).text).toContain(
      'Kendi hesabınızı pasifleştiremezsiniz.',
    );
    await post(owner, `/admin/team/${secondId}/deactivate`).expect(303);
    // The deactivated sahip's own session is over: nothing they send changes anything.
    await post(second, `/admin/team/${ownerId}/role`, { role: 'editor' }).expect(303).expect('Location', '/login');
    expect((await post(owner, `/admin/team/${ownerId}/role`, { role: 'editor' }).expect(422)).text).toContain(
      LAST_OWNER,
    );
    expect(await row(ownerId)).toMatchObject({ role: 'sahip' });
    await post(owner, `/admin/team/${secondId}/activate`).expect(303);
    await post(owner, `/admin/team/${secondId}/role`, { role: 'editor' }).expect(303);
  });

  it('survives two sahips demoting each other at the same moment', async () => {
    const [other, otherId] = await addSignedInAdministrator(t, 'es-sahip@example.com', { role: 'sahip' });
    for (let round = 0; round < 4; round += 1) {
      await t.db('administrators').whereIn('id', [ownerId, otherId]).update({ role: 'sahip' });
      const statuses = (
        await Promise.all([
          post(owner, `/admin/team/${otherId}/role`, { role: 'yonetici' }),
          post(other, `/admin/team/${ownerId}/role`, { role: 'yonetici' }),
        ])
      ).map((r) => r.status);
      // One goes through; the other is refused: as the last sahip (422), or, when it came second, as a sahip no more.
      expect(statuses.filter((s) => s === 303)).toHaveLength(1);
      expect(statuses.filter((s) => s === 422 || s === 403)).toHaveLength(1);
      const owners = await t.db('administrators').where({ role: 'sahip', is_active: true }).select('id');
      expect(owners).toHaveLength(1);
    }
    await t.db('administrators').where({ id: ownerId }).update({ role: 'sahip' });
    await t.db('administrators').where({ id: otherId }).update({ role: 'editor' });
  });
});

describe('deactivation', () => {
  let personId: number;
  beforeAll(async () => {
    personId = await addAdministrator(t, 'satis@example.com');
  });

  it('records the moment of each sign-in', async () => {
    expect((await row(personId)).last_sign_in_at).toBeNull();
    const before = Date.now();
    await signInAs(t.app, 'satis@example.com');
    expect(Number((await row(personId)).last_sign_in_at)).toBeGreaterThanOrEqual(before);
    const page = await owner.agent.get('/admin/team').expect(200);
    expect(page.text).toMatch(/<time datetime="\d{4}-\d\d-\d\dT/);
  });

  it("ends the administrator's session at once and refuses their sign-in as a wrong password", async () => {
    const person = await signInAs(t.app, 'satis@example.com');
    await person.agent.get('/admin').expect(200);
    const res = await post(owner, `/admin/team/${personId}/deactivate`).expect(303);
    expect(res.headers.location).toBe('/admin/team');
    expect((await owner.agent.get('/admin/team').expect(200)).text).toContain(
      'Yönetici pasifleştirildi; oturumları kapatıldı.',
    );
    await person.agent.get('/admin').expect(303).expect('Location', '/login');
    expect((await entries('admin_deactivated')).at(-1)).toMatchObject({
      admin_email: ADMIN_EMAIL,
      detail_from: 'satis@example.com',
    });

    const refused = await signInAttempt(t.app, 'satis@example.com');
    expect(refused.status).toBe(401);
    expect(refused.text).toContain(SIGN_IN_FAILED);
    const wrong = await signInAttempt(t.app, 'satis@example.com', 'yanlis-sifre-000');
    expect(wrong.status).toBe(401);
    expect(wrong.text).toContain(SIGN_IN_FAILED);
    expect((await owner.agent.get('/admin/team').expect(200)).text).toContain(
      '<span class="badge badge--passive">Pasif</span>',
    );

    await post(owner, `/admin/team/${personId}/activate`).expect(303);
    expect((await owner.agent.get('/admin/team').expect(200)).text).toContain('Yönetici etkinleştirildi.');
    expect((await entries('admin_activated')).at(-1)).toMatchObject({ detail_from: 'satis@example.com' });
    // The old session stays ended; signing in again works.
    await person.agent.get('/admin').expect(303);
    await signInAs(t.app, 'satis@example.com');
  });

  it('ends the session on another instance on the same database at its next request', async () => {
    const db = createDb(t.config);
    const second = createApp({ config: t.config, db, logger: createLogger('silent') });
    try {
      const person = await signInAs(second.handler, 'satis@example.com');
      await person.agent.get('/admin').expect(200);
      await post(owner, `/admin/team/${personId}/deactivate`).expect(303);
      await person.agent.get('/admin').expect(303).expect('Location', '/login');
      expect((await signInAttempt(second.handler, 'satis@example.com')).status).toBe(401);
    } finally {
      second.close();
      await db.destroy();
    }
    await post(owner, `/admin/team/${personId}/activate`).expect(303);
  });
});
