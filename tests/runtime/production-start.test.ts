/**
 * The server started as `npm start` starts it: the compiled dist/src/server.js with the V8 flags and glibc malloc
 * settings of package.json's start script, on a fresh data folder. `npm run test:node26` runs `npm run build` and
 * then this on Node 26, the runtime of the Docker image; the whole test run runs it on the machine's Node, on the
 * dist/ there is (built here when there is none: a build while other files run takes minutes on a busy machine).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHttp, type ServerProcess } from '../helpers/launcher.js';
import { rawRequest } from '../helpers/raw-http.js';
import { productionStart } from '../hostile/production-server.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
let dataDir: string;
let server: ServerProcess;

beforeAll(async () => {
  if (!existsSync(path.join(ROOT, 'dist/src/server.js'))) {
    const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, encoding: 'utf8' });
    if (build.status !== 0) throw new Error(`npm run build failed:\n${build.stdout}${build.stderr}`);
  }
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'vizit-production-start-'));
  const start = productionStart();
  server = await startHttp({
    name: 'server',
    args: [...start.nodeArgs, 'dist/src/server.js'],
    env: { ...start.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    readyPath: '/healthz',
  });
}, 600_000);

afterAll(async () => {
  await server?.stop('SIGKILL');
  await rm(dataDir, { recursive: true, force: true });
});

describe(`a production start on Node ${process.versions.node}`, () => {
  it('answers /healthz with 200 and serves the sign-in page from the built assets', async () => {
    expect((await rawRequest(`${server.url}/healthz`)).status).toBe(200);
    const login = await rawRequest(`${server.url}/login`);
    expect(login.status).toBe(200);
    expect(login.text).toContain('/build/');
  });

  it('keeps its data in DATA_DIR', async () => {
    expect(await readdir(dataDir)).toContain('vizit.sqlite');
  });

  it('ends with exit code 0 on SIGTERM', async () => {
    expect(await server.stop('SIGTERM')).toBe(0);
    expect(server.output()).not.toMatch(/"level":[5-9]\d/);
  });
});
