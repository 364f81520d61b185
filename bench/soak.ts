/**
 * `npm run soak`: the real server (production mode, a temp DATA_DIR, 127.0.0.1 only) under mixed
 * load for a set time, printing its resident memory (VmRSS) and the error count every 30 s, then
 * a summary with the memory curve. Not part of the test command.
 *
 *   npm run soak                        10 minutes
 *   npm run soak -- --minutes 2         a shorter run
 *   npm run soak -- --workers 16        more requests in flight (default 8)
 *   npm run soak -- --built             the compiled server (`npm run build` first), as deployed;
 *                                       without it the sources run through tsx, whose loader adds memory
 *
 * Errors are answers outside 2xx/3xx other than 429, and requests that got no answer; 429s
 * (a rate limit doing its job) are counted separately. Exit code 1 when there were errors or
 * the server did not stop cleanly.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { solidJpeg } from '../tests/helpers/fixtures.js';
import { PRODUCTION_MALLOC_ENV, procStatusMb, startServer, type ServerProcess } from '../tests/helpers/launcher.js';
import { formBody, inputValue, isOkJson, rawRequest } from '../tests/helpers/raw-http.js';
import { createCustomersViaAdmin, signInAdmin, type AdminSession } from '../tests/helpers/real-admin.js';
import { SoakLoad, type SoakCustomer } from './soak-load.js';

const ADMIN = { email: 'soak@vizit.test', password: 'dayaniklilik-testi-2026' };
const CUSTOMERS = 10;
const LINKS_AT_START = 4;
const REPORT_EVERY_MS = 30_000;
const PEOPLE: Array<[string, string]> = [
  ['Ayşe', 'Kaya'],
  ['Mehmet', 'Yılmaz'],
  ['Zeynep', 'Demir'],
  ['Ali', 'Çelik'],
  ['Elif', 'Şahin'],
  ['Mustafa', 'Öztürk'],
  ['Fatma', 'Arslan'],
  ['Emre', 'Doğan'],
  ['Selin', 'Koç'],
  ['Burak', 'Aydın'],
];

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  if (at < 0) return fallback;
  const value = Number(process.argv[at + 1]);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} needs a positive number`);
  return value;
}

function clock(ms: number): string {
  const s = Math.round(ms / 1000);
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

let server: ServerProcess | null = null;
let dataDir: string | null = null;

/** Resident memory of the server in MB; 0 off Linux or once it ended. */
function residentMb(pid: number): number {
  return procStatusMb(pid, 'VmRSS') ?? 0;
}

async function cleanUp(): Promise<number | null> {
  const code = server ? await server.stop('SIGTERM') : null;
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  return code;
}

process.once('SIGINT', () => {
  console.error('\nSIGINT: stopping the server and removing the temp data...');
  void cleanUp().finally(() => process.exit(130));
});

/** Customers made through the admin form, each with a few links and a message-form stamp. */
async function setUp(url: string, session: AdminSession, sqliteFile: string): Promise<SoakCustomer[]> {
  const customers: SoakCustomer[] = [];
  for (const c of await createCustomersViaAdmin(url, session, PEOPLE.slice(0, CUSTOMERS), sqliteFile)) {
    const links: number[] = [];
    for (let i = 1; i <= LINKS_AT_START; i += 1) {
      const form = formBody({
        platform: 'custom',
        url: `https://ornek.com.tr/${c.slug}/${i}`,
        label: `Bağlantı ${i}`,
        icon: '',
      });
      const res = await rawRequest(`${url}/edit/${c.token}/links`, {
        headers: { ...form.headers, accept: 'application/json' },
        body: form.body,
      });
      if (!isOkJson(res)) throw new Error(`adding a link failed: ${res.status}`);
      links.push((JSON.parse(res.text) as { id: number }).id);
    }
    const page = await rawRequest(`${url}/${c.slug}`);
    customers.push({ ...c, links, linkBusy: false, stamp: inputValue(page.text, 'form_started') });
  }
  // The message form refuses a stamp younger than 2 s.
  await sleep(2100);
  return customers;
}

function printCurve(samples: Array<{ at: number; rss: number }>): void {
  const max = Math.max(...samples.map((s) => s.rss));
  console.log('\nResident memory (VmRSS) over the run:');
  for (const s of samples)
    console.log(
      `  ${clock(s.at)}  ${s.rss.toFixed(1).padStart(6)} MB ` +
        ` ${'█'.repeat(Math.max(1, Math.round((s.rss / max) * 40)))}`,
    );
}

async function main(): Promise<void> {
  const minutes = option('minutes', 10);
  const workers = Math.round(option('workers', 8));
  const built = process.argv.includes('--built');
  console.log(
    `Vizit soak: ${minutes} min, ${workers} workers, server ` +
      `from ${built ? 'dist/ (compiled)' : 'src/ through tsx'}, malloc ${Object.entries(PRODUCTION_MALLOC_ENV)
        .map(([k, v]) => `${k}=${v}`)
        .join(' ')}, ` +
      `Node ${process.version}, ${os.cpus().length} cores (the load runs on the same machine)`,
  );
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'vizit-soak-'));
  const sqliteFile = path.join(dataDir, 'vizit.sqlite');
  // As the Dockerfile runs it: production mode, and few glibc malloc arenas for libvips' threads.
  const serverEnv = { NODE_ENV: 'production', ...PRODUCTION_MALLOC_ENV, TRUST_PROXY: 'true', LOG_LEVEL: 'warn' };
  server = await startServer(
    dataDir,
    { ...serverEnv, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
    { built },
  );
  const session = await signInAdmin(server.url, ADMIN.email, ADMIN.password);
  const customers = await setUp(server.url, session, sqliteFile);
  const photo = await solidJpeg(640, 480, { r: 190, g: 120, b: 70 });
  const pid = server.pid;

  const startRss = residentMb(pid);
  const samples = [{ at: 0, rss: startRss }];
  let peak = startRss;
  const load = new SoakLoad(server.url, customers, session, photo, workers);
  const started = Date.now();
  console.log(
    `${clock(0)}  RSS ${startRss.toFixed(1)} MB (after set-up: ${CUSTOMERS} customers, ${LINKS_AT_START} links each)`,
  );
  const peakTimer = setInterval(() => (peak = Math.max(peak, residentMb(pid))), 1000);
  const reportTimer = setInterval(() => {
    const rss = residentMb(pid);
    const at = Date.now() - started;
    samples.push({ at, rss });
    const requests = load.total('requests');
    console.log(
      `${clock(at)}  RSS ${rss.toFixed(1)} MB  requests ${requests} ` +
        `(${Math.round(requests / (at / 1000))}/s)  errors ${load.total('errors')}  429s ${load.total('throttled')}`,
    );
  }, REPORT_EVERY_MS);
  await load.run(workers, started + minutes * 60_000);
  clearInterval(peakTimer);
  clearInterval(reportTimer);
  const elapsed = Date.now() - started;
  const endRss = residentMb(pid);
  peak = Math.max(peak, endRss);
  if (samples.at(-1)!.at < elapsed - 1000) samples.push({ at: elapsed, rss: endRss });

  const requests = load.total('requests');
  const errors = load.total('errors');
  console.log(
    `\nSummary after ${clock(elapsed)}: ${requests} requests (${Math.round(requests / (elapsed / 1000))}/s), ` +
      `errors ${errors}, 429s ${load.total('throttled')}`,
  );
  console.log(`RSS: start ${startRss.toFixed(1)} MB, peak ${peak.toFixed(1)} MB, end ${endRss.toFixed(1)} MB`);
  console.log('By kind:');
  for (const [kind, t] of load.tallies)
    console.log(
      `  ${kind.padEnd(8)} requests ${String(t.requests).padStart(7)}  errors ${t.errors}  429s ${t.throttled}`,
    );
  if (load.errorSamples.length > 0) console.log(`Errors seen:\n  ${load.errorSamples.join('\n  ')}`);
  printCurve(samples);
  const exitCode = await cleanUp();
  console.log(`\nServer stopped with exit code ${exitCode} (SIGTERM).`);
  if (errors > 0 || exitCode !== 0) process.exitCode = 1;
}

main().catch(async (err: unknown) => {
  console.error(err);
  console.error(server?.output() ?? '');
  await cleanUp();
  process.exit(1);
});
