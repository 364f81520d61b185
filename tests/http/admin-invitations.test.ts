/**
 * Invitations to the team (issue 37; docs/product.md, Administrators and roles): the `sahip` invites, the link is
 * e-mailed through the outbox when e-mail is set up and otherwise shown once on the team page; only its SHA-256 is
 * stored. The invitee sets a name and password on /admin/invite/{token} and is signed in; a used, expired, replaced
 * or unknown link says so in Turkish. Times come from the app's injected clock.
 */
import { createHash } from 'node:crypto';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RESET_FAILURES_PER_IP } from '../../src/middleware/login-throttle.js';
import { ADMIN_EMAIL, createTestApp, signIn, type TestApp } from '../helpers/app.js';
import { deliverDue, testMailWorker } from '../helpers/mail-worker.js';
import { startSmtpTestServer, type SmtpTestServer } from '../helpers/smtp-test-server.js';
import { addAdministrator, addSignedInAdministrator, signInAs, type Session } from '../helpers/team.js';

const INVITEE = 'deniz@example.com';
const PASSWORD = 'Kadıköy-vapuru-1923';
const LINK = /\/admin\/invite\/([A-Za-z0-9_-]{43})/;
const SHARE = 'Bu bağlantıyı davet ettiğiniz kişiye iletin; 7 gün geçerlidir ve bir kez kullanılabilir.';
const USED = 'Bu davet bağlantısı kullanılmış.';
const EXPIRED = 'Bu davet bağlantısının süresi dolmuş; sizi davet eden kişiden yeni bir davet isteyin.';
const DAY_MS = 24 * 60 * 60_000;

let t: TestApp;
let now: number;
let sahip: Session;

function invite(s: Session, fields: Record<string, string>): request.Test {
  return s.agent
    .post('/admin/team/invite')
    .type('form')
    .send({ _csrf: s.csrf, ...fields });
}

/** Invites without e-mail set up and reads the link the team page shows once. */
async function invitedLink(email = INVITEE, role = 'editor', onlyAssigned = true): Promise<string> {
  await invite(sahip, { email, role, ...(onlyAssigned ? { only_assigned: '1' } : {}) })
    .expect(303)
    .expect('Location', '/admin/team');
  const page = await sahip.agent.get('/admin/team').expect(200);
  const token = LINK.exec(page.text)?.[1];
  if (!token) throw new Error('no invitation link on the team page');
  return token;
}

function accept(token: string, fields: Record<string, string>, agent = request.agent(t.app)): request.Test {
  return agent.post(`/admin/invite/${token}`).type('form').send(fields);
}

const valid = { name: 'Deniz Yılmaz', password: PASSWORD, password_confirm: PASSWORD };

/** Every row of the tables an invitation, its session flash, its e-mail and its activity entry touch, as text. */
async function storedText(): Promise<string> {
  const tables = ['admin_invitations', 'sessions', 'mail_outbox', 'admin_activity', 'administrators'];
  const rows = await Promise.all(tables.map((table) => t.db(table).select('*')));
  return JSON.stringify(rows);
}

describe('invitations without e-mail set up', () => {
  beforeEach(async () => {
    now = Date.parse('2026-11-29T09:00:00Z');
    t = await createTestApp({ clock: () => new Date(now) });
    sahip = await signIn(t.app);
  });
  afterEach(() => t.close());

  it('shows the link once to the inviter and stores only its SHA-256', async () => {
    const token = await invitedLink();
    const again = await sahip.agent.get('/admin/team').expect(200);
    expect(again.text).not.toMatch(LINK);
    expect(again.text).not.toContain(SHARE);
    expect(again.text).toContain(INVITEE);
    expect(again.text).toContain('Editör (yalnızca atanan müşteriler)');

    const [row] = await t.db('admin_invitations').select('*');
    expect(row).toMatchObject({ email: INVITEE, role: 'editor' });
    expect(row.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(Number(row.expires_at)).toBe(now + 7 * DAY_MS);
    expect(await storedText()).not.toContain(token);
    await request(t.app).get(`/admin/invite/${token}`).expect(200);
    expect(JSON.stringify(t.logs)).not.toContain(token);
    const [entry] = await t.db('admin_activity').where({ action: 'admin_invited' });
    expect(entry).toMatchObject({ admin_email: ADMIN_EMAIL, detail_from: INVITEE, detail_to: 'editor-atanan' });
  });

  it('stores the address in sign-in’s one form and shows the page with the link at first', async () => {
    await invite(sahip, { email: '  Deniz@Example.com ', role: 'yonetici' }).expect(303);
    const page = await sahip.agent.get('/admin/team').expect(200);
    expect(page.text).toContain(SHARE);
    expect(page.text).toMatch(/<input[^>]+id="davet-baglantisi"[^>]+value="http:\/\/127\.0\.0\.1:\d+\/admin\/invite\//);
    expect(await t.db('admin_invitations').pluck('email')).toEqual([INVITEE]);
  });

  it('refuses a bad e-mail, an administrator’s e-mail and a bad role with 422, keeping what was typed', async () => {
    const bad = await invite(sahip, { email: 'adres-degil', role: 'editor' }).expect(422);
    expect(bad.text).toContain('Geçerli bir e-posta adresi girin.');
    expect(bad.text).toContain('value="adres-degil"');
    const existing = await invite(sahip, { email: ADMIN_EMAIL.toUpperCase(), role: 'editor' }).expect(422);
    expect(existing.text).toContain('Bu e-posta adresiyle bir yönetici zaten var.');
    const role = await invite(sahip, { email: INVITEE, role: 'kral' }).expect(422);
    expect(role.text).toContain('Geçersiz rol. Sahip, Yönetici veya Editör seçin.');
    expect(role.text).toContain(`value="${INVITEE}"`);
    expect(await t.db('admin_invitations').select('id')).toEqual([]);
  });

  it('shows a sole sahip the way to the team page from the settings, before the header offers it', async () => {
    const home = await sahip.agent.get('/admin').expect(200);
    expect(home.text).not.toContain('href="/admin/team"');
    const settings = await sahip.agent.get('/admin/settings').expect(200);
    expect(settings.text).toContain('<a href="/admin/team">Ekip</a> sayfasından davet gönderin.');
  });

  it('answers 403 to a yonetici and an editor, inviting nobody', async () => {
    for (const role of ['yonetici', 'editor'] as const) {
      const email = role === 'yonetici' ? 'mudur@example.com' : 'editor@example.com';
      const [s] = await addSignedInAdministrator(t, email, { role });
      const refused = await invite(s, { email: INVITEE, role: 'sahip' }).expect(403);
      expect(refused.text).toContain('Bu işlem için yetkiniz yok.');
    }
    expect(await t.db('admin_invitations').select('id')).toEqual([]);
  });

  it('lets the invitee choose a name and password, then signs them in with the invited role', async () => {
    const token = await invitedLink();
    const form = await request(t.app).get(`/admin/invite/${token}`).expect(200);
    expect(form.text).toContain(`value="${INVITEE}"`);
    expect(form.headers['referrer-policy']).toBe('no-referrer');

    const weak = await accept(token, { ...valid, password: 'kisa', password_confirm: 'kisa' }).expect(422);
    expect(weak.text).toContain('Şifre en az 8 karakter olmalıdır.');
    expect(weak.text).toContain('value="Deniz Yılmaz"');
    const mismatch = await accept(token, { ...valid, password_confirm: `${PASSWORD}x` }).expect(422);
    expect(mismatch.text).toContain('Şifreler birbiriyle eşleşmiyor.');
    await accept(token, { ...valid, name: '' }).expect(422);
    expect(await t.db('administrators').where({ email: INVITEE })).toEqual([]);

    const agent = request.agent(t.app);
    await accept(token, valid, agent).expect(303).expect('Location', '/admin');
    const home = await agent.get('/admin').expect(200);
    expect(home.text).toContain('Hoş geldiniz. İkinci adımı Güvenlik sayfasından açabilirsiniz.');
    await agent.get('/admin/team').expect(403);

    const admin = await t.db('administrators').where({ email: INVITEE }).first();
    expect(admin).toMatchObject({ name: 'Deniz Yılmaz', role: 'editor' });
    expect(Boolean(admin.only_assigned)).toBe(true);
    expect(Boolean(admin.is_active)).toBe(true);
    expect(Number(admin.last_sign_in_at)).toBe(now);
    expect(admin.password_hash).toMatch(/^\$argon2id\$/);
    const [entry] = await t.db('admin_activity').where({ action: 'admin_invitation_accepted' });
    expect(entry).toMatchObject({ admin_id: admin.id, admin_email: INVITEE });
    await signInAs(t.app, INVITEE, { password: PASSWORD });

    const used = await request(t.app).get(`/admin/invite/${token}`).expect(410);
    expect(used.text).toContain(USED);
    expect(used.text).not.toContain(INVITEE);
    await accept(token, valid).expect(410);
    const team = await sahip.agent.get('/admin/team').expect(200);
    expect(team.text).toContain('Açık davet yok.');
  });

  it('says an expired link is expired 7 days and a minute later, and the team page says so too', async () => {
    const token = await invitedLink();
    now += 7 * DAY_MS - 60_000;
    await request(t.app).get(`/admin/invite/${token}`).expect(200);
    now += 2 * 60_000;
    const expired = await request(t.app).get(`/admin/invite/${token}`).expect(410);
    expect(expired.text).toContain(EXPIRED);
    expect(expired.text).not.toContain(INVITEE);
    await accept(token, valid).expect(410);
    expect(await t.db('administrators').where({ email: INVITEE })).toEqual([]);
    // The sahip's session ended days ago: a new sign-in finds the invitation marked on the team page.
    const team = await (await signIn(t.app)).agent.get('/admin/team').expect(200);
    expect(team.text).toContain('Süresi doldu');
  });

  it('answers 404 to a link no invitation has', async () => {
    const unknown = await request(t.app)
      .get(`/admin/invite/${'a'.repeat(43)}`)
      .expect(404);
    expect(unknown.text).toContain('Bu davet bağlantısı geçerli değil.');
    await request(t.app).get('/admin/invite/kisa').expect(404);
    await accept('a'.repeat(43), valid).expect(404);
  });

  it('replaces an open invitation to the same address: the first link stops working', async () => {
    const first = await invitedLink();
    const second = await invitedLink(INVITEE, 'yonetici', false);
    await request(t.app).get(`/admin/invite/${first}`).expect(404);
    await accept(first, valid).expect(404);
    await accept(second, valid).expect(303);
    expect(await t.db('administrators').where({ email: INVITEE }).first()).toMatchObject({ role: 'yonetici' });
  });

  it('takes an open invitation back: its link stops working', async () => {
    const token = await invitedLink();
    const [row] = await t.db('admin_invitations').select('id');
    await sahip.agent
      .post(`/admin/team/invitations/${row.id}/revoke`)
      .type('form')
      .send({ _csrf: sahip.csrf })
      .expect(303);
    await request(t.app).get(`/admin/invite/${token}`).expect(404);
    const team = await sahip.agent.get('/admin/team').expect(200);
    expect(team.text).toContain(`Davet geri alındı: ${INVITEE}`);
    expect(await t.db('admin_activity').where({ action: 'admin_invitation_revoked' })).toHaveLength(1);
  });

  it(`answers 429 with the name kept after ${RESET_FAILURES_PER_IP} refused forms from one address`, async () => {
    const token = await invitedLink();
    const refused = { ...valid, password_confirm: `${PASSWORD}x` };
    for (let i = 0; i < RESET_FAILURES_PER_IP; i += 1) await accept(token, refused).expect(422);
    const limited = await accept(token, refused).expect(429);
    expect(limited.text).toContain('Çok fazla deneme. 15 dakika sonra tekrar deneyin.');
    expect(limited.text).toContain('value="Deniz Yılmaz"');
    await accept(token, valid).expect(429);
    expect(await t.db('administrators').where({ email: INVITEE })).toEqual([]);
  });

  it('makes one administrator of two posts of one link at once', async () => {
    const token = await invitedLink();
    const answers = await Promise.all([accept(token, valid), accept(token, { ...valid, name: 'İkinci Sekme' })]);
    expect(answers.map((a) => a.status).sort()).toEqual([303, 410]);
    expect(await t.db('administrators').where({ email: INVITEE })).toHaveLength(1);
  });

  it('refuses with 422 when the address became an administrator meanwhile', async () => {
    const token = await invitedLink();
    await addAdministrator(t, INVITEE);
    const taken = await accept(token, valid).expect(422);
    expect(taken.text).toContain('Bu e-posta adresiyle artık bir yönetici var.');
    expect(await t.db('administrators').where({ email: INVITEE })).toHaveLength(1);
  });
});

describe('invitations with e-mail set up', () => {
  const BASE_URL = 'https://kart.ajans.example';
  let smtp: SmtpTestServer;
  beforeAll(async () => {
    smtp = await startSmtpTestServer();
  });
  afterAll(() => smtp.close());
  beforeEach(async () => {
    now = Date.parse('2026-11-29T09:00:00Z');
    t = await createTestApp({
      clock: () => new Date(now),
      env: { SMTP_URL: smtp.url, MAIL_FROM: 'Ajans Işık <vizit@ajans.example>', BASE_URL },
    });
    sahip = await signIn(t.app);
  });
  afterEach(() => t.close());

  it('e-mails the link through the outbox and does not show it on the page', async () => {
    await invite(sahip, { email: INVITEE, role: 'editor' }).expect(303);
    const page = await sahip.agent.get('/admin/team').expect(200);
    expect(page.text).toContain(`Davet gönderildi: ${INVITEE}`);
    expect(page.text).not.toMatch(LINK);
    expect(page.text).not.toContain(SHARE);

    const mails = await deliverDue(testMailWorker(t, { now: () => new Date(now) }), smtp);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail?.envelope.to).toEqual([INVITEE]);
    const text = mail?.parsed.text ?? '';
    expect(text).toContain('Editör olarak davet etti');
    expect(text).toContain('7 gün geçerlidir');
    const token = new RegExp(`${BASE_URL.replace(/\./g, '\\.')}/admin/invite/([A-Za-z0-9_-]{43})`).exec(text)?.[1];
    expect(token).toBeDefined();
    await request(t.app).get(`/admin/invite/${token}`).expect(200);
  });
});
