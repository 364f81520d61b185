import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { GetObjectCommand, HeadObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import type { Request, RequestHandler, Response } from 'express';
import { StorageUnavailableError } from '../errors.js';
import { isSafeFileName } from './file-storage.js';
import { contentTypeOf, isMissing, s3Status } from './s3-client.js';

export interface ObjectLocation {
  readonly client: S3Client;
  readonly bucket: string;
  keyOf(customerId: number, name: string): string;
}

/** Answers that are about the object, not the bucket's health: the caller handles them. */
const ANSWERS = new Set([304, 404, 412, 416]);

/**
 * Runs one call to the bucket. Anything but an answer about the object (missing, taken, not
 * modified, out of range) means the bucket cannot be used right now: a StorageUnavailableError,
 * the 503 with "Dosya deposuna şu an ulaşılamıyor", the SDK's error as its cause.
 */
export async function bucketCall<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    const status = s3Status(err);
    if ((status !== undefined && ANSWERS.has(status)) || isMissing(err)) throw err;
    throw new StorageUnavailableError(err);
  }
}

const FILE_PATH = /^\/(\d{1,15})\/([^/]+)$/;
/** One byte range, the only kind we pass on (several ranges get the whole file, as from the disk). */
const ONE_RANGE = /^bytes=(\d+-\d*|-\d+)$/;
const CACHE_CONTROL = 'public, max-age=3600';

/** The visitor's conditions and range, passed to the bucket, which decides 304 and 206 itself. */
function conditions(req: Request): { IfNoneMatch?: string; IfModifiedSince?: Date; Range?: string } {
  const ifNoneMatch = req.get('if-none-match');
  const since = req.get('if-modified-since');
  const sinceDate = since ? new Date(since) : null;
  const range = req.get('range');
  return {
    // If-None-Match wins over If-Modified-Since (RFC 9110, 13.2.2).
    ...(ifNoneMatch
      ? { IfNoneMatch: ifNoneMatch }
      : sinceDate && !Number.isNaN(sinceDate.getTime())
        ? { IfModifiedSince: sinceDate }
        : {}),
    ...(range && ONE_RANGE.test(range.trim()) ? { Range: range.trim() } : {}),
  };
}

interface ObjectHead {
  ETag?: string;
  LastModified?: Date;
  ContentLength?: number;
  ContentRange?: string;
}

function setHeaders(res: Response, name: string, head: ObjectHead): void {
  res.status(head.ContentRange ? 206 : 200);
  res.set('Accept-Ranges', 'bytes');
  res.set('Cache-Control', CACHE_CONTROL);
  res.set('Content-Type', contentTypeOf(name));
  if (head.ETag) res.set('ETag', head.ETag);
  if (head.LastModified) res.set('Last-Modified', head.LastModified.toUTCString());
  if (head.ContentRange) res.set('Content-Range', head.ContentRange);
  if (head.ContentLength !== undefined) res.set('Content-Length', String(head.ContentLength));
}

/** A 304 carries what the cached copy needs: the validator the visitor sent, and the caching. */
function notModified(req: Request, res: Response): void {
  const tag = req.get('if-none-match');
  if (tag && !tag.includes(',')) res.set('ETag', tag.trim());
  res.set('Cache-Control', CACHE_CONTROL);
  res.status(304).end();
}

/** A range past the end: 416 with the object's size, as from the disk. */
async function rangeNotSatisfiable(location: ObjectLocation, key: string, res: Response): Promise<void> {
  const head = await bucketCall(() =>
    location.client.send(new HeadObjectCommand({ Bucket: location.bucket, Key: key })),
  );
  res.set('Content-Range', `bytes */${head.ContentLength ?? 0}`);
  res.status(416).end();
}

/**
 * GET and HEAD of `/{customerId}/{name}` streamed from the bucket with the disk driver's
 * headers: type by extension, ETag and Last-Modified, 304, one Range as 206, an hour's
 * caching. A missing object falls through (404); a bucket that is away is a 503.
 */
export function serveObjects(location: ObjectLocation): RequestHandler {
  return async (req, res, next) => {
    const match = FILE_PATH.exec(req.path);
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !match || !isSafeFileName(match[2]!)) {
      next();
      return;
    }
    const name = match[2]!;
    const key = location.keyOf(Number(match[1]), name);
    const input = { Bucket: location.bucket, Key: key, ...conditions(req) };
    try {
      if (req.method === 'HEAD') {
        setHeaders(res, name, await bucketCall(() => location.client.send(new HeadObjectCommand(input))));
        res.end();
        return;
      }
      const object = await bucketCall(() => location.client.send(new GetObjectCommand(input)));
      setHeaders(res, name, object);
      await pipeline(object.Body as Readable, res);
    } catch (err) {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      const status = s3Status(err);
      if (status === 304) notModified(req, res);
      else if (status === 416) await rangeNotSatisfiable(location, key, res).catch(next);
      else if (isMissing(err)) next();
      else next(err);
    }
  };
}
