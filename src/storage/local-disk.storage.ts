import { randomBytes } from 'node:crypto';
import { constants, createReadStream, type Dirent } from 'node:fs';
import { link, mkdir, open, readdir, rename, rm, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import express, { type RequestHandler } from 'express';
import { StorageFullError } from '../errors.js';
import {
  assertCustomerId,
  customerFileName,
  fileNameCandidates,
  isSafeFileName,
  publicPathOf,
  randomFileName,
  UPLOADS_URL_PREFIX,
  withoutCacheBuster,
  type FileContent,
  type FileStorage,
  type OpenFile,
} from './file-storage.js';

/**
 * Temporary files are dotfiles (`.{name}.tmp-{random}`): the `/uploads` static handler denies
 * dotfiles, so a half-written file is never served, and the sweep finds them by this pattern.
 */
const TEMP_FILE = /^\..+\.tmp-[A-Za-z0-9_-]+$/;

/** Errors meaning "no room left" (space or quota): the upload is refused with a StorageFullError. */
const NO_SPACE = new Set(['ENOSPC', 'EDQUOT']);

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

/** The content into the temporary file, which it creates (never one that exists), synced to disk. */
async function writeTemp(temp: string, data: FileContent): Promise<void> {
  if ('writeTo' in data) {
    // Created empty first, so that a name taken is an error here too, then written by its maker.
    await (await open(temp, 'wx', 0o644)).close();
    await data.writeTo(temp);
  }
  const handle = await open(temp, 'writeTo' in data ? 'r+' : 'wx', 0o644);
  try {
    if (data instanceof Uint8Array) await handle.writeFile(data);
    else if ('fromFile' in data)
      for await (const piece of createReadStream(data.fromFile)) await handle.write(piece as Buffer);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Files on local disk under DATA_DIR/uploads, one folder a customer, so that a customer's
 * files go with one removal. Several instances may share the folder (a shared volume): the
 * atomic, never-overwriting publish holds across them where the filesystem has hard links.
 */
export class LocalDiskStorage implements FileStorage {
  constructor(readonly root: string) {}

  customerDir(customerId: number): string {
    return path.join(this.root, String(customerId));
  }

  async removeCustomerFiles(customerId: number): Promise<void> {
    await rm(this.customerDir(customerId), { recursive: true, force: true });
  }

  newFileName(prefix: string, ext: string): string {
    return randomFileName(prefix, ext);
  }

  /**
   * The bytes go to a temporary dotfile in the customer's folder, are fsynced, and only then
   * appear under their name. A full disk is a StorageFullError, the temp file removed.
   */
  async saveFile(customerId: number, fileName: string, data: FileContent): Promise<string> {
    try {
      return await this.writeFile(customerId, fileName, data);
    } catch (err) {
      throw NO_SPACE.has(errorCode(err) ?? '') ? new StorageFullError(err) : err;
    }
  }

  private async writeFile(customerId: number, fileName: string, data: FileContent): Promise<string> {
    assertCustomerId(customerId);
    if (!isSafeFileName(fileName)) throw new TypeError(`unsafe file name: "${fileName}"`);
    const dir = this.customerDir(customerId);
    await mkdir(dir, { recursive: true });
    const temp = path.join(dir, `.${fileName}.tmp-${randomBytes(9).toString('base64url')}`);
    try {
      await writeTemp(temp, data);
      const stored = await this.publishWithoutOverwrite(temp, dir, fileName);
      await fsyncDir(dir);
      return publicPathOf(customerId, stored);
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
    for (const candidate of fileNameCandidates(fileName)) {
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

  /** The file on disk for a public path of this customer's, or null when it is not one. */
  private fileOf(customerId: number, publicPath: string | null | undefined): string | null {
    assertCustomerId(customerId);
    const name = customerFileName(customerId, publicPath);
    if (!name) return null;
    const dir = path.resolve(this.customerDir(customerId));
    const file = path.resolve(dir, name);
    // Belt and braces: the safe-name rule already rules out separators and `..`.
    return path.dirname(file) === dir ? file : null;
  }

  async readFile(customerId: number, publicPath: string | null | undefined): Promise<Buffer | null> {
    const file = this.fileOf(customerId, publicPath);
    if (!file) return null;
    try {
      // O_NOFOLLOW: a symlink planted in the folder is not followed out of it.
      const handle = await open(file, constants.O_RDONLY | constants.O_NOFOLLOW);
      try {
        return (await handle.stat()).isFile() ? await handle.readFile() : null;
      } finally {
        await handle.close();
      }
    } catch (err) {
      if (['ENOENT', 'ELOOP', 'EISDIR', 'ENOTDIR'].includes(errorCode(err) ?? '')) return null;
      throw err;
    }
  }

  async removePublicPath(customerId: number, publicPath: string | null | undefined): Promise<boolean> {
    const file = this.fileOf(customerId, publicPath);
    if (!file) return false;
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
   * An open file handle stays readable even if the owner replaces or removes the file
   * meanwhile. Temp files are dotfiles, which the safe-name rule leaves out.
   */
  async openCustomerFiles(customerId: number): Promise<OpenFile[]> {
    assertCustomerId(customerId);
    const dir = this.customerDir(customerId);
    const entries = await readdir(dir, { withFileTypes: true }).catch((err: unknown) => {
      if (errorCode(err) === 'ENOENT') return [];
      throw err;
    });
    const opened: OpenFile[] = [];
    try {
      for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
        if (!entry.isFile() || !isSafeFileName(entry.name)) continue;
        const handle = await open(path.join(dir, entry.name), 'r').catch(() => null);
        if (!handle) continue; // removed since the listing
        const info = await handle.stat().catch(async (err: unknown) => {
          await handle.close();
          throw err;
        });
        if (!info.isFile()) {
          await handle.close(); // replaced by a folder since the listing
          continue;
        }
        opened.push({
          name: entry.name,
          size: info.size,
          mtime: info.mtime,
          createReadStream: () => handle.createReadStream({ autoClose: false, start: 0 }),
          close: () => handle.close(),
        });
      }
    } catch (err) {
      await Promise.all(opened.map((f) => f.close()));
      throw err;
    }
    return opened;
  }

  /** express.static over the folder: dotfiles (temp files) are denied, misses fall through. */
  handler(): RequestHandler {
    return express.static(this.root, { maxAge: '1h', index: false, dotfiles: 'deny', fallthrough: true });
  }

  /** Temp files a crash left behind in customer folders. */
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

  /** A file's age is its mtime: when saveFile wrote it. */
  async sweepOrphans(referenced: ReadonlySet<string>, options: { olderThanMs: number; now: number }): Promise<number> {
    const keep = new Set([...referenced].map(withoutCacheBuster));
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
