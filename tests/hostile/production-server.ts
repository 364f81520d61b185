/**
 * The real server for the hostile suite, started with exactly what `npm start` gives it: the
 * V8 flags and the glibc malloc settings are read from package.json's `start` script here, so
 * they cannot drift from it. It runs the TypeScript sources through tsx (so the suite tests the
 * tree as it is, without a build), on a fresh DATA_DIR and a free port, with an administrator.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startHttp, type ServerProcess } from '../helpers/launcher.js';
import { MEASURING_NICENESS } from './health-watch.js';
import { createCustomersViaAdmin, signInAdmin, type AdminSession, type RealCustomer } from '../helpers/real-admin.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ADMIN = { email: 'saldiri@vizit.test', password: 'Saldiri-Testi-Sifresi-2026' };

export interface ProductionStart {
  /** The V8 flags before the script, e.g. `--max-old-space-size=56`. */
  nodeArgs: string[];
  /** The `NAME=value` assignments before `node` (the MALLOC_* settings). */
  env: Record<string, string>;
}

/** The server command of `npm start` (`... && A=1 B=2 node --flag dist/src/server.js`) taken apart. */
export function productionStart(): ProductionStart {
  const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } };
  const command = pkg.scripts.start
    .split('&&')
    .map((part) => part.trim())
    .find((part) => part.endsWith('dist/src/server.js'));
  if (!command) throw new Error(`npm start does not run dist/src/server.js: ${pkg.scripts.start}`);
  const words = command.split(/\s+/);
  const env: Record<string, string> = {};
  let i = 0;
  for (; /^[A-Z_][A-Z0-9_]*=/.test(words[i] ?? ''); i += 1) {
    const word = words[i]!;
    env[word.slice(0, word.indexOf('='))] = word.slice(word.indexOf('=') + 1);
  }
  if (words[i] !== 'node') throw new Error(`npm start's server command is not node: ${command}`);
  const nodeArgs = words.slice(i + 1, -1);
  if (nodeArgs.length === 0 || !nodeArgs.every((arg) => arg.startsWith('--')))
    throw new Error(`unexpected node arguments in npm start: ${command}`);
  return { nodeArgs, env };
}

export interface HostileServer {
  server: ServerProcess;
  session: AdminSession;
  /** One customer made through the admin form: its edit token opens the owner's forms. */
  customer: RealCustomer;
  sqliteFile: string;
  /** True while the process that started is still running. */
  alive(): boolean;
  /** Starts the server again on the same data when a case took it down, so the next case is judged on its own. */
  ensureRunning(): Promise<void>;
  close(): Promise<void>;
}

async function launch(dataDir: string): Promise<ServerProcess> {
  const start = productionStart();
  const server = await startHttp({
    name: 'server',
    args: [...start.nodeArgs, '--import', 'tsx', 'src/server.ts'],
    env: {
      ...start.env,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    },
    readyPath: '/healthz',
  });
  raisePriority(server.pid);
  return server;
}

/** Every thread of `pid` at MEASURING_NICENESS, where allowed (health-watch.ts says why). */
function raisePriority(pid: number): void {
  let threads: string[] = [];
  try {
    threads = readdirSync(`/proc/${pid}/task`);
  } catch {
    threads = [String(pid)];
  }
  for (const thread of threads) {
    try {
      os.setPriority(Number(thread), MEASURING_NICENESS);
    } catch {
      return;
    }
  }
}

export async function startHostileServer(name: string): Promise<HostileServer> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `vizit-hostile-${name}-`));
  const server = await launch(dataDir);
  const sqliteFile = path.join(dataDir, 'vizit.sqlite');
  const session = await signInAdmin(server.url, ADMIN.email, ADMIN.password);
  const [customer] = await createCustomersViaAdmin(server.url, session, [['Ayşe', 'Saldırı']], sqliteFile);
  const h: HostileServer = {
    server,
    session,
    customer: customer!,
    sqliteFile,
    alive: () => h.server.child.exitCode === null && h.server.child.signalCode === null,
    async ensureRunning() {
      if (h.alive()) return;
      h.server = await launch(dataDir);
      h.session = await signInAdmin(h.server.url, ADMIN.email, ADMIN.password);
    },
    async close() {
      await h.server.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
  return h;
}
