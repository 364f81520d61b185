import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Request, Response } from 'express';
import type multer from 'multer';
import { faultOf, ServiceUnavailableError, StorageFullError } from '../errors.js';

type Done = (error?: unknown, info?: Partial<Express.Multer.File>) => void;

/**
 * multer's memory storage, except that a file past `maxBytes` is read to its end and its bytes
 * dropped as they come instead of ending the parse: memory holds at most `maxBytes`, and the
 * fields after the file still reach `req.body`. The size reported is the whole file's.
 */
export class BoundedMemoryStorage implements multer.StorageEngine {
  constructor(private readonly maxBytes: number) {}

  _handleFile(_req: Request, file: Express.Multer.File, done: Done): void {
    const chunks: Buffer[] = [];
    let size = 0;
    file.stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= this.maxBytes) chunks.push(chunk);
      else chunks.length = 0;
    });
    file.stream.on('end', () => done(null, size <= this.maxBytes ? { buffer: Buffer.concat(chunks), size } : { size }));
  }

  _removeFile(_req: Request, file: Express.Multer.File, done: (error: Error | null) => void): void {
    (file as Partial<Express.Multer.File>).buffer = undefined;
    done(null);
  }
}

const messages = {
  noTempFolder: 'Dosya sunucuda geçici olarak saklanamadı. Lütfen biraz sonra tekrar deneyin.',
} as const;

/**
 * The system's temp folder cannot take the file (read-only, missing, not a folder): a 503 the
 * owner sees in the dialog, while the operator mounts a writable /tmp (docs/deploy.md, Read-only).
 */
export class UploadStagingError extends ServiceUnavailableError {
  constructor(cause: unknown) {
    super(messages.noTempFolder, cause);
  }
}

/** This process's folder for files being uploaded, made on first use and removed on exit. */
let stagingDir: string | null = null;

/** The staging folder, once made (for the tests that check it is left empty). */
export function uploadStagingFolder(): string | null {
  return stagingDir;
}

/**
 * The staging folder, made again when it is gone (a /tmp cleaner removes folders left unused
 * for days). Making it throws when the temp folder cannot be written.
 */
function staging(): string {
  if (!stagingDir || !existsSync(stagingDir)) {
    const first = stagingDir === null;
    stagingDir = mkdtempSync(path.join(os.tmpdir(), 'vizit-uploads-'));
    // One hook for the process, removing whichever folder is current then.
    if (first) process.once('exit', () => stagingDir && rmSync(stagingDir, { recursive: true, force: true }));
  }
  return stagingDir;
}

/** Why uploads cannot be staged now (the temp folder's error), or null when they can: for the start log. */
export function uploadStagingProblem(): string | null {
  try {
    staging();
    return null;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
}

/**
 * The same bounds as BoundedMemoryStorage, but the file goes to a temporary file of its own
 * (a random name in this process's staging folder, readable by us alone): the request holds a
 * stream's buffer, not the file (docs/architecture.md, Memory). Past `maxBytes` the temporary
 * file is removed and the rest read and dropped. A full disk is a StorageFullError (503), a
 * temp folder that cannot be written an UploadStagingError (503).
 */
export class BoundedDiskStorage implements multer.StorageEngine {
  constructor(private readonly maxBytes: number) {}

  _handleFile(_req: Request, file: Express.Multer.File, done: Done): void {
    let target: string;
    try {
      target = path.join(staging(), `upload-${randomBytes(12).toString('base64url')}`);
    } catch (err) {
      // Thrown inside busboy's event, this would end the process; it is the request's error instead.
      file.stream.resume();
      done(new UploadStagingError(err));
      return;
    }
    let writeFailed = false;
    const out = createWriteStream(target, { flags: 'wx', mode: 0o600 }).once('error', () => (writeFailed = true));
    let size = 0;
    const maxBytes = this.maxBytes;
    // Counts every byte; passes them on to the file only while within the limit.
    const bounded = new Transform({
      transform(chunk: Buffer, _encoding, next) {
        size += chunk.length;
        next(null, size <= maxBytes ? chunk : undefined);
      },
    });
    pipeline(file.stream, bounded, out).then(
      async () => {
        if (size <= maxBytes) {
          done(null, { path: target, size });
          return;
        }
        await rm(target, { force: true });
        done(null, { size });
      },
      async (err: unknown) => {
        await rm(target, { force: true });
        if (faultOf(err) === 'disk') done(new StorageFullError(err));
        else done(writeFailed ? new UploadStagingError(err) : err);
      },
    );
  }

  _removeFile(_req: Request, file: Express.Multer.File, done: (error: Error | null) => void): void {
    if (!file.path) {
      done(null);
      return;
    }
    rm(file.path, { force: true }).then(() => done(null), done);
  }
}

/** The uploaded file's temporary copy goes once the answer is sent, or the client is gone. */
export function removeWhenAnswered(req: Request, res: Response): void {
  const staged = req.file?.path;
  if (staged) res.once('close', () => void rm(staged, { force: true }));
}
