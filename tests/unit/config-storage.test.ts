import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'vizit-config-storage-'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir, ...env });
const keys = { S3_ACCESS_KEY_ID: 'AKIA', S3_SECRET_ACCESS_KEY: 'gizli' };

describe('STORAGE_URL', () => {
  it('is the local disk when unset', () => {
    expect(load({}).objectStorage).toBeNull();
  });

  it('reads the bucket, prefix, endpoint, region, credentials and public URL', () => {
    const config = load({
      STORAGE_URL: 's3://vizit-files/site/uploads?endpoint=http://minio:9000/&region=eu-central-1',
      ...keys,
      STORAGE_PUBLIC_URL: 'https://cdn.example.com/site/uploads/',
    });
    expect(config.objectStorage).toEqual({
      bucket: 'vizit-files',
      prefix: 'site/uploads/',
      endpoint: 'http://minio:9000',
      region: 'eu-central-1',
      credentials: { accessKeyId: 'AKIA', secretAccessKey: 'gizli' },
      publicUrl: 'https://cdn.example.com/site/uploads',
    });
  });

  it('defaults to no prefix, AWS itself, us-east-1 and the SDK credential chain', () => {
    expect(load({ STORAGE_URL: 's3://vizit-files' }).objectStorage).toEqual({
      bucket: 'vizit-files',
      prefix: '',
      endpoint: null,
      region: 'us-east-1',
      credentials: null,
      publicUrl: null,
    });
  });

  it.each([
    ['https://vizit-files/x', /must start with s3:\/\//],
    ['vizit-files', /must look like s3:\/\/bucket/],
    ['s3://Vizit_Files', /no valid bucket name/],
    ['s3://ab', /no valid bucket name/],
    ['s3://vizit-files/../x', /unsafe key prefix|must look like/],
    ['s3://vizit-files/a%20b', /unsafe key prefix/],
    ['s3://vizit-files?endpoint=ftp://minio', /endpoint must start with http/],
    ['s3://vizit-files?endpoint=minio:9000x', /endpoint must (be an absolute|start with)/],
    ['s3://vizit-files?region=EU%20West', /invalid region/],
    ['s3://vizit-files?bucket=x', /unknown parameter "bucket"/],
    ['s3://key:secret@vizit-files', /must not carry credentials/],
  ])('refuses %j', (url, message) => {
    expect(() => load({ STORAGE_URL: url })).toThrow(ConfigError);
    expect(() => load({ STORAGE_URL: url })).toThrow(message);
  });

  it('wants both keys or neither, and STORAGE_PUBLIC_URL only with a bucket', () => {
    expect(() => load({ STORAGE_URL: 's3://vizit-files', S3_ACCESS_KEY_ID: 'AKIA' })).toThrow(/must be set together/);
    expect(() => load({ STORAGE_PUBLIC_URL: 'https://cdn.example.com' })).toThrow(
      /STORAGE_PUBLIC_URL needs STORAGE_URL/,
    );
    expect(() => load({ STORAGE_URL: 's3://vizit-files', STORAGE_PUBLIC_URL: 'javascript:alert(1)' })).toThrow(
      /must start with http/,
    );
    expect(() => load({ STORAGE_URL: 's3://vizit-files', STORAGE_PUBLIC_URL: 'http://cdn.example.com' })).toThrow(
      /must start with https:\/\//,
    );
    expect(() => load({ STORAGE_URL: 's3://vizit-files', STORAGE_PUBLIC_URL: 'https://cdn.example.com/?x=1' })).toThrow(
      /query or fragment/,
    );
  });
});
