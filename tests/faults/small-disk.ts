/**
 * A tiny, size-limited filesystem for the disk-full test: a tmpfs, made one of two ways.
 *
 * - As root (with CAP_SYS_ADMIN, a CI container or VM): `mount -t tmpfs` on a temp folder,
 *   seen by every process; released with `umount`.
 * - Otherwise: `unshare -Urm` gives a user and mount namespace of our own (no root needed where
 *   the kernel allows unprivileged user namespaces). A holder process (`sleep`) keeps it alive
 *   and the mount vanishes with it. This process reaches the files as
 *   `/proc/{holder}/root/{folder}`; processes that need the real path (the server, SQLite,
 *   which resolves symlinks and so would leave the namespace) run inside it through
 *   `nsenter` (tests/faults/in-namespace.ts).
 *
 * SMALL_DISK_WAY=namespace picks the second way even as root (to test it).
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, statfs, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const TMPFS_MAGIC = 0x01021994;
/** The holder stops on its own after this long, should the test die without releasing it. */
const HOLDER_LIFETIME_S = 900;
const TSX = ['--import', 'tsx'];

export interface SmallDisk {
  /** The tmpfs as the server sees it: for DATA_DIR, and for scripts run through nodeArgs. */
  dir: string;
  /** The same folder as this process reaches it, for plain file operations. */
  hostDir: string;
  /** How it was made, for the report. */
  how: string;
  /** Node arguments that run `script args...` (through tsx) where `dir` is the tmpfs. */
  nodeArgs(script: string, args?: string[]): string[];
  release(): Promise<void>;
}

async function isTmpfs(dir: string): Promise<boolean> {
  return (await statfs(dir)).type === TMPFS_MAGIC;
}

/** As root: a tmpfs every process sees. */
async function mountPlainly(mountPoint: string, bytes: number): Promise<SmallDisk> {
  await run('mount', ['-t', 'tmpfs', '-o', `size=${bytes},mode=0755`, 'vizit-faults', mountPoint]);
  if (!(await isTmpfs(mountPoint))) throw new Error(`${mountPoint} is not a tmpfs after mount`);
  return {
    dir: mountPoint,
    hostDir: mountPoint,
    how: 'mount -t tmpfs (as root)',
    nodeArgs: (script, args = []) => [...TSX, script, ...args],
    release: async () => {
      await run('umount', ['-l', mountPoint]);
    },
  };
}

/** Starts the holder; resolves once the tmpfs is mounted, rejects with unshare's words. */
function hold(mountPoint: string, bytes: number): Promise<ChildProcess> {
  const script =
    `mount -t tmpfs -o size=${bytes},mode=0755 vizit-faults "$0" && echo mounted && exec ` +
    `sleep ${HOLDER_LIFETIME_S}`;
  const child = spawn('unshare', ['-Urm', 'sh', '-c', script, mountPoint], { stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let said = '';
    child.stderr.on('data', (chunk: Buffer) => (said += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('mounted')) resolve(child);
    });
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`exited with ${code}: ${said.trim()}`)));
  });
}

/** Without root: a tmpfs in a namespace of our own. */
async function mountInNamespace(mountPoint: string, bytes: number): Promise<SmallDisk> {
  const holder = await hold(mountPoint, bytes);
  const hostDir = `/proc/${holder.pid}/root${mountPoint}`;
  try {
    // Proof that the path leads into the tmpfs, not to the empty folder outside it.
    if (!(await isTmpfs(hostDir))) throw new Error(`${hostDir} is not a tmpfs`);
    await writeFile(path.join(hostDir, '.probe'), 'x');
    await rm(path.join(hostDir, '.probe'));
  } catch (err) {
    holder.kill('SIGKILL');
    throw err;
  }
  return {
    dir: mountPoint,
    hostDir,
    how: 'unshare -Urm (a user and mount namespace, no root)',
    nodeArgs: (script, args = []) => [
      ...TSX,
      'tests/faults/in-namespace.ts',
      String(holder.pid),
      process.execPath,
      ...TSX,
      script,
      ...args,
    ],
    release: async () => {
      const gone = new Promise((resolve) => holder.once('exit', resolve));
      holder.kill('SIGKILL');
      await gone;
    },
  };
}

/** A tmpfs of `bytes`, or an error saying why each way failed. */
export async function mountSmallDisk(bytes: number): Promise<SmallDisk> {
  if (process.platform !== 'linux') throw new Error(`a size-limited tmpfs needs Linux, not ${process.platform}`);
  const mountPoint = await mkdtemp(path.join(os.tmpdir(), 'vizit-small-disk-'));
  const ways = [
    ...(process.getuid?.() === 0 && process.env.SMALL_DISK_WAY !== 'namespace' ? [mountPlainly] : []),
    mountInNamespace,
  ];
  const failures: string[] = [];
  for (const way of ways) {
    try {
      const disk = await way(mountPoint, bytes);
      const release = disk.release;
      return { ...disk, release: () => release().finally(() => rm(mountPoint, { recursive: true, force: true })) };
    } catch (err) {
      failures.push(`${way.name}: ${(err as Error).message.trim()}`);
    }
  }
  await rm(mountPoint, { recursive: true, force: true });
  throw new Error(
    `no size-limited filesystem could be made here (neither root's mount nor unshare -Urm):\n ` +
      ` ${failures.join('\n  ')}`,
  );
}

/**
 * Writes `file` until the disk refuses (ENOSPC), in big pieces then small ones, so not even a
 * page is left; returns the bytes written. Removing the file gives the space back.
 */
export async function fillDisk(file: string): Promise<number> {
  let written = 0;
  for (const size of [1 << 20, 64 << 10, 4 << 10, 512]) {
    const piece = Buffer.alloc(size, 0x5a);
    for (;;) {
      try {
        await writeFile(file, piece, { flag: 'a' });
        written += size;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err;
        break;
      }
    }
  }
  return written;
}
