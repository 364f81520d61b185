/**
 * The Docker build runs `npm ci`, which refuses a lock that is out of step with package.json
 * (a dependency added by hand, an optional platform package of a new version missing). These
 * checks fail the test run first. npm works on copies of the two files in a folder of its own,
 * offline and with an empty cache: an in-step lock needs nothing from the registry, so the
 * check never depends on the network or on what this machine has cached (about 1.5 s).
 */
import { execFile } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const run = promisify(execFile);
const dependencyFields = ['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies'] as const;

type Manifest = Partial<Record<(typeof dependencyFields)[number], Record<string, string>>>;

function readJson<T>(file: string): T {
  return JSON.parse(readFileSync(file, 'utf8')) as T;
}

/** A folder holding copies of package.json and the lock, and an empty npm cache. */
function copyOfTheProject(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'vizit-lock-'));
  for (const file of ['package.json', 'package-lock.json']) copyFileSync(path.join(root, file), path.join(dir, file));
  return dir;
}

/** What npm ci says when it refuses the lock (its reasons, not its usage text), or '' when it accepts it. */
async function npmCiRefusal(dir: string): Promise<string> {
  const flags = ['--dry-run', '--offline', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'];
  try {
    await run('npm', ['ci', ...flags, '--cache', path.join(dir, '.npm-cache')], {
      cwd: dir,
      maxBuffer: 16 * 1024 * 1024,
    });
    return '';
  } catch (err) {
    const output = (err as { stderr?: string }).stderr ?? String(err);
    return output.split('\nnpm error Clean install a project')[0] ?? output;
  }
}

describe('package-lock.json', () => {
  const folders: string[] = [];
  afterAll(() => {
    for (const dir of folders) rmSync(dir, { recursive: true, force: true });
  });

  it('names in its root entry the same dependency ranges as package.json', () => {
    const manifest = readJson<Manifest>(path.join(root, 'package.json'));
    const lockRoot =
      readJson<{ packages: Record<string, Manifest> }>(path.join(root, 'package-lock.json')).packages[''] ?? {};
    for (const field of dependencyFields) expect(lockRoot[field] ?? {}, field).toEqual(manifest[field] ?? {});
  });

  it('is accepted by npm ci, as the Docker build runs it', async () => {
    const dir = copyOfTheProject();
    folders.push(dir);
    expect(await npmCiRefusal(dir)).toBe('');
  });
});
