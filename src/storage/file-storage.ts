import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { RequestHandler } from 'express';

/*
 * Where uploaded files live, behind one interface: the app saves, serves, exports and removes
 * files only through FileStorage, so a driver for an object store can take the place of the
 * local disk without touching a caller. (Backups and restores are SQLite-only and read
 * DATA_DIR/uploads directly.) The names and public paths below are the same for every driver.
 */

/** Public URL prefix the storage's handler() is mounted under. */
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
/** How many `-2`, `-3`, ... suffixes we try before giving up (a real clash is rare). */
const MAX_SUFFIX = 1000;
/** The cache-buster a stored public path may carry (`?v={ms}`), not part of the file's name. */
const CACHE_BUSTER = /\?v=\d{1,20}$/;

export function isSafeFileName(name: string): boolean {
  return name.length <= MAX_FILE_NAME && SAFE_FILE_NAME.test(name) && !name.includes('..');
}

export function assertCustomerId(customerId: number): void {
  if (!Number.isSafeInteger(customerId) || customerId <= 0) {
    throw new TypeError(`customer id must be a positive integer, got ${customerId}`);
  }
}

/** `{prefix}-{16 random base64url characters}.{ext}`: unguessable and never a client's name. */
export function randomFileName(prefix: string, ext: string): string {
  if (!NAME_PART.test(prefix) || !EXTENSION.test(ext)) {
    throw new TypeError(`unsafe file name parts: "${prefix}", "${ext}"`);
  }
  return `${prefix}-${randomBytes(12).toString('base64url')}.${ext}`;
}

/** `photo.jpg` → `photo-2.jpg`: the suffix goes before the extension. */
function withSuffix(fileName: string, n: number): string {
  const dot = fileName.lastIndexOf('.');
  return `${fileName.slice(0, dot)}-${n}${fileName.slice(dot)}`;
}

/** The names a save without overwrite tries, in order: `photo.jpg`, `photo-2.jpg`, ... while they fit. */
export function* fileNameCandidates(fileName: string): Generator<string> {
  for (let n = 1; n <= MAX_SUFFIX; n += 1) {
    const candidate = n === 1 ? fileName : withSuffix(fileName, n);
    if (candidate.length > MAX_FILE_NAME) return;
    yield candidate;
  }
}

/** A public path without its `?v=` cache-buster. */
export function withoutCacheBuster(publicPath: string): string {
  return publicPath.replace(CACHE_BUSTER, '');
}

export function publicPathOf(customerId: number, fileName: string): string {
  return `${UPLOADS_URL_PREFIX}${customerId}/${fileName}`;
}

/**
 * The file name behind a public path of this customer, or null unless the path is exactly
 * `/uploads/{customerId}/{safe name}` (a `?v=` cache-buster is allowed): another customer's
 * file, `..`, an encoded slash, a remote URL or a data URL is null.
 */
export function customerFileName(customerId: number, publicPath: string | null | undefined): string | null {
  const prefix = publicPathOf(customerId, '');
  if (typeof publicPath !== 'string' || !publicPath.startsWith(prefix)) return null;
  const name = withoutCacheBuster(publicPath.slice(prefix.length));
  return isSafeFileName(name) ? name : null;
}

/** One stored file, opened for reading; see FileStorage.openCustomerFiles. */
export interface OpenFile {
  readonly name: string;
  readonly size: number;
  readonly mtime: Date;
  /** The whole file from its first byte, as it was when opened; again and again until close(). */
  createReadStream(): Readable;
  /** Releases what the opening holds; safe to call more than once. */
  close(): Promise<void>;
}

/**
 * The uploaded files of every customer, one folder (or key prefix) a customer, each file
 * public at `/uploads/{customerId}/{name}`. Customer ids must be positive integers and names
 * safe (isSafeFileName); anything else is a TypeError, never a file written elsewhere.
 */
/**
 * Content that its maker writes into a new file at the path the driver gives it (a re-encoded
 * image: sharp writes it there), so its bytes never sit whole in memory. A rejection leaves the
 * driver nothing to publish: it removes what was written.
 */
export interface WrittenContent {
  writeTo(file: string): Promise<void>;
}

/**
 * What saveFile stores: bytes in memory, the content of a file on this machine (an upload's
 * temporary file), copied a piece at a time rather than read whole, or content written into a
 * file of the driver's (WrittenContent).
 */
export type FileContent = Uint8Array | { readonly fromFile: string } | WrittenContent;

export interface FileStorage {
  /** `{prefix}-{16 random base64url characters}.{ext}`: unguessable and never a client's name. */
  newFileName(prefix: string, ext: string): string;

  /**
   * Stores `data` as `fileName` of the customer and returns its public path
   * (`/uploads/{customerId}/{name}`). Publishing is atomic: a reader, another instance or a
   * crash sees the whole file under its name or nothing, never half a file. An existing file
   * is never replaced: the name gets `-2`, `-3`, ... instead (spec: catalog upload "without
   * overwrite"), also when two saves of one name race; the returned path says which name
   * was used. Rejects when no free name fits, leaving nothing behind.
   */
  saveFile(customerId: number, fileName: string, data: FileContent): Promise<string>;

  /**
   * Deletes the file behind a public path, but only when that path is a file of this
   * customer: `/uploads/{customerId}/{safe name}` (a `?v=` cache-buster is allowed). Anything
   * else (another customer's file, `..`, an encoded slash, a remote URL, a data URL) is
   * refused by returning false; a file that is already gone, or no path at all (null), is
   * fine. True when a file was removed.
   */
  removePublicPath(customerId: number, publicPath: string | null | undefined): Promise<boolean>;

  /** Removes every file of the customer; nothing to remove is fine. */
  removeCustomerFiles(customerId: number): Promise<void>;

  /**
   * The bytes behind a public path of this customer's (the same rule as removePublicPath);
   * null when the path is not one, or the file is missing or not a plain file.
   */
  readFile(customerId: number, publicPath: string | null | undefined): Promise<Buffer | null>;

  /**
   * Opens every stored file of the customer up front, sorted by name, so that an export can
   * still fail before it sends a byte and never lists a file it then cannot deliver: an
   * opened file stays readable as it was until closed, even if it is removed meanwhile.
   * Only finished files with safe names are listed (never a half-written upload); one
   * removed while listing is skipped. No files (or no folder) is an empty list. On failure
   * nothing stays open; on success the caller closes every entry.
   */
  openCustomerFiles(customerId: number): Promise<OpenFile[]>;

  /**
   * Serves GET and HEAD of the stored files, mounted at `/uploads` (so it sees
   * `/{customerId}/{name}`): cacheable for an hour, no directory listings, never a
   * half-written upload; what it does not have falls through to the next handler (a 404).
   * The caller sets the security headers before it.
   */
  handler(): RequestHandler;

  /**
   * Removes what a crashed save left half-written. Meant for start-up, before the server
   * takes requests: run while uploads are under way it would remove their unfinished files.
   * Returns how many were removed.
   */
  sweepTempFiles(): Promise<number>;

  /**
   * Removes files no row refers to: an upload whose database write never committed (a crash
   * between saving the file and saving the row) or whose old file was not yet deleted.
   * `referenced` holds public paths (`/uploads/{id}/{name}`, a `?v=` cache-buster allowed).
   * Only files older than `olderThanMs` at `now` go, so that with several instances another
   * one's upload in flight stays. Returns how many were removed.
   */
  sweepOrphans(referenced: ReadonlySet<string>, options: { olderThanMs: number; now: number }): Promise<number>;
}
