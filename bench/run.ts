/**
 * `npm run bench`: builds a realistic data set in a temp DATA_DIR, starts the real server
 * (production mode), a bare Express hello world and a bare node:http one, measures the targets docs/performance.md
 * lists and prints them as a table, also written to bench/results.json.
 *
 *   npm run bench                  build if sources changed, then run everything
 *   npm run bench -- --build       always rebuild first
 *   npm run bench -- --keep-data   leave the temp DATA_DIR behind (its path is printed)
 *   npm run bench -- --only=clicks,stats
 *                                  run only these scenarios (ids: weight, public, stats, admin, list, list-assigned,
 *                                  messages, messages-notified, clicks, upload, import, print, og, pricelist,
 *                                  activity, company, bulk, s3, team, languages, codes); results.json is then left
 *                                  alone
 *   BENCH_SERVER_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' npm run bench
 *                                  extra node flags for the server process (profiling)
 *   DATABASE_URL=postgres://... npm run bench
 *                                  the same on PostgreSQL: the data set is moved there by
 *                                  db:copy (into a schema of its own, dropped afterwards);
 *                                  figures go to bench/results-postgres.json
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  PRODUCTION_MALLOC_ENV,
  PRODUCTION_NODE_ARGS,
  procStatusMb,
  startHttp,
  startServer,
  stopAll,
} from '../tests/helpers/launcher.js';
import { buildIfNeeded } from './build.js';
import { round, type BenchContext } from './context.js';
import { buildDataset, DATASET } from './dataset.js';
import { rowCounter, type RowCounter } from './db-reader.js';
import { stopAllLoads } from './load.js';
import { copyToPostgres, type BenchPostgres } from './postgres.js';
import { MemorySampler } from './proc-stats.js';
import { machine, Results } from './report.js';
import { runtimeOf } from './runtime.js';
import { benchActivity } from './scenarios/activity.js';
import { benchAdmin } from './scenarios/admin.js';
import { benchAdminList } from './scenarios/admin-list.js';
import { benchAssignedEditorList } from './scenarios/admin-list-assigned.js';
import { benchBulk } from './scenarios/bulk.js';
import { benchCompanyTemplate } from './scenarios/company-template.js';
import { benchImport } from './scenarios/import.js';
import { benchLinkClicks } from './scenarios/link-clicks.js';
import { benchMessages } from './scenarios/messages.js';
import { benchLeads } from './scenarios/leads.js';
import { benchMessagesNotified } from './scenarios/messages-notified.js';
import { benchOwnerStats } from './scenarios/owner-stats.js';
import { benchPageWeight } from './scenarios/page-weight.js';
import { benchPhotoUpload } from './scenarios/photo-upload.js';
import { benchPrintKit } from './scenarios/print-kit.js';
import { benchPublicPage } from './scenarios/public-page.js';
import { benchPriceList } from './scenarios/price-list.js';
import { benchSharingImage } from './scenarios/sharing-image.js';
import { benchTeamPage } from './scenarios/team-page.js';
import { benchLanguages } from './scenarios/languages.js';
import { benchCardCodes } from './scenarios/card-codes.js';
import { benchObjectStorage } from './scenarios/object-storage.js';
import { benchMailOutbox } from './scenarios/mail-outbox.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TIME_ZONE = 'Europe/Istanbul';
const ADMIN = { email: 'bench@vizit.test', password: 'bench-password-2026' };
const MEMORY_TARGET_MB = 150;

const keepData = process.argv.includes('--keep-data');
/** `--only=a,b`: the scenario ids to run; none given runs them all. */
const only = new Set(
  process.argv
    .find((arg) => arg.startsWith('--only='))
    ?.slice('--only='.length)
    .split(',')
    .filter(Boolean) ?? [],
);
const postgresUrl = process.env.DATABASE_URL?.trim() || null;
/** Node flags for the server on top of those `npm start` and the Docker image use (profiling, say). */
const extraServerNodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);

let dataDir: string | null = null;
let postgres: BenchPostgres | null = null;
let rows: RowCounter | null = null;
let interrupted = false;
let cleaning: Promise<void> | null = null;

/** Stops every child and removes the temp data; safe to call twice (error, then signal). */
function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    stopAllLoads();
    await stopAll();
    await rows?.close();
    await postgres?.drop();
    if (dataDir && keepData) console.log(`Data kept in ${dataDir}`);
    else if (dataDir) await rm(dataDir, { recursive: true, force: true });
  })();
  return cleaning;
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    interrupted = true;
    console.error(`\n${signal}: stopping the servers and removing ${dataDir ?? 'the temp data'}...`);
    void cleanUp().finally(() => process.exit(130));
  });
}

function section(title: string): void {
  console.log(`\n== ${title}`);
}

async function main(): Promise<void> {
  const startedAt = performance.now();
  const results = new Results();
  const host = await machine(root);
  const database = postgresUrl ? 'PostgreSQL' : 'SQLite';
  console.log(
    `Vizit benchmark on ${database} — ${host.cpu}, ${host.cores} cores, ${host.memoryGb} GB, ` +
      `Node ${host.node}, ${host.date}`,
  );
  console.log(
    'Note: autocannon (the load generator) runs in this process and competes with the server for the same cores.',
  );
  if (host.busyBeforePercent > 10) {
    results.note(
      `Other processes kept ${host.busyBeforePercent} % of the CPU busy when the run started: throughput ` +
        `figures are noisy; run again on an idle machine.`,
    );
    console.log(
      `Warning: the CPU is ${host.busyBeforePercent} % busy before the run — something else is using it; ` +
        `figures will be noisy.`,
    );
  }

  section('Build');
  const buildMs = buildIfNeeded(root, process.argv.includes('--build'));
  console.log(buildMs === null ? '  dist/ is up to date' : `  built in ${(buildMs / 1000).toFixed(1)} s`);

  section('Data set');
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'vizit-bench-'));
  const dataset = await buildDataset(dataDir, TIME_ZONE);
  const { counts } = dataset;
  console.log(
    `  ${counts.customers} customers, 1 profile with ${counts.social_links} links, ${counts.profile_views} views ` +
      `over ${DATASET.viewDays} days (${counts.profile_view_days} day counters), ${counts.anonymous_messages} messages`,
  );
  console.log(`  loaded in ${(dataset.loadMs / 1000).toFixed(1)} s into ${dataDir}`);
  console.log(`  bench profile: /${dataset.profile.slug} (customer ${dataset.profile.id})`);
  results.detail('dataset', { ...dataset.counts, loadSeconds: round(dataset.loadMs / 1000) });
  if (postgresUrl) {
    postgres = await copyToPostgres(dataset.sqliteFile, postgresUrl);
    console.log(
      `  moved to PostgreSQL by db:copy in ${(postgres.copyMs / 1000).toFixed(1)} s: ${postgres.rows} rows, ` +
        `every table's count matching`,
    );
    results.detail('postgres', { copySeconds: round(postgres.copyMs / 1000), rows: postgres.rows });
  }
  const databaseUrl = postgres?.url ?? null;
  rows = rowCounter({ databaseUrl, sqliteFile: dataset.sqliteFile });

  section('Servers');
  console.log(`  server node flags: ${[...PRODUCTION_NODE_ARGS, ...extraServerNodeArgs].join(' ')}`);
  const serverEnv = {
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl ?? '',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    APP_TIMEZONE: TIME_ZONE,
    // Lets the message benchmark give each request its own client address (X-Forwarded-For).
    TRUST_PROXY: 'true',
    LOG_LEVEL: 'warn',
    // As `npm start` and the Docker image run the server: glibc malloc settings that keep RSS low.
    ...PRODUCTION_MALLOC_ENV,
  };
  // Both on 127.0.0.1 only, with nothing of this shell's environment but PATH and HOME.
  const startHello = (name: string) =>
    startHttp({
      name,
      args: ['--import', 'tsx', `bench/${name}.ts`],
      env: { NODE_ENV: 'production' },
      baseEnv: 'clean',
      readyPath: '/',
    });
  const [server, hello, nodeHello] = await Promise.all([
    startServer(dataDir, serverEnv, { built: true, nodeArgs: extraServerNodeArgs, baseEnv: 'clean' }),
    startHello('hello-world'),
    startHello('node-hello'),
  ]);
  const [appUrl, helloUrl] = [server.url, hello.url];
  const runtime = runtimeOf(server.pid);
  console.log(
    `  server (pid ${server.pid}, Node ${runtime}) answered /healthz after ${Math.round(server.readyMs)} ms; ` +
      `hello worlds: Express pid ${hello.pid}, node:http pid ${nodeHello.pid}`,
  );
  results.detail('runtime', runtime);
  console.log(
    '  server runs with TRUST_PROXY=true so that each message request can come from its own X-Forwarded-For address',
  );
  const sampler = new MemorySampler(server.pid);
  const ctx: BenchContext = {
    appUrl,
    helloUrl,
    server,
    hello,
    nodeHelloUrl: nodeHello.url,
    nodeHello,
    sampler,
    dataDir,
    rows,
    profile: dataset.profile,
    results,
  };

  const scenarios: Array<[string, string, () => Promise<void>]> = [
    ['weight', 'g. Public page weight', () => benchPageWeight(ctx)],
    ['public', 'a. GET /{slug} vs the hello worlds, 50 connections, 3 s warm-up + 12 s', () => benchPublicPage(ctx)],
    ['stats', 'b. Owner statistics, 1 connection, 1 s warm-up + 5 s', () => benchOwnerStats(ctx)],
    ['admin', 'c. Admin list and search, 1 connection, 1 s warm-up + 5 s', () => benchAdmin(ctx, ADMIN)],
    [
      'list',
      'm. Admin list at agency scale: search by phone and a filtered page, 1 connection, 1 s warm-up + 5 s',
      () => benchAdminList(ctx, ADMIN),
    ],
    [
      'list-assigned',
      'm2. Admin list as an only_assigned editor: their first page and a filtered page, 1 connection, 1 s + 5 s',
      () => benchAssignedEditorList(ctx, ADMIN),
    ],
    ['messages', 'd. Visitor messages, sustained', () => benchMessages(ctx).then(() => {})],
    [
      'messages-notified',
      "d2. Visitor messages with the owner's e-mail notifications on (a second server, same database)",
      () => benchMessagesNotified(ctx, serverEnv, dataset.sqliteFile),
    ],
    ['leads', "o. Contact exchange: visitors' leads, sustained (compared with d when both run)", () => benchLeads(ctx)],
    ['clicks', 'h. Link clicks (pings), 50 connections', () => benchLinkClicks(ctx)],
    ['upload', 'e. Owner photo upload, sequential', () => benchPhotoUpload(ctx)],
    ['import', 'i. Bulk import of 1,000 rows and the customers CSV, sequential', () => benchImport(ctx, ADMIN)],
    ['print', 'j. Print kit: a 300-card A4 sheet and the table card, sequential', () => benchPrintKit(ctx, ADMIN)],
    [
      'og',
      'k. Sharing image: the first request draws it, then from memory at 50 connections',
      () => benchSharingImage(ctx),
    ],
    [
      'pricelist',
      'q. Price list with 200 items: the page vs hello world at 50 connections, its first render, the A4 PDF',
      () => benchPriceList(ctx),
    ],
    [
      'team',
      "r. A company's team page with 50 members vs the profile at 50 connections, alternating rounds",
      () => benchTeamPage(ctx, ADMIN),
    ],
    [
      'languages',
      't. GET /{slug}?dil=en and Accept-Language: de vs the Turkish profile at 50 connections, alternating rounds',
      () => benchLanguages(ctx),
    ],
    [
      'codes',
      'u. Card codes: a batch of 1,000, then GET /k/{code} vs the profile at 50 connections, alternating rounds',
      () => benchCardCodes(ctx, ADMIN),
    ],
    ['mail', 'o. E-mail outbox: 1,000 mails to a local SMTP server', () => benchMailOutbox(ctx, databaseUrl)],
    [
      'activity',
      'l. Activity log with 100,000 entries, 1 connection, 1 s warm-up + 5 s',
      () => benchActivity(ctx, ADMIN),
    ],
    [
      'company',
      "r. Company template: one save renewing 500 members' cards, then a member's page, sequential",
      () => benchCompanyTemplate(ctx, ADMIN),
    ],
    // Last: it changes every customer's status (and puts it back) and lists each in its activity entry.
    [
      'bulk',
      'n. Bulk action on all matching: deactivate every customer in one transaction, sequential',
      () => benchBulk(ctx, ADMIN),
    ],
    // After the others: it points the bench profile's photo at the bucket, where the disk server cannot read it.
    ['s3', 'p. Uploads on S3 (a local s3rver bucket) against the local disk', () => benchObjectStorage(ctx)],
  ];
  const unknown = [...only].filter((id) => !scenarios.some(([phase]) => phase === id));
  if (unknown.length > 0) throw new Error(`--only names unknown scenarios: ${unknown.join(', ')}`);
  for (const [phase, title, run] of scenarios) {
    if (only.size > 0 && !only.has(phase)) continue;
    section(title);
    sampler.enter(phase);
    await run();
  }

  section('f. Server memory');
  sampler.stop();
  const peak = procStatusMb(server.pid, 'VmHWM');
  results.add({
    id: 'memory.peak',
    what: 'Server peak resident memory (VmHWM), whole run',
    value: peak,
    unit: 'MB',
    target: `< ${MEMORY_TARGET_MB} MB`,
    pass: peak !== null && peak < MEMORY_TARGET_MB,
  });
  const byPhase = sampler.byPhase();
  console.log(
    `  RSS peak by phase (1 s samples): ${byPhase.map((p) => `${p.phase} ${Math.round(p.rssMb)} MB`).join(', ')}`,
  );
  console.log(
    `  where the peak (VmHWM) rose: ${byPhase
      .filter((p) => p.peakRiseMb > 0)
      .map((p) => `${p.phase} +${p.peakRiseMb} MB`)
      .join(', ')}`,
  );
  results.detail('memory', {
    peakMb: peak,
    rssByPhaseMb: Object.fromEntries(byPhase.map((p) => [p.phase, p.rssMb])),
    peakRiseByPhaseMb: Object.fromEntries(byPhase.map((p) => [p.phase, p.peakRiseMb])),
    samples: sampler.samples,
  });
  if (server.problems.length > 0) {
    console.log(
      `  the server logged ${server.problems.length} warning/error line(s); the ` +
        `first: ${server.problems[0]?.slice(0, 300)}`,
    );
    results.detail('serverProblems', server.problems.slice(0, 20));
  }

  const totalS = (performance.now() - startedAt) / 1000;
  section(
    `Results (${results.rows.filter((r) => r.pass === true).length} ` +
      `of ${results.rows.filter((r) => r.pass !== null).length} targets met)`,
  );
  console.log(results.table());
  console.log(
    `\nMachine: ${host.cpu}, ${host.cores} cores, ${host.memoryGb} GB RAM, ${host.platform} ` +
      `(CPU ${host.busyBeforePercent} % busy before the run, load average ${host.loadAverage.join(' ')})`,
  );
  console.log(`Runtime: the server ran on Node ${runtime}; this bench process on ${host.node}`);
  console.log(`Date: ${host.date}; app: ${host.commit}; total run time ${Math.round(totalS)} s`);
  for (const note of results.notes) console.log(`Note: ${note}`);
  // A partial run (--only) never replaces the figures of a whole one.
  if (only.size > 0) return;
  const file = path.join(root, 'bench', postgresUrl ? 'results-postgres.json' : 'results.json');
  await results.writeJson(file, {
    machine: host,
    runtime,
    totalSeconds: round(totalS),
    buildSeconds: buildMs === null ? null : round(buildMs / 1000),
  });
  console.log(`Written to ${path.relative(process.cwd(), file)}`);
}

main()
  .catch((err: unknown) => {
    if (interrupted) return; // the servers were stopped under a running scenario: not a failure to report
    console.error(`\nBenchmark failed: ${(err as Error).stack ?? String(err)}`);
    process.exitCode = 1;
  })
  .finally(() => cleanUp());
