/**
 * Shared world for the hostile-input suite (tests/security/*.test.ts): one real app on a fresh
 * SQLite per test file, two customers with full, known-good profiles (seeded, then edited through
 * the owner routes), an administrator session, and the checks every case makes:
 *
 * - the answer is a 4xx with a Turkish message (JSON `error`, or the message shown in the page),
 * - nothing that renders unsafely reached the public page or the owner's edit page,
 * - the rows and files saved before are exactly as they were.
 *
 * A case that is accepted (text that may legitimately contain `<`, quotes, ...) asserts instead
 * that it was stored as typed and is shown escaped; the world is then restored to its baseline.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, expect } from 'vitest';
import { createCustomer, createTestApp, csrfFrom, signIn, type TestApp } from '../helpers/app.js';
import { MINIMAL_PDF, seedFullProfile, solidJpeg } from '../helpers/fixtures.js';

export interface Who {
  id: number;
  slug: string;
  editToken: string;
}

type Row = Record<string, unknown>;

/** The tables whose rows a refused request must leave exactly as they were. */
export const WATCHED_TABLES = [
  'customers',
  'customer_profiles',
  'social_links',
  'iban_info',
  'contact_buttons',
  'anonymous_messages',
  'opening_hours',
] as const;
type Table = (typeof WATCHED_TABLES)[number];

export interface Snapshot {
  rows: Record<Table, Row[]>;
  /** Every file under DATA_DIR but the database's own: relative path → sha256. */
  files: Record<string, string>;
}

/** A response as the checks need it (supertest's and the raw client's alike). */
export interface Answer {
  status: number;
  text: string;
  body: unknown;
  headers: Record<string, string | string[] | undefined>;
}

export type Send = (json: boolean) => Promise<Answer>;

export interface World {
  t: TestApp;
  /** The page's clock, in ms; advance it to pass the message form's timer and throttle. */
  clock: { now: number };
  admin: { agent: request.Agent; csrf: string };
  /** Customer A: the target of most cases. Its edit token was replaced once (`oldToken`). */
  a: Who;
  /** Customer B: another customer, whose rows must never change through A's links. */
  b: Who;
  oldToken: string;
  /** Link ids of B's links, by platform (first of each). */
  bLinks: Record<string, number>;
  /** Link ids of A's links, by platform (first of each). */
  aLinks: Record<string, number>;
  baseline: Snapshot;
  /** Secrets planted on disk that must never come back over HTTP. */
  secrets: {
    sessionSecret: string;
    sqliteHeader: string;
    dotfile: string;
    tempFile: string;
    dotfileName: string;
    tempFileName: string;
  };
  base(token?: string): string;
  close(): Promise<void>;
}

const DB_FILE = /^vizit\.sqlite(?:-wal|-shm|-journal)?$/;

async function listFiles(root: string, dir = root): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  const out: string[] = [];
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await listFiles(root, full)));
    else if (!(dir === root && DB_FILE.test(entry.name))) out.push(path.relative(root, full));
  }
  return out.sort();
}

/** Every watched row and every file under DATA_DIR (content hashes). */
export async function snapshot(t: TestApp): Promise<Snapshot> {
  const rows = {} as Record<Table, Row[]>;
  for (const table of WATCHED_TABLES) {
    const found = (await t
      .db(table)
      .select('*')
      .orderBy(
        table === 'customer_profiles' || table === 'iban_info' || table === 'opening_hours' ? 'customer_id' : 'id',
      )) as Row[];
    // When the owner last opened the messages page is a read mark, not saved data: the pages check opens it.
    rows[table] = table === 'customer_profiles' ? found.map(({ messages_seen_at: _seen, ...rest }) => rest) : found;
  }
  const files: Record<string, string> = {};
  for (const file of await listFiles(t.dataDir)) {
    files[file] = createHash('sha256')
      .update(await readFile(path.join(t.dataDir, file)))
      .digest('hex');
  }
  return { rows, files };
}

/** Kept copies of the baseline's uploaded files, to put back after an accepted case. */
const fileCopies = new WeakMap<TestApp, Map<string, Buffer>>();

async function keepFiles(t: TestApp, snap: Snapshot): Promise<void> {
  const copies = new Map<string, Buffer>();
  for (const file of Object.keys(snap.files)) copies.set(file, await readFile(path.join(t.dataDir, file)));
  fileCopies.set(t, copies);
}

/**
 * Puts the watched rows and the files back as the baseline had them, raising each customer's
 * page version past anything served meanwhile (so no cached page of the case survives), then
 * takes the new baseline.
 */
export async function restore(w: World): Promise<void> {
  const { t } = w;
  const base = w.baseline;
  const keep = new Set(base.rows.customers.map((row) => Number(row.id)));
  for (const row of (await t.db('customers').select('id')) as Row[]) {
    if (!keep.has(Number(row.id))) await t.services.customers.delete(Number(row.id));
  }
  const topVersion = Number((await t.db('customers').max({ v: 'version' }).first())?.v ?? 0);
  await t.db.transaction(async (trx) => {
    for (const table of WATCHED_TABLES) if (table !== 'customers') await trx(table).del();
    for (const row of base.rows.customers) {
      await trx('customers')
        .where({ id: row.id })
        .update({ ...row, version: topVersion + 1 });
    }
    for (const table of WATCHED_TABLES) {
      if (table === 'customers') continue;
      const rows = base.rows[table];
      for (let i = 0; i < rows.length; i += 50) await trx(table).insert(rows.slice(i, i + 50));
    }
  });
  const copies = fileCopies.get(t) ?? new Map<string, Buffer>();
  const now = await listFiles(t.dataDir);
  for (const file of now) if (!copies.has(file)) await rm(path.join(t.dataDir, file), { force: true });
  for (const [file, data] of copies) {
    await mkdir(path.dirname(path.join(t.dataDir, file)), { recursive: true });
    await writeFile(path.join(t.dataDir, file), data);
  }
  w.baseline = await snapshot(t);
}

/** Restores when anything differs from the baseline (so one failing case cannot spoil the next). */
export async function restoreIfChanged(w: World): Promise<void> {
  const now = await snapshot(w.t);
  try {
    expect(now).toEqual(w.baseline);
  } catch {
    await restore(w);
  }
}

/** The signed stamp of the message form, as a visitor loaded it, then some seconds of typing. */
export async function formStamp(w: World, slug = w.a.slug): Promise<string> {
  const page = await request(w.t.app).get(`/${slug}`);
  const stamp = /name="form_started" value="([^"]+)"/.exec(page.text)?.[1];
  if (!stamp) throw new Error(`no form stamp on /${slug} (status ${page.status})`);
  w.clock.now += 5000;
  return stamp;
}

/** Moves the clock past the visitor message throttle's window. */
export function nextMessageWindow(w: World): void {
  w.clock.now += 11 * 60_000;
}

function linkIds(rows: Row[], customerId: number): Record<string, number> {
  const out: Record<string, number> = {};
  for (const row of rows) {
    if (Number(row.customer_id) !== customerId) continue;
    const platform = String(row.platform);
    if (!(platform in out)) out[platform] = Number(row.id);
  }
  return out;
}

/**
 * Builds the world: customers A (Ayşe Kaya) and B (Ali Veli) with every block of the page,
 * a few owner edits and two visitor messages through the real routes, A's edit token replaced
 * once, and two files that must never be served (a dotfile and a temp file) in A's folder.
 */
export async function createWorld(): Promise<World> {
  const clock = { now: Date.UTC(2026, 2, 10, 9, 0, 0) };
  const t = await createTestApp({ clock: () => new Date(clock.now) });
  const admin = await signIn(t.app);
  const a = await createCustomer(t, admin, 'Ayşe', 'Kaya');
  const b = await createCustomer(t, admin, 'Ali', 'Veli');
  await seedFullProfile(t, a.id);
  await seedFullProfile(t, b.id);

  const ownerPost = (who: Who, route: string, fields: Record<string, string>) =>
    request(t.app).post(`/edit/${who.editToken}${route}`).type('form').send(fields).expect(303);
  await ownerPost(a, '/profile', { bio: 'El yapımı seramik <3 & "özel" siparişler.\nKadıköy' });
  await ownerPost(a, '/profile', { website: 'aysekaya.com.tr/atolye' });
  await ownerPost(a, '/background', { background_type: 'color', background_value: '#fef3c7' });
  await ownerPost(a, '/links', {
    platform: 'custom',
    url: 'https://aysekaya.com.tr/kurs',
    label: 'Kurs Takvimi',
    icon: '📅',
  });
  await ownerPost(a, '/iban', { iban: 'TR33 0006 1005 1978 6457 8413 26', account_holder: 'Ayşe  Kaya' });
  await ownerPost(a, '/settings', { dark_mode: '0' });
  await ownerPost(b, '/profile', { bio: 'Veli Kırtasiye' });

  const world = {
    t,
    clock,
    admin,
    a,
    b,
    oldToken: a.editToken,
    bLinks: {},
    aLinks: {},
    baseline: undefined as unknown as Snapshot,
    secrets: undefined as unknown as World['secrets'],
    base(token?: string) {
      return `/edit/${token ?? this.a.editToken}`;
    },
    async close() {
      await t.close();
    },
  } satisfies World;

  for (const text of ['Kahveniz çok güzel, teşekkürler!', 'Cumartesi açık mısınız?']) {
    const stamp = await formStamp(world);
    await request(t.app)
      .post(`/${a.slug}/messages`)
      .type('form')
      .send({ message: text, form_started: stamp })
      .expect(303);
  }

  world.a.editToken = (await t.services.customers.replaceEditToken(a.id)).editToken;
  expect(world.a.editToken).not.toBe(world.oldToken);

  const dotfileName = '.env';
  const tempFileName = '.profile-AAAAAAAAAAAAAAAA.jpg.tmp-Zm9vYmFy';
  const dotfile = `DOTFILE-SECRET-${createHash('sha1').update(String(Math.random())).digest('hex')}`;
  const tempFile = `TEMPFILE-SECRET-${createHash('sha1').update(String(Math.random())).digest('hex')}`;
  await writeFile(path.join(t.config.uploadsDir, String(a.id), dotfileName), dotfile);
  await writeFile(path.join(t.config.uploadsDir, String(a.id), tempFileName), tempFile);
  world.secrets = {
    sessionSecret: (await readFile(path.join(t.dataDir, 'session-secret'), 'utf8')).trim(),
    sqliteHeader: 'SQLite format 3',
    dotfile,
    tempFile,
    dotfileName,
    tempFileName,
  };

  const links = (await t.db('social_links').select('*').orderBy('id')) as Row[];
  world.aLinks = linkIds(links, a.id);
  world.bLinks = linkIds(links, b.id);
  world.baseline = await snapshot(t);
  await keepFiles(t, world.baseline);
  return world;
}

// ---------------------------------------------------------------------------------------------
// Raw HTTP (paths exactly as written: no client-side normalisation of `..`, `%2e`, `\`)

let rawServer: { server: http.Server; port: number; app: unknown } | null = null;

async function serverFor(t: TestApp): Promise<number> {
  if (rawServer && rawServer.app === t.app) return rawServer.port;
  if (rawServer) await closeRaw();
  const server = http.createServer(t.app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  rawServer = { server, port: (server.address() as AddressInfo).port, app: t.app };
  return rawServer.port;
}

/**
 * The world of one test file: made before its first test (the returned object is filled in
 * then), closed with the raw-request server after its last.
 */
export function useWorld(): World {
  const world = {} as World;
  beforeAll(async () => {
    Object.assign(world, await createWorld());
  });
  afterAll(async () => {
    await closeRaw();
    await world.close();
  });
  return world;
}

export async function closeRaw(): Promise<void> {
  if (!rawServer) return;
  const { server } = rawServer;
  rawServer = null;
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

/** One request with the path sent byte for byte as given. */
export async function raw(
  t: TestApp,
  method: string,
  rawPath: string,
  options: { headers?: Record<string, string>; body?: Buffer | string } = {},
): Promise<Answer> {
  const port = await serverFor(t);
  return new Promise<Answer>((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, method, path: rawPath, headers: { connection: 'close', ...options.headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('latin1');
          let body: unknown = {};
          if (String(res.headers['content-type'] ?? '').includes('json')) {
            try {
              body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
            } catch {
              body = {};
            }
          }
          resolve({
            status: res.statusCode ?? 0,
            text: Buffer.concat(chunks).toString('utf8'),
            body,
            headers: { ...res.headers, 'x-raw-latin1': text },
          });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    if (options.body !== undefined) req.write(options.body);
    req.end();
  });
}

// ---------------------------------------------------------------------------------------------
// Checks

/** EJS's escaping, to look for a value as the page must show it. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&#34;')
    .replace(/'/g, '&#39;');
}

function decodeEntities(value: string): string {
  return value
    .replace(/&#x([0-9a-f]+);?/gi, (_m, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
    .replace(/&#(\d+);?/g, (_m, dec: string) => String.fromCodePoint(Number.parseInt(dec, 10)))
    .replace(
      /&(colon|tab|newline|amp|lt|gt|quot|apos);/gi,
      (_m, name: string) =>
        ({ colon: ':', tab: '\t', newline: '\n', amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" })[
          name.toLowerCase() as 'colon'
        ] ?? '',
    );
}

interface Tag {
  name: string;
  attrs: Array<[string, string]>;
  start: number;
  end: number;
}

const TAG = /<([a-zA-Z][a-zA-Z0-9:-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*\/?>/g;
const ATTR = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

/** Start tags with their attributes, read as a browser would (quotes respected). */
export function tagsOf(html: string): Tag[] {
  const tags: Tag[] = [];
  for (const m of html.matchAll(TAG)) {
    const attrs: Array<[string, string]> = [];
    for (const a of (m[2] ?? '').matchAll(ATTR))
      attrs.push([(a[1] ?? '').toLowerCase(), decodeEntities(a[2] ?? a[3] ?? a[4] ?? '')]);
    tags.push({ name: (m[1] ?? '').toLowerCase(), attrs, start: m.index, end: m.index + m[0].length });
  }
  return tags;
}

const URL_ATTRS = new Set([
  'href',
  'src',
  'action',
  'formaction',
  'xlink:href',
  'poster',
  'data',
  'background',
  'lowsrc',
  'cite',
  'ping',
  'manifest',
  'srcset',
]);
const NEVER_TAGS = new Set(['object', 'embed', 'applet', 'base', 'frame', 'frameset', 'svg', 'math', 'portal']);
const BAD_CSS = new RegExp(
  String.raw`expression\s*\(|javascript:|vbscript:|@import|behavior\s*:|-moz-binding|` +
    String.raw`<\/|url\s*\(\s*['"]?\s*(?:javascript|vbscript|data:text)`,
  'i',
);

/**
 * What on a page could run script or leave its place: inline or foreign scripts, event handler
 * attributes, script/data-HTML URLs in link and source attributes, CSS that escapes, tags that
 * have no business on our pages. `strictText` also refuses the raw text `data:text/html` and
 * `javascript:` anywhere (for stored pages, where a refused value must not appear at all).
 */
export function unsafeParts(html: string, strictText: boolean): string[] {
  // A pure function of its input: a page identical to one already read gets the same answer.
  const key = `${strictText ? 1 : 0}:${createHash('sha256').update(html).digest('base64')}`;
  const known = checkedPages.get(key);
  if (known) return [...known];
  const problems = findUnsafe(html, strictText);
  checkedPages.set(key, problems);
  return [...problems];
}

const checkedPages = new Map<string, string[]>();

/**
 * The pages' own drawn icons (views/partials/platform-icon.ejs): an <svg> whose attributes are
 * exactly the partial's. Anything else named svg, an injected one included, is still unsafe.
 */
const ICON_ATTRS = new Set([
  'class',
  'viewbox',
  'width',
  'height',
  'fill',
  'stroke',
  'stroke-width',
  'stroke-linecap',
  'stroke-linejoin',
]);
function isOwnIcon(tag: { name: string; attrs: Array<[string, string]> }): boolean {
  if (tag.name !== 'svg') return false;
  const attrs = new Map(tag.attrs);
  return (
    /^icon icon--(?:brand|line)$/.test(attrs.get('class') ?? '') && tag.attrs.every(([name]) => ICON_ATTRS.has(name))
  );
}

function parsesAsJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

function findUnsafe(html: string, strictText: boolean): string[] {
  const problems: string[] = [];
  if (/<script[^>]*>\s*alert/i.test(html)) problems.push('inline <script>alert');
  if (/ejsinj/.test(html)) problems.push('template expression evaluated');
  for (const tag of tagsOf(html)) {
    for (const [name, value] of tag.attrs) {
      if (/^on[a-z]+$/.test(name)) problems.push(`<${tag.name} ${name}=…>`);
      if (name === 'srcdoc') problems.push(`<${tag.name} srcdoc>`);
      if (name === 'style' && BAD_CSS.test(value)) problems.push(`<${tag.name} style="${value.slice(0, 60)}">`);
      if (URL_ATTRS.has(name)) {
        const compact = value.replace(/[\s\p{Cc}\p{Cf}]/gu, '').toLowerCase();
        if (/^(?:javascript|vbscript|livescript|data:text|data:application|data:image\/svg)/.test(compact))
          problems.push(`<${tag.name} ${name}="${value.slice(0, 60)}">`);
        if (name === 'href' && /^(?:\/\/|\\\\|\/\\|\\\/)/.test(value.trim()))
          problems.push(`<${tag.name} href="${value.slice(0, 60)}"> (protocol-relative)`);
        if ((name === 'href' || name === 'src') && /^(?:https?:)?\/\/[^/]*@/i.test(value.trim()))
          problems.push(`<${tag.name} ${name} with credentials>`);
      }
    }
    if (NEVER_TAGS.has(tag.name) && !isOwnIcon(tag)) problems.push(`<${tag.name}>`);
    if (tag.name === 'meta' && tag.attrs.some(([n, v]) => n === 'http-equiv' && /refresh|set-cookie/i.test(v)))
      problems.push('<meta http-equiv>');
    if (tag.name === 'script') {
      const attrs = new Map(tag.attrs);
      const close = html.indexOf('</script', tag.end);
      const content = close < 0 ? html.slice(tag.end) : html.slice(tag.end, close);
      if (!attrs.has('src') && !/json/i.test(attrs.get('type') ?? '')) problems.push('<script> without src');
      if (content.trim() !== '' && !/json/i.test(attrs.get('type') ?? ''))
        problems.push('<script> with inline content');
      // A JSON data block (the page's JSON-LD) is never run: what typed text may do there is end it early,
      // which leaves JSON that does not parse (and the tags after it are checked like any others).
      if (/json/i.test(attrs.get('type') ?? '')) {
        if (!parsesAsJson(content)) problems.push('<script type=json> that does not parse');
      } else if (/alert\(/.test(content)) problems.push('alert( inside <script>');
    }
    if (tag.name === 'style') {
      const close = html.indexOf('</style', tag.end);
      const content = close < 0 ? html.slice(tag.end) : html.slice(tag.end, close);
      if (BAD_CSS.test(content) || /[<>"]/.test(decodeEntities(content)) || /url\(|var\(/i.test(content))
        problems.push(`<style> content: ${content.slice(0, 80)}`);
    }
  }
  if (strictText) {
    if (/data:text\/html/i.test(html)) problems.push('data:text/html in page');
    if (/javascript:|vbscript:/i.test(decodeEntities(html))) problems.push('javascript:/vbscript: in page');
  }
  return problems;
}

/** Letters only Turkish has, or words every short Turkish message is made of. */
const TURKISH_LETTERS = new RegExp(
  String.raw`[çğıöşüÇĞİÖŞÜ]|\b(?:en|fazla|az|bir|ile|veya|olabilir|olmalı|olmalıdır|` +
    String.raw`girin|zorunludur|karakter|istek|sayfa|bulunamadı)\b`,
  'i',
);
const ENGLISH_WORDS = new RegExp(
  String.raw`\b(?:the|not|error|invalid|found|forbidden|request|payload|large|unexpected|` +
    String.raw`internal|server|cannot|failed|missing|field|file|too|denied|bad|unsupported|` +
    String.raw`entity)\b`,
  'i',
);

export function isTurkish(text: string): boolean {
  return TURKISH_LETTERS.test(text) && !ENGLISH_WORDS.test(text);
}

/** The messages a refusal shows: JSON `error`, or the error texts in the page. */
export function shownMessages(res: Answer): string[] {
  const type = String(res.headers['content-type'] ?? '');
  if (type.includes('json')) {
    const error = (res.body as { error?: unknown }).error;
    return typeof error === 'string' ? [error] : [];
  }
  // A plain-text answer (a missing bundle under /build) is its own message.
  if (type.startsWith('text/plain')) return res.text.trim() ? [res.text.trim()] : [];
  const out: string[] = [];
  const patterns = [
    /<main[^>]*class="error-page"[\s\S]*?<h1>([\s\S]*?)<\/h1>/g,
    /class="field__note field__note--error"[^>]*>([\s\S]*?)<\/p>/g,
    /class="field-error"[^>]*>([\s\S]*?)<\/p>/g,
    /class="alert alert--error"[^>]*>([\s\S]*?)<\/div>/g,
    /class="notice notice--error" role="(?:status|alert)"(?! hidden)>([\s\S]*?)<\/(?:div|p)>/g,
  ];
  for (const pattern of patterns)
    for (const m of res.text.matchAll(pattern)) out.push(decodeEntities((m[1] ?? '').replace(/<[^>]+>/g, '').trim()));
  return out.filter((m) => m !== '');
}

export interface Refusal {
  /** Exact status, or the allowed statuses; any 4xx when absent. */
  status?: number | readonly number[];
  /** A fragment every answer's message must contain (JSON and page). */
  message?: string | RegExp;
}

function expectStatus(res: Answer, refusal: Refusal, label: string): void {
  expect(res.status, `${label}: status (body: ${res.text.slice(0, 200)})`).toBeLessThan(500);
  expect(res.status, `${label}: status`).toBeGreaterThanOrEqual(400);
  if (refusal.status !== undefined) {
    const allowed = typeof refusal.status === 'number' ? [refusal.status] : refusal.status;
    expect(allowed, `${label}: status ${res.status}`).toContain(res.status);
  }
}

function expectTurkishMessage(res: Answer, refusal: Refusal, label: string): void {
  const shown = shownMessages(res);
  expect(shown.length, `${label}: a message is shown (${res.text.slice(0, 300)})`).toBeGreaterThan(0);
  for (const message of shown)
    expect(isTurkish(message), `${label}: Turkish message, got ${JSON.stringify(message)}`).toBe(true);
  if (refusal.message !== undefined) {
    const wanted = refusal.message;
    expect(
      shown.some((m) => (typeof wanted === 'string' ? m.includes(wanted) : wanted.test(m))),
      `${label}: ${JSON.stringify(shown)} should contain ${String(wanted)}`,
    ).toBe(true);
  }
}

/** The JSON and the page answer of a refusal: 4xx, Turkish, and the page shows nothing live. */
export function expectRefused(res: Answer, refusal: Refusal, json: boolean): void {
  const label = json ? 'JSON answer' : 'page answer';
  expectStatus(res, refusal, label);
  if (json) expect(String(res.headers['content-type']), `${label}: content type`).toContain('application/json');
  expectTurkishMessage(res, refusal, label);
  if (!json) expect(unsafeParts(res.text, false), `${label}: unsafe markup`).toEqual([]);
}

/** The pages that show what the owner saved, checked after every case. */
export async function expectPagesSafe(
  w: World,
  extra: string[] = [],
  strictText = true,
): Promise<Record<string, string>> {
  const pages: Record<string, string> = {};
  const agentless = [`/${w.a.slug}`, `${w.base()}/profile`, ...extra.filter((p) => !p.startsWith('/admin'))];
  for (const url of agentless) {
    const res = await request(w.t.app).get(url);
    expect(res.status, `GET ${url}`).toBe(200);
    expect(unsafeParts(res.text, strictText), `GET ${url}: unsafe markup`).toEqual([]);
    pages[url] = res.text;
  }
  for (const url of extra.filter((p) => p.startsWith('/admin'))) {
    const res = await w.admin.agent.get(url);
    expect(res.status, `GET ${url}`).toBe(200);
    expect(unsafeParts(res.text, strictText), `GET ${url}: unsafe markup`).toEqual([]);
    pages[url] = res.text;
  }
  return pages;
}

/** The watched rows and files are exactly the baseline's. */
export async function expectUnchanged(w: World): Promise<void> {
  const now = await snapshot(w.t);
  const withoutVersion = (rows: Record<Table, Row[]>) => ({
    ...rows,
    customers: rows.customers.map(({ version: _v, ...rest }) => rest),
  });
  expect(withoutVersion(now.rows), 'rows saved before').toEqual(withoutVersion(w.baseline.rows));
  expect(now.files, 'files saved before').toEqual(w.baseline.files);
  // The data is intact; a refused request must not have written at all (not even the page version).
  const versions = (rows: Record<Table, Row[]>) =>
    rows.customers.map((row) => `${String(row.id)}:${String(row.version)}`);
  expect(versions(now.rows), 'customers.version (id:version) raised by a refused request').toEqual(
    versions(w.baseline.rows),
  );
}

export interface RefusedCase extends Refusal {
  /** Pages to check besides A's public and edit pages. */
  pages?: string[];
  /** Send once only (as a page request), for requests that cannot be repeated meaningfully. */
  once?: 'json' | 'page';
}

/**
 * The whole check of a refused case: the request as a widget (JSON) and as a form (page) is
 * refused with a 4xx and a Turkish message, the pages show nothing live, nothing changed.
 */
export async function checkRefused(w: World, send: Send, c: RefusedCase): Promise<void> {
  let clean = false;
  try {
    for (const json of c.once === 'json' ? [true] : c.once === 'page' ? [false] : [true, false]) {
      expectRefused(await send(json), c, json);
    }
    await expectUnchanged(w);
    clean = true;
    await expectPagesSafe(w, c.pages ?? []);
  } finally {
    if (!clean) await restoreIfChanged(w);
  }
}

export interface AcceptedCheck {
  /** Reads what was stored; compared with `stored`. */
  read: () => Promise<unknown>;
  stored: unknown;
  /** Text that must appear escaped (as EJS writes it) in at least one of the checked pages. */
  shown?: string;
  pages?: string[];
  /** Tables allowed to differ from the baseline. */
  changes: readonly Table[];
}

/**
 * An accepted case: a 2xx/303, stored as expected, rendered escaped with nothing live, and
 * no table but the expected ones touched. The world is restored afterwards.
 */
export async function checkAccepted(w: World, res: Answer, c: AcceptedCheck): Promise<void> {
  try {
    expect(res.status, `status (body: ${res.text.slice(0, 200)})`).toBeLessThan(400);
    expect(await c.read()).toEqual(c.stored);
    const pages = await expectPagesSafe(w, c.pages ?? [], false);
    if (c.shown !== undefined) {
      const escaped = escapeHtml(c.shown);
      expect(
        Object.values(pages).some((html) => html.includes(escaped)),
        `escaped ${JSON.stringify(escaped)} shown`,
      ).toBe(true);
    }
    const now = await snapshot(w.t);
    for (const table of WATCHED_TABLES) {
      if (c.changes.includes(table)) continue;
      if (table === 'customers') {
        // The page version rises with every accepted write; nothing else may change.
        const strip = (rows: Row[]) => rows.map(({ version: _v, ...rest }) => rest);
        expect(strip(now.rows.customers), 'customers').toEqual(strip(w.baseline.rows.customers));
      } else {
        expect(now.rows[table], table).toEqual(w.baseline.rows[table]);
      }
    }
  } finally {
    await restore(w);
  }
}

/**
 * A value either refused (4xx, Turkish, nothing changed) or accepted, stored as given and shown
 * escaped; both are fine for free text, and both are checked.
 */
export async function checkRefusedOrEscaped(
  w: World,
  send: Send,
  refusal: RefusedCase,
  accepted: AcceptedCheck,
): Promise<'refused' | 'accepted'> {
  const first = await send(true);
  if (first.status >= 400 || first.status < 200) {
    await checkRefused(w, send, refusal);
    return 'refused';
  }
  await checkAccepted(w, first, accepted);
  return 'accepted';
}

/** supertest's response as an Answer. */
export function answer(res: request.Response): Answer {
  return {
    status: res.status,
    text: res.text ?? '',
    body: res.body as unknown,
    headers: res.headers,
  };
}

/** A fresh CSRF token of the signed-in administrator (from the dashboard). */
export async function adminCsrf(w: World): Promise<string> {
  return csrfFrom((await w.admin.agent.get('/admin')).text);
}

/** Takes the current state as the new baseline (after a file's own extra setup). */
export async function rebaseline(w: World): Promise<void> {
  w.baseline = await snapshot(w.t);
  await keepFiles(w.t, w.baseline);
}

// ---------------------------------------------------------------------------------------------
// Owner routes: every route under /edit/:token with a request that would change something

export interface OwnerRoute {
  /** As in src/routes.ts, with `:linkId` filled in by `path`. */
  label: string;
  method: 'GET' | 'POST';
  path: (w: World) => string;
  kind: 'none' | 'form' | 'upload';
  fields?: Record<string, string>;
  /** Upload routes: the file sent as `file`. */
  file?: 'jpeg' | 'pdf';
}

export const OWNER_ROUTES: readonly OwnerRoute[] = [
  { label: 'GET /edit/:token', method: 'GET', path: () => '', kind: 'none' },
  { label: 'GET /edit/:token/profile', method: 'GET', path: () => '/profile', kind: 'none' },
  { label: 'GET /edit/:token/messages', method: 'GET', path: () => '/messages', kind: 'none' },
  { label: 'GET /edit/:token/stats', method: 'GET', path: () => '/stats', kind: 'none' },
  { label: 'GET /edit/:token/leads', method: 'GET', path: () => '/leads', kind: 'none' },
  { label: 'GET /edit/:token/leads.csv', method: 'GET', path: () => '/leads.csv', kind: 'none' },
  { label: 'GET /edit/:token/leads.vcf', method: 'GET', path: () => '/leads.vcf', kind: 'none' },
  {
    label: 'POST /edit/:token/leads/settings',
    method: 'POST',
    path: () => '/leads/settings',
    kind: 'form',
    fields: {
      enabled: '1',
      fields: 'phone',
      prompt: 'Arayalım',
      notice: 'Veri sorumlusu: başkası.',
      retention_months: '3',
    },
  },
  {
    label: 'POST /edit/:token/leads/delete-all',
    method: 'POST',
    path: () => '/leads/delete-all',
    kind: 'form',
    fields: { confirm: '1' },
  },
  { label: 'GET /edit/:token/stats.csv', method: 'GET', path: () => '/stats.csv', kind: 'none' },
  { label: 'GET /edit/:token/print.pdf', method: 'GET', path: () => '/print.pdf?format=a6', kind: 'none' },
  { label: 'GET /edit/:token/price-list/import', method: 'GET', path: () => '/price-list/import', kind: 'none' },
  { label: 'GET /edit/:token/price-list.csv', method: 'GET', path: () => '/price-list.csv', kind: 'none' },
  {
    label: 'POST /edit/:token/price-list/import',
    method: 'POST',
    path: () => '/price-list/import',
    kind: 'upload',
    fields: { replace: '1' },
    file: 'pdf',
  },
  {
    label: 'POST /edit/:token/profile',
    method: 'POST',
    path: () => '/profile',
    kind: 'form',
    fields: { bio: 'Değiştirilmiş biyografi' },
  },
  {
    label: 'POST /edit/:token/settings',
    method: 'POST',
    path: () => '/settings',
    kind: 'form',
    fields: { dark_mode: '1' },
  },
  {
    label: 'POST /edit/:token/contact-buttons/:type',
    method: 'POST',
    path: () => '/contact-buttons/email',
    kind: 'form',
    fields: { is_visible: '0' },
  },
  {
    label: 'POST /edit/:token/background',
    method: 'POST',
    path: () => '/background',
    kind: 'form',
    fields: { background_type: 'color', background_value: '#000000' },
  },
  {
    label: 'POST /edit/:token/iban',
    method: 'POST',
    path: () => '/iban',
    kind: 'form',
    fields: { iban: 'TR330006100519786457841326', account_holder: 'Başka Kişi' },
  },
  {
    label: 'POST /edit/:token/iban/visibility',
    method: 'POST',
    path: () => '/iban/visibility',
    kind: 'form',
    fields: { is_visible: '0' },
  },
  { label: 'POST /edit/:token/iban/delete', method: 'POST', path: () => '/iban/delete', kind: 'form', fields: {} },
  {
    label: 'POST /edit/:token/hours',
    method: 'POST',
    path: () => '/hours',
    kind: 'form',
    fields: {
      hours_1: '09:00-18:00',
      hours_2: '',
      hours_3: '',
      hours_4: '',
      hours_5: '',
      hours_6: '',
      hours_7: '',
      closed_dates: '',
    },
  },
  {
    label: 'POST /edit/:token/links',
    method: 'POST',
    path: () => '/links',
    kind: 'form',
    fields: { platform: 'website', url: 'https://ornek.com' },
  },
  {
    label: 'POST /edit/:token/links/order',
    method: 'POST',
    path: () => '/links/order',
    kind: 'form',
    fields: { order: '' },
  },
  {
    label: 'POST /edit/:token/links/catalog',
    method: 'POST',
    path: () => '/links/catalog',
    kind: 'upload',
    fields: { platform: 'catalog', catalog_type: 'file', label: 'Yeni Katalog' },
    file: 'pdf',
  },
  {
    label: 'POST /edit/:token/links/:linkId',
    method: 'POST',
    path: (w) => `/links/${w.aLinks.custom}`,
    kind: 'form',
    fields: { url: 'https://ornek.com/yeni', label: 'Yeni' },
  },
  {
    label: 'POST /edit/:token/links/:linkId/delete',
    method: 'POST',
    path: (w) => `/links/${w.aLinks.custom}/delete`,
    kind: 'form',
    fields: {},
  },
  {
    label: 'POST /edit/:token/links/:linkId/visibility',
    method: 'POST',
    path: (w) => `/links/${w.aLinks.custom}/visibility`,
    kind: 'form',
    fields: { is_visible: '0' },
  },
  {
    label: 'POST /edit/:token/links/:linkId/move',
    method: 'POST',
    path: (w) => `/links/${w.aLinks.custom}/move`,
    kind: 'form',
    fields: { direction: 'up' },
  },
  {
    label: 'POST /edit/:token/photo/profile',
    method: 'POST',
    path: () => '/photo/profile',
    kind: 'upload',
    file: 'jpeg',
  },
  { label: 'POST /edit/:token/photo/cover', method: 'POST', path: () => '/photo/cover', kind: 'upload', file: 'jpeg' },
  { label: 'POST /edit/:token/cover/remove', method: 'POST', path: () => '/cover/remove', kind: 'form', fields: {} },
  {
    label: 'POST /edit/:token/photo/profile/remove',
    method: 'POST',
    path: () => '/photo/profile/remove',
    kind: 'form',
    fields: {},
  },
  {
    label: 'POST /edit/:token/cover',
    method: 'POST',
    path: () => '/cover',
    kind: 'form',
    fields: { cover_type: 'color', cover_value: '#1e3a8a' },
  },
  {
    label: 'POST /edit/:token/background/image',
    method: 'POST',
    path: () => '/background/image',
    kind: 'upload',
    file: 'jpeg',
  },
  {
    label: 'POST /edit/:token/links/:linkId/catalog',
    method: 'POST',
    path: (w) => `/links/${w.aLinks.catalog}/catalog`,
    kind: 'upload',
    fields: { catalog_type: 'file', label: 'Katalog' },
    file: 'pdf',
  },
];

export const OWNER_POSTS = OWNER_ROUTES.filter((r) => r.method === 'POST');

let testJpeg: Buffer | null = null;

/** A small valid JPEG for upload routes. */
export async function jpegFixture(): Promise<Buffer> {
  if (!testJpeg) testJpeg = await solidJpeg(120, 90, { r: 20, g: 140, b: 90 });
  return testJpeg;
}

/** Sends one owner route with the given token and headers; the reorder body is A's links reversed. */
export async function sendOwner(
  w: World,
  route: OwnerRoute,
  token: string,
  options: { json: boolean; headers?: Record<string, string>; path?: string },
): Promise<Answer> {
  const url = `/edit/${token}${options.path ?? route.path(w)}`;
  let req = route.method === 'GET' ? request(w.t.app).get(url) : request(w.t.app).post(url);
  if (options.json) req = req.set('Accept', 'application/json');
  for (const [name, value] of Object.entries(options.headers ?? {})) req = req.set(name, value);
  if (route.kind === 'form') {
    const fields = { ...route.fields };
    if (route.path(w) === '/links/order') {
      const ids = w.baseline.rows.social_links
        .filter((row) => Number(row.customer_id) === w.a.id)
        .map((row) => Number(row.id));
      fields.order = ids.reverse().join(',');
    }
    req = req.type('form').send(fields);
  } else if (route.kind === 'upload') {
    for (const [name, value] of Object.entries(route.fields ?? {})) req = req.field(name, value);
    req =
      route.file === 'pdf'
        ? req.attach('file', MINIMAL_PDF, 'katalog.pdf')
        : req.attach('file', await jpegFixture(), 'foto.jpg');
  }
  return answer(await req);
}

// ---------------------------------------------------------------------------------------------
// Multipart written by hand

export interface Part {
  /** null: no name parameter at all. */
  name: string | null;
  filename?: string;
  type?: string;
  data: string | Buffer;
}

export const BOUNDARY = '----vizitGuvenlik9QfX2kLm';

export function multipart(
  parts: readonly Part[],
  { close = true, boundary = BOUNDARY }: { close?: boolean; boundary?: string } = {},
): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const name = part.name === null ? '' : `; name="${part.name}"`;
    const filename = part.filename === undefined ? '' : `; filename="${part.filename}"`;
    const type = part.type ? `\r\nContent-Type: ${part.type}` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data${name}${filename}${type}\r\n\r\n`));
    chunks.push(Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data));
    chunks.push(Buffer.from('\r\n'));
  }
  if (close) chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

/**
 * `it.each` rows as [title, case]: with `'%s'` the whole title shows in the report (an object
 * row's `$title` is cut at 40 characters), and the case object is the second argument.
 */
export function titled<T>(cases: readonly T[], title: (c: T) => string): Array<[string, T]> {
  return cases.map((c) => [title(c), c]);
}
