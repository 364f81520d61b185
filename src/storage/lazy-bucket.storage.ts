import type { RequestHandler } from 'express';
import type { ObjectStorageSettings } from '../lib/storage-url.js';
import { randomFileName, type FileContent, type FileStorage, type OpenFile } from './file-storage.js';
import type { S3Storage } from './s3.storage.js';

/**
 * The bucket's storage, its driver loaded on first use: the AWS SDK costs every process about
 * 8 MB of memory once imported, so an instance on the local disk never loads it
 * (docs/performance.md, Memory). Each call waits for the same load, then is the driver's.
 */
export class LazyBucketStorage implements FileStorage {
  private loaded: Promise<S3Storage> | null = null;
  private serve: RequestHandler | null = null;

  constructor(private readonly bucket: ObjectStorageSettings) {}

  private driver(): Promise<S3Storage> {
    this.loaded ??= import('./s3-driver.js').then(({ createS3Storage }) => createS3Storage(this.bucket));
    return this.loaded;
  }

  newFileName(prefix: string, ext: string): string {
    return randomFileName(prefix, ext);
  }

  async saveFile(customerId: number, fileName: string, data: FileContent): Promise<string> {
    return (await this.driver()).saveFile(customerId, fileName, data);
  }

  async removePublicPath(customerId: number, publicPath: string | null | undefined): Promise<boolean> {
    return (await this.driver()).removePublicPath(customerId, publicPath);
  }

  async removeCustomerFiles(customerId: number): Promise<void> {
    return (await this.driver()).removeCustomerFiles(customerId);
  }

  async readFile(customerId: number, publicPath: string | null | undefined): Promise<Buffer | null> {
    return (await this.driver()).readFile(customerId, publicPath);
  }

  async openCustomerFiles(customerId: number): Promise<OpenFile[]> {
    return (await this.driver()).openCustomerFiles(customerId);
  }

  handler(): RequestHandler {
    return (req, res, next) => {
      this.driver().then((driver) => (this.serve ??= driver.handler())(req, res, next), next);
    };
  }

  async sweepTempFiles(): Promise<number> {
    return (await this.driver()).sweepTempFiles();
  }

  async sweepOrphans(referenced: ReadonlySet<string>, options: { olderThanMs: number; now: number }): Promise<number> {
    return (await this.driver()).sweepOrphans(referenced, options);
  }

  /** A HEAD of the bucket: whether it answers at all (health check). */
  async reachable(): Promise<boolean> {
    return (await this.driver()).reachable();
  }
}
