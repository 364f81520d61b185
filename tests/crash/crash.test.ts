/**
 * Crash test: the real server process under concurrent writes is killed with SIGKILL
 * at a random moment, CRASH_ROUNDS times (default 10), and restarted on the same DATA_DIR.
 * After every restart: the SQLite file passes integrity_check, every write answered with
 * success is stored (and no refused one), order indexes are dense, and the uploads folder
 * holds no temp file, no half-written image and no file that no row points to. (A kill between
 * saveFile() and the commit of the row leaves such a file; the server's start-up sweep must remove
 * it, with no minimum age on SQLite, since the check runs right after the restart.)
 *
 *   CRASH_ROUNDS=3 npx vitest run tests/crash     fewer rounds
 *   CRASH_SEED=12345 npx vitest run tests/crash   the kill moments and choices of an earlier run
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { solidJpeg } from '../helpers/fixtures.js';
import { startServer, type ServerProcess } from '../helpers/launcher.js';
import { clientAddress, inputValue, rawRequest } from '../helpers/raw-http.js';
import { createCustomersViaAdmin, signInAdmin } from '../helpers/real-admin.js';
import { KINDS, Ledger } from './ledger.js';
import { Random } from './prng.js';
import { auditUploads } from './uploads-audit.js';
import { verifyDatabase } from './verify.js';
import { Round, type Target } from './workload.js';

const ROUNDS = positiveInt(process.env.CRASH_ROUNDS, 10);
const SEED = positiveInt(process.env.CRASH_SEED, Math.floor(Math.random() * 2 ** 31));
const ADMIN = { ADMIN_EMAIL: 'kaza@vizit.test', ADMIN_PASSWORD: 'kaza-testi-sifresi-2026' };
/** The kill falls this long after the writes start: from "barely begun" to "in full swing". */
const KILL_AFTER_MS: [number, number] = [250, 2500];
/** The message form refuses a stamp younger than 2 s. */
const STAMP_AGE_MS = 2100;
const PEOPLE: Array<[string, string]> = [
  ['Ayşe', 'Kaya'],
  ['Mehmet', 'Yılmaz'],
  ['Zeynep', 'Demir'],
];

function positiveInt(raw: string | undefined, fallback: number): number {
  const value = Number(raw);
  return raw && Number.isInteger(value) && value > 0 ? value : fallback;
}

/** Three customers made through the admin pages, with a message-form stamp for each. */
async function setUp(server: ServerProcess, sqliteFile: string): Promise<Target[]> {
  const session = await signInAdmin(server.url, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
  const targets: Target[] = [];
  for (const customer of await createCustomersViaAdmin(server.url, session, PEOPLE, sqliteFile)) {
    const page = await rawRequest(`${server.url}/${customer.slug}`);
    expect(page.status).toBe(200);
    targets.push({ ...customer, stamp: inputValue(page.text, 'form_started') });
  }
  return targets;
}

function addressPool(): () => string {
  let n = 0;
  return () => clientAddress((n += 1));
}

describe('crash test', () => {
  it(
    `keeps every acknowledged write through ${ROUNDS} SIGKILLs under concurrent writes`,
    { timeout: 240_000 },
    async () => {
      const started = Date.now();
      console.log(`crash test: seed ${SEED}, ${ROUNDS} rounds (repeat with CRASH_SEED=${SEED} CRASH_ROUNDS=${ROUNDS})`);
      const random = new Random(SEED);
      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'vizit-crash-'));
      const sqliteFile = path.join(dataDir, 'vizit.sqlite');
      const env = { ...ADMIN, TRUST_PROXY: 'true', LOG_LEVEL: 'warn' };
      let server = await startServer(dataDir, env);
      const problems: string[] = [];
      try {
        const customers = await setUp(server, sqliteFile);
        const stampsTakenAt = Date.now();
        const jpegs = await Promise.all(
          [
            [200, 60, 40],
            [40, 160, 90],
            [50, 80, 210],
          ].map(([r, g, b]) => solidJpeg(160, 120, { r: r!, g: g!, b: b! })),
        );
        const ledger = new Ledger(customers.map((c) => c.id));
        const nextAddress = addressPool();
        const seen = new Set<string>();
        await sleep(Math.max(0, STAMP_AGE_MS - (Date.now() - stampsTakenAt)));

        for (let round = 1; round <= ROUNDS; round += 1) {
          const killAfter = random.int(...KILL_AFTER_MS);
          const writes = new Round({
            url: server.url,
            round,
            random: random.fork(round),
            ledger,
            customers,
            jpegs,
            sqliteFile,
            nextAddress,
          });
          const before = ledger.total('attempted');
          const running = writes.run();
          await sleep(killAfter);
          server.child.kill('SIGKILL');
          writes.stop();
          const exit = await server.exited;
          await running;
          expect(exit.signal).toBe('SIGKILL');

          server = await startServer(dataDir, env);
          const db = verifyDatabase(sqliteFile, ledger);
          const uploads = await auditUploads(path.join(dataDir, 'uploads'), sqliteFile, ledger);
          // A problem stays until something clears it; each is reported once, at the kill that made it.
          const fresh = [...db.problems, ...uploads.problems, ...uploads.orphans].filter((p) => !seen.has(p));
          for (const problem of fresh) seen.add(problem);
          problems.push(...fresh.map((p) => `after kill ${round}: ${p}`));
          console.log(
            `round ${round}: killed after ${killAfter} ms, ${ledger.total('attempted') - before} writes sent; ` +
              `${uploads.files} upload files, ${uploads.orphans.length} orphans; ${fresh.length} new problems`,
          );
        }

        const seconds = Math.round((Date.now() - started) / 100) / 10;
        console.log(
          `crash test: seed ${SEED}, rounds ${ROUNDS}, writes attempted ${ledger.total('attempted')}, ` +
            `acknowledged ${ledger.total('acknowledged')}, ` +
            `checked ${ledger.total('checked')}, refused ${ledger.total('refused')}, ` +
            `unanswered ${ledger.total('unanswered')}, ${seconds} s`,
        );
        for (const kind of KINDS) console.log(`  ${kind.padEnd(8)} ${JSON.stringify(ledger.counts[kind])}`);
        if (ledger.unexpected.length > 0)
          console.log(`unexpected answers:\n  ${ledger.unexpected.slice(0, 20).join('\n  ')}`);
        if (problems.length > 0) console.log(`problems:\n  ${problems.join('\n  ')}\n(data left in ${dataDir})`);

        expect(ledger.counts.message.acknowledged, 'messages were acknowledged').toBeGreaterThan(0);
        expect(ledger.counts.link.acknowledged, 'links were acknowledged').toBeGreaterThan(0);
        expect(ledger.total('checked'), 'acknowledged writes were checked').toBeGreaterThan(0);
        expect(ledger.unexpected).toEqual([]);
        expect(problems).toEqual([]);
      } finally {
        await server.stop('SIGTERM');
        if (problems.length === 0) await rm(dataDir, { recursive: true, force: true });
      }
    },
  );
});
