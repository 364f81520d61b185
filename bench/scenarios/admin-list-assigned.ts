/**
 * m2. The list as an editor of only their assigned customers sees it (issue 37): the same 10,000 customers, a tenth
 * of them theirs. Everything is done as the agency would, through the real server: the sahip invites the editor
 * (`only_assigned`), the editor joins through the link, the sahip assigns every customer matching a business word to
 * them with the list's bulk action; then the editor's first page and a filtered page are timed.
 */
import { cookieHeader, csrfFrom, formBody, rawRequest } from '../../tests/helpers/raw-http.js';
import { signInAdmin, type AdminSession } from '../../tests/helpers/real-admin.js';
import type { BenchContext } from '../context.js';
import { describeStatuses, load } from '../load.js';

const WARMUP_S = 1;
const DURATION_S = 5;
const TARGET_P50_MS = 50;
const EDITOR = { email: 'atanan-editor@vizit.test', password: 'atanan-editor-2026' };
/** The business word whose customers the editor gets. */
const THEIRS = 'kuafor';

async function post(ctx: BenchContext, session: AdminSession, path: string, fields: Record<string, string>) {
  const form = formBody({ _csrf: session.csrf, ...fields });
  return rawRequest(`${ctx.appUrl}${path}`, { headers: { ...form.headers, cookie: session.cookie }, body: form.body });
}

/** The sahip invites the editor; the editor opens the link and joins, signed in; answers the editor's session. */
async function inviteEditor(ctx: BenchContext, owner: AdminSession): Promise<AdminSession> {
  const invited = await post(ctx, owner, '/admin/team/invite', {
    email: EDITOR.email,
    role: 'editor',
    only_assigned: '1',
  });
  if (invited.status !== 303) throw new Error(`the invitation answered ${invited.status}`);
  const team = await rawRequest(`${ctx.appUrl}/admin/team`, { headers: { cookie: owner.cookie } });
  const shown = /id="davet-baglantisi"[^>]*value="([^"]+)"/.exec(team.text)?.[1];
  if (!shown) throw new Error('the team page showed no invitation link');
  const link = new URL(shown, ctx.appUrl);
  const page = await rawRequest(`${ctx.appUrl}${link.pathname}`);
  if (page.status !== 200) throw new Error(`the invitation link answered ${page.status}: ${page.text.slice(0, 200)}`);
  // The invitation's form carries no CSRF token: the token in its address is the secret.
  const form = formBody({
    name: 'Atanan Editör',
    password: EDITOR.password,
    password_confirm: EDITOR.password,
  });
  const joined = await rawRequest(`${ctx.appUrl}${link.pathname}`, { headers: form.headers, body: form.body });
  if (joined.status !== 303) throw new Error(`joining answered ${joined.status} ${joined.text.slice(0, 200)}`);
  const cookie = cookieHeader(joined);
  const list = await rawRequest(`${ctx.appUrl}/admin`, { headers: { cookie } });
  if (list.status !== 200) throw new Error(`the editor's list answered ${list.status}`);
  return { cookie: cookieHeader(list, cookie), csrf: csrfFrom(list.text) };
}

export async function benchAssignedEditorList(
  ctx: BenchContext,
  credentials: { email: string; password: string },
): Promise<void> {
  const owner = await signInAdmin(ctx.appUrl, credentials.email, credentials.password);
  const editor = await inviteEditor(ctx, owner);
  const editorId = Number(
    /<option value="(\d+)">Atanan Editör<\/option>/.exec(
      (await rawRequest(`${ctx.appUrl}/admin`, { headers: { cookie: owner.cookie } })).text,
    )?.[1],
  );
  if (!Number.isInteger(editorId)) throw new Error("the editor is not among the list's assignees");
  const assigned = await post(ctx, owner, '/admin/customers/bulk', {
    action: 'assign',
    all_matching: '1',
    q: THEIRS,
    admin_id: String(editorId),
  });
  if (assigned.status !== 303) throw new Error(`the bulk assignment answered ${assigned.status}`);

  const pages: Array<[string, string, string]> = [
    ['first', '/admin', 'GET /admin as an only_assigned editor (their first page) p50'],
    [
      'filtered',
      '/admin?q=kuafor&durum=aktif&sira=ad&page=2',
      'GET /admin?q=kuafor&durum=aktif&sira=ad&page=2 as an only_assigned editor p50',
    ],
  ];
  for (const [id, path, what] of pages) {
    const found = await rawRequest(`${ctx.appUrl}${path}`, {
      headers: { cookie: editor.cookie, accept: 'application/json' },
    });
    const json = JSON.parse(found.text) as { total?: number; counts?: { customers?: number } };
    if (found.status !== 200 || typeof json.total !== 'number')
      throw new Error(`GET ${path} (JSON, editor) answered ${found.status}`);
    console.log(
      `  editor's list ${id}: ${json.counts?.customers ?? '?'} customers theirs, ${json.total} match ${path}`,
    );
    ctx.results.detail(`list.assigned.${id}.matches`, { path, matches: json.total, customers: json.counts?.customers });
    const result = await load({
      url: `${ctx.appUrl}${path}`,
      connections: 1,
      warmupS: WARMUP_S,
      durationS: DURATION_S,
      headers: { cookie: editor.cookie, accept: 'text/html', 'accept-encoding': 'gzip' },
    });
    const ok = (result.statuses[200] ?? 0) === result.responses;
    if (!ok) console.log(`  editor's list ${id}: answers ${describeStatuses(result.statuses)}`);
    ctx.results.add({
      id: `list.assigned.${id}.p50`,
      what: `${what} (${json.total} of ${json.counts?.customers ?? '?'} theirs)${ok ? '' : ' NOT all 200!'}`,
      value: result.p50,
      unit: 'ms',
      target: `< ${TARGET_P50_MS} ms`,
      pass: ok && result.p50 < TARGET_P50_MS,
    });
    ctx.results.detail(`list.assigned.${id}`, result);
  }
}
