/**
 * What the real server (src/server.ts) logs once it listens: the address to open, BASE_URL when
 * it is set, and a warning for each thing the operator should fix first: BASE_URL unset (cards
 * would carry the address of each request), a temp folder uploads cannot be written to (a
 * container run `--read-only` without `--tmpfs /tmp`). docs/configuration.md and docs/deploy.md.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startServer, type ServerProcess } from '../helpers/launcher.js';

let dataDir: string;
let server: ServerProcess | null = null;
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'vizit-start-log-'));
});
afterEach(async () => {
  await server?.stop('SIGTERM');
  server = null;
  await rm(dataDir, { recursive: true, force: true });
});

interface LogLine {
  level: number;
  msg: string;
  [field: string]: unknown;
}

/** The server's log lines once the one saying `msg` (the start) is among them, or after 10 s. */
async function logOnceSaid(proc: ServerProcess, msg: RegExp): Promise<LogLine[]> {
  const parse = () =>
    proc
      .stdout()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as LogLine);
  const until = Date.now() + 10_000;
  while (!parse().some((line) => msg.test(line.msg)) && Date.now() < until) await sleep(20);
  return parse();
}

const WARN = 40;

describe('the start log', () => {
  it('names BASE_URL when it is set, and warns of nothing', async () => {
    server = await startServer(dataDir, { BASE_URL: 'https://vizit.example.com' });
    const lines = await logOnceSaid(server, /^Vizit listening/);
    const listening = lines.find((line) => line.msg.startsWith('Vizit listening'));
    expect(listening?.msg).toBe(
      `Vizit listening on 127.0.0.1:${new URL(server.url).port} for https://vizit.example.com`,
    );
    expect(listening?.baseUrl).toBe('https://vizit.example.com');
    expect(lines.filter((line) => line.level >= WARN)).toEqual([]);
  });

  it('warns when BASE_URL is unset, and when uploads have no temp folder to wait in', async () => {
    const notAFolder = path.join(dataDir, 'not-a-folder');
    await writeFile(notAFolder, 'a file');
    // tsx, which runs the sources, keeps its cache in the temp folder too: not here.
    server = await startServer(dataDir, { TMPDIR: path.join(notAFolder, 'tmp'), TSX_DISABLE_CACHE: '1' });
    const lines = await logOnceSaid(server, /temp folder/);
    expect(lines.find((line) => line.msg.startsWith('Vizit listening'))?.msg).toBe(
      `Vizit listening on http://127.0.0.1:${new URL(server.url).port}`,
    );
    const warnings = lines.filter((line) => line.level === WARN).map((line) => line.msg);
    expect(warnings).toContainEqual(
      expect.stringMatching(/^BASE_URL is not set: QR codes, vCards and printed cards carry the address/),
    );
    expect(warnings).toContainEqual(expect.stringMatching(/^the temp folder cannot be written: .* --tmpfs \/tmp/));
    // The server serves on regardless.
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });
});
