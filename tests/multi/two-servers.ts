/**
 * Two real app processes on one throwaway PostgreSQL database and one uploads folder (the shared
 * volume), as behind a reverse proxy, with the administrator both sign in as. Given a bucket,
 * the uploads go there instead and each instance has a DATA_DIR of its own, as on two machines.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createDb, type Db } from '../../src/db.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';
import { startServer, type ServerProcess } from '../helpers/launcher.js';
import type { S3TestServer } from '../helpers/s3-test-server.js';

export const ADMIN = { email: 'yonetici@example.com', password: 'Kadikoy-Iki-Sunucu-2026' };

export interface TwoServers {
  a: ServerProcess;
  b: ServerProcess;
  /** The shared database, for checks. */
  db: Db;
  database: TestDatabase;
  dataDir: string;
  close(): Promise<void>;
}

/**
 * Starts both together on an empty database: one migrates and creates the administrator, the
 * other waits for it instead of failing on a half-made schema.
 */
export async function startTwoServers(name: string, bucket?: S3TestServer): Promise<TwoServers> {
  const database = await createTestDatabase();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `vizit-${name}-`));
  const dataDirB = bucket ? await mkdtemp(path.join(os.tmpdir(), `vizit-${name}-b-`)) : dataDir;
  const env = {
    DATABASE_URL: database.databaseUrl ?? '',
    SESSION_SECRET: 'iki-sunucu-ayni-gizli-anahtar-0123456789abcdef',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'warn',
    // The tests name each page visitor's address (X-Forwarded-For); without the header the socket's address counts, as
    // before.
    TRUST_PROXY: 'true',
    ...bucket?.env(`${name}/`),
  };
  const [a, b] = await Promise.all([startServer(dataDir, env), startServer(dataDirB, env)]);
  const db = createDb({ databaseUrl: database.databaseUrl, sqliteFile: '' });
  return {
    a,
    b,
    db,
    database,
    dataDir,
    async close() {
      await Promise.all([a.stop(), b.stop()]);
      await db.destroy();
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
      await rm(dataDirB, { recursive: true, force: true });
    },
  };
}
