import { randomBytes } from 'node:crypto';
import type { Dirent } from 'node:fs';
import { link, mkdir, open, readdir, rename, rm, stat, unlink } from 'node:fs/promises';
import path from 'node:path';

/** Public URL prefix the static handler serves DATA_DIR/uploads under. */
export const UPLOADS_URL_PREFIX = '/uploads/';

/**
 * A stored file name: one path segment, starting with a letter or digit (so never `.`/`..` or a
 * dotfile), then letters, digits, `.`, `_`, `-`; it must end in an extension. Every name we
 * store is built by newFileName() or catalogFileName(), never taken from the client.
 */
const SAFE_FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]*(?:\.[A-Za-z0-9_-]+)*\.[A-Za-z0-9]{1,8}$/;
const MAX_FILE_NAME = 128;
const NAME_PART = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;
const EXTENSION = /^[a-z0-9]{1,8}$/;
/**
 * Temporary files are dotfiles (`.{name}.tmp-{random}`): the `/uploads` static handler denies
 * dotfiles, so a half-written file is never served, and the sweep finds them by this pattern.
 */
const TEMP_FILE = /^\..+\.tmp-[A-Za-z0-9_-]+$/;
/** How many `-2`, `-3`, ... suffixes we try before giving up (a real clash is rare). */
const MAX_SUFFIX = 1000;

export function isSafeFileName(name: string): boolean {
  return name.length <= MAX_FILE_NAME && SAFE_FILE_NAME.test(name) && !name.includes('..');
}

function assertCustomerId(customerId: number): void {
  if (!Number.isSafeInteger(customerId) || customerId <= 0) {
    throw new TypeError(`customer id must be a positive integer, got ${customerId}`);
  }
}

/** `photo.jpg` → `photo-2.jpg`: the suffix goes before the extension. */
function withSuffix(fileName: string, n: number): string {
  const dot = fileName.lastIndexOf('.');
  return `${fileName.slice(0, dot)}-${n}${fileName.slice(dot)}`;
}

/** Errors meaning "this filesystem cannot hard-link", for which we fall back to rename. */
const NO_HARD_LINKS = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS', 'EXDEV', 'EMLINK']);

function errorCode(err: unknown): string | undefined {
  return (err as NodeJS.ErrnoException | null)?.code;
}

async function exists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch (err) {
    if (errorCode(err) === 'ENOENT') return false;
    throw err;
  }
}

/** Flushes the directory entry too, so a rename survives a power cut; not possible everywhere. */
async function fsyncDir(dir: string): Promise<void> {
  try {
    const handle = await open(dir, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // Directories cannot be opened for fsync on some platforms (Windows); the data is synced.
  }
}

/**
 * Files on local disk under DATA_DIR/uploads, one folder a customer, so that a
 * customer's files go with one removal.
 */
export class UploadStorage {
  constructor(readonly root: string) {}

  customerDir(customerId: number): string {
    return path.join(this.root, String(customerId));
  }

  async removeCustomerFiles(customerId: number): Promise<void> {
    await rm(this.customerDir(customerId), { recursive: true, force: true });
  }

  /** `{prefix}-{16 random base64url characters}.{ext}`: unguessable and never a client's name. */
  newFileName(prefix: string, ext: string): string {
    if (!NAME_PART.test(prefix) || !EXTENSION.test(ext)) {
      throw new TypeError(`unsafe file name parts: "${prefix}", "${ext}"`);
    }
    return `${prefix}-${randomBytes(12).toString('base64url')}.${ext}`;
  }

  /**
   * Writes `data` as `fileName` in the customer's folder and returns its public path
   * (`/uploads/{customerId}/{name}`). The write is atomic: the bytes go to a temporary file in
   * the same folder, are fsynced, and only then appear under their name, so a reader or a
   * crash never sees half a file. An existing file is never replaced: the name gets `-2`,
   * `-3`, ... instead (spec: catalog upload "without overwrite"); the returned path says
   * which name was used.
   */
  async saveFile(customerId: number, fileName: string, data: Uint8Array): Promise<string> {
    assertCustomerId(customerId);
    if (!isSafeFileName(fileName)) throw new TypeError(`unsafe file name: "${fileName}"`);
    const dir = this.customerDir(customerId);
    await mkdir(dir, { recursive: true });
    const temp = path.join(dir, `.${fileName}.tmp-${randomBytes(9).toString('base64url')}`);
    const handle = await open(temp, 'wx', 0o644);
    try {
      try {
        await handle.writeFile(data);
        await handle.sync();
      } finally {
        await handle.close();
      }
      const stored = await this.publishWithoutOverwrite(temp, dir, fileName);
      await fsyncDir(dir);
      return `${UPLOADS_URL_PREFIX}${customerId}/${stored}`;
    } finally {
      await rm(temp, { force: true });
    }
  }

  /**
   * Gives the temp file its final name. link() fails with EEXIST instead of replacing, which
   * makes "take the first free name" atomic even with two uploads at once; rename() would
   * silently overwrite. Filesystems without hard links fall back to check-then-rename.
   */
  private async publishWithoutOverwrite(temp: string, dir: string, fileName: string): Promise<string> {
    for (let n = 1; n <= MAX_SUFFIX; n += 1) {
      const candidate = n === 1 ? fileName : withSuffix(fileName, n);
      if (candidate.length > MAX_FILE_NAME) break;
      const target = path.join(dir, candidate);
      try {
        await link(temp, target);
        return candidate;
      } catch (err) {
        const code = errorCode(err);
        if (code === 'EEXIST') continue;
        if (!code || !NO_HARD_LINKS.has(code)) throw err;
        if (await exists(target)) continue;
        await rename(temp, target);
        return candidate;
      }
    }
    throw new Error(`no free file name for "${fileName}"`);
  }

  /**
   * Deletes the file behind a public path, but only when that path is a file directly in this
   * customer's folder: `/uploads/{customerId}/{safe name}` (a `?v=` cache-buster is allowed).
   * Anything else (another customer's file, `..`, an encoded slash, a remote URL, a data URL)
   * is refused by returning false; a file that is already gone, or no path at all (null), is
   * fine. True when a file was removed.
   */
  async removePublicPath(customerId: number, publicPath: string | null | undefined): Promise<boolean> {
    assertCustomerId(customerId);
    const prefix = `${UPLOADS_URL_PREFIX}${customerId}/`;
    if (typeof publicPath !== 'string' || !publicPath.startsWith(prefix)) return false;
    const name = publicPath.slice(prefix.length).replace(/\?v=\d{1,20}$/, '');
    if (!isSafeFileName(name)) return false;
    const dir = path.resolve(this.customerDir(customerId));
    const file = path.resolve(dir, name);
    // Belt and braces: the safe-name rule already rules out separators and `..`.
    if (path.dirname(file) !== dir) return false;
    try {
      await unlink(file);
      return true;
    } catch (err) {
      const code = errorCode(err);
      if (code === 'ENOENT') return false;
      // A folder where a file was expected is not ours to remove.
      if (code === 'EISDIR' || code === 'EPERM') return false;
      throw err;
    }
  }

  /**
   * Removes temp files a crash left behind in customer folders. Meant for start-up, before
   * the server takes requests: run while uploads are under way it would remove their temp files.
   * Returns how many were removed.
   */
  async sweepTempFiles(): Promise<number> {
    let removed = 0;
    for await (const { dir, entry } of this.customerFiles()) {
      if (!TEMP_FILE.test(entry.name)) continue;
      await rm(path.join(dir, entry.name), { force: true });
      removed += 1;
    }
    return removed;
  }

  /** Every regular file directly inside a customer folder (`uploads/{digits}/`). */
  private async *customerFiles(): AsyncGenerator<{ folder: string; dir: string; entry: Dirent }> {
    let folders: string[];
    try {
      folders = await readdir(this.root);
    } catch (err) {
      if (errorCode(err) === 'ENOENT') return;
      throw err;
    }
    for (const folder of folders) {
      if (!/^\d+$/.test(folder)) continue;
      const dir = path.join(this.root, folder);
      let entries: Dirent[];
      try {
        entries = await readdir(dir, { withFileTypes: true });
      } catch {
        continue; // not a folder, or gone meanwhile
      }
      for (const entry of entries) if (entry.isFile()) yield { folder, dir, entry };
    }
  }

  /**
   * Removes files no row refers to: an upload whose database write never committed (a
   * crash between writing the file and saving the row) or whose old file was not yet
   * deleted. `referenced` holds public paths (`/uploads/{id}/{name}`). Only files older than
   * `olderThanMs` go, so that on a shared volume another instance's upload in flight stays.
   */
  async sweepOrphans(referenced: ReadonlySet<string>, options: { olderThanMs: number; now: number }): Promise<number> {
    const keep = new Set([...referenced].map((p) => p.replace(/\?v=\d{1,20}$/, '')));
    let removed = 0;
    for await (const { folder, dir, entry } of this.customerFiles()) {
      if (!isSafeFileName(entry.name) || keep.has(`${UPLOADS_URL_PREFIX}${folder}/${entry.name}`)) continue;
      const file = path.join(dir, entry.name);
      const info = await stat(file).catch(() => null);
      if (!info || info.mtimeMs > options.now - options.olderThanMs) continue;
      await rm(file, { force: true });
      removed += 1;
    }
    return removed;
  }
}
