import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import request from 'supertest';
import type { RequestListener } from 'node:http';
import type { Express } from 'express';
import { createApp, type App } from '../../src/app.js';
import { loadConfig, type Config } from '../../src/config.js';
import { createDb, migrateLatest, type Db } from '../../src/db.js';
import { createLogger } from '../../src/logger.js';
import { createTestDatabase, seedSqliteFile } from './database.js';
import { csrfFrom } from './raw-http.js';

/** The page scraper of raw-http.ts, here too because the supertest suites import it from this file. */
export { csrfFrom };

export const ADMIN_EMAIL = 'yonetici@example.com';
export const ADMIN_PASSWORD = 'dogru-sifre-123';

export interface TestApp {
  /** The app as the server runs it (App.handler): the public page's fast path, then Express. */
  app: RequestListener;
  /** The Express app itself, without the fast path: its router lists every route (route-list.ts). */
  express: Express;
  db: Db;
  config: Config;
  services: App['services'];
  dataDir: string;
  /** Every log line the app wrote, as parsed JSON. */
  logs: Array<Record<string, unknown>>;
  close(): Promise<void>;
}

/**
 * A fresh app with one administrator, on empty tables: a SQLite file in a temp dir, or a
 * schema of its own on PostgreSQL when the tests run there (see database.ts).
 */
export async function createTestApp(
  options: { env?: Record<string, string>; clock?: () => Date } = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'vizit-test-'));
  const database = await createTestDatabase();
  const databaseEnv: Record<string, string> = database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {};
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'info', ...databaseEnv, ...options.env });
  if (!config.databaseUrl) await seedSqliteFile(config.sqliteFile, dataDir);
  const db = createDb(config);
  await migrateLatest(db);
  const logs: Array<Record<string, unknown>> = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split('\n')) if (line) logs.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  const logger = createLogger('info', sink);
  const {
    handler: app,
    app: express,
    services,
    close: closeApp,
  } = createApp({ config, db, logger, clock: options.clock });
  await services.auth.createAdministrator(ADMIN_EMAIL, ADMIN_PASSWORD);
  return {
    app,
    express,
    db,
    config,
    services,
    dataDir,
    logs,
    async close() {
      closeApp();
      await db.destroy();
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** An agent (cookie jar) signed in as the test administrator, and a CSRF token for its forms. */
export async function signIn(app: RequestListener): Promise<{ agent: request.Agent; csrf: string }> {
  const agent = request.agent(app);
  const login = await agent.get('/login');
  await agent
    .post('/login')
    .type('form')
    .send({ _csrf: csrfFrom(login.text), email: ADMIN_EMAIL, password: ADMIN_PASSWORD })
    .expect(303)
    .expect('Location', '/admin');
  const admin = await agent.get('/admin').expect(200);
  return { agent, csrf: csrfFrom(admin.text) };
}

/** Creates a customer through the admin form; returns its id, slug and edit token as stored. */
export async function createCustomer(
  t: TestApp,
  signedIn: { agent: request.Agent; csrf: string },
  name: string,
  surname: string,
): Promise<{ id: number; slug: string; editToken: string }> {
  const res = await signedIn.agent
    .post('/admin/customers')
    .type('form')
    .send({ _csrf: signedIn.csrf, name, surname })
    .expect(303);
  const id = Number(/\/admin\/customers\/(\d+)\?created=1$/.exec(res.headers.location ?? '')?.[1]);
  const row = await t.db('customers').where({ id }).first();
  return { id, slug: String(row.slug), editToken: String(row.edit_token) };
}

export type CreatedCustomer = Awaited<ReturnType<typeof createCustomer>>;

/**
 * The owner stories' world: a fresh app with Ayşe Kaya, whose page the story edits, and Ali Veli,
 * whose rows and links another customer's token must never reach.
 */
export async function createOwnerWorld(
  options: Parameters<typeof createTestApp>[0] = {},
): Promise<{ t: TestApp; customer: CreatedCustomer; other: CreatedCustomer }> {
  const t = await createTestApp(options);
  const admin = await signIn(t.app);
  const customer = await createCustomer(t, admin, 'Ayşe', 'Kaya');
  const other = await createCustomer(t, admin, 'Ali', 'Veli');
  return { t, customer, other };
}
