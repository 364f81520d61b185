/**
 * A real S3-compatible server for tests (the `s3rver` package) on a free loopback port, with a
 * temporary directory and one bucket, run in a child process (tests/helpers/s3rver-process.mjs).
 *
 *   const s3 = await startS3TestServer();
 *   env: s3.env('vizit/')                          // STORAGE_URL + credentials for the app
 *   new S3Storage(s3.client(), { bucket: s3.bucket, prefix: 'vizit/' })
 *   await s3.keys('vizit/')                        // what the bucket holds, read straight from it
 *   await s3.stop(); ... await s3.start();         // away (connection refused), then back on the same port
 *   await s3.close();                              // stops it and removes its directory
 *
 * Checked with the SDK of package.json on Node 20: signature v4, path-style addressing, PUT,
 * multipart, GET with Range and If-None-Match, HEAD, ListObjectsV2 (paged), DELETE. s3rver
 * ignores `If-None-Match: *` on PUT, so the driver's HEAD-before-PUT is what its tests see.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import type { ObjectStorageSettings } from '../../src/lib/storage-url.js';
import { createS3Client } from '../../src/storage/s3-client.js';

const PROCESS_SCRIPT = path.join(path.dirname(fileURLToPath(import.meta.url)), 's3rver-process.mjs');
const START_TIMEOUT_MS = 30_000;
/** s3rver's own credentials; any key is accepted, the signature is checked against this one. */
const ACCESS_KEY = 'S3RVER';

export interface S3TestServer {
  /** `http://127.0.0.1:{port}` */
  readonly endpoint: string;
  readonly port: number;
  readonly bucket: string;
  /** Where s3rver keeps the objects. */
  readonly directory: string;
  /** STORAGE_URL and the credentials, for an app's environment. */
  env(prefix?: string): Record<string, string>;
  settings(prefix?: string): ObjectStorageSettings;
  /** A client with the app's settings (short timeouts, path style). */
  client(): S3Client;
  /** Every key in the bucket under `prefix`, sorted. */
  keys(prefix?: string): Promise<string[]>;
  /** Ends the server process (connections are refused); `start` runs it again on the same port and directory. */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
    probe.once('error', reject);
  });
}

function runServer(port: number, directory: string, bucket: string): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    ['--openssl-legacy-provider', PROCESS_SCRIPT, String(port), directory, bucket],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`s3rver did not start in ${START_TIMEOUT_MS} ms: ${output}`));
    }, START_TIMEOUT_MS);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('listening ')) {
        clearTimeout(timer);
        child.stdout?.off('data', onData);
        resolve(child);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`s3rver ended (${code}) before listening: ${output}`));
    });
  });
}

function ended(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once('exit', () => resolve()));
}

export async function startS3TestServer(bucket = 'vizit-test'): Promise<S3TestServer> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'vizit-s3-'));
  const port = await freePort();
  const endpoint = `http://127.0.0.1:${port}`;
  let child: ChildProcess | null = await runServer(port, directory, bucket);
  const killOnExit = () => child?.kill('SIGKILL');
  process.once('exit', killOnExit);
  const settings = (prefix = ''): ObjectStorageSettings => ({
    bucket,
    prefix,
    endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: ACCESS_KEY, secretAccessKey: ACCESS_KEY },
    publicUrl: null,
  });
  const server: S3TestServer = {
    endpoint,
    port,
    bucket,
    directory,
    env: (prefix = '') => ({
      STORAGE_URL: `s3://${bucket}/${prefix}?endpoint=${encodeURIComponent(endpoint)}&region=us-east-1`,
      S3_ACCESS_KEY_ID: ACCESS_KEY,
      S3_SECRET_ACCESS_KEY: ACCESS_KEY,
    }),
    settings,
    client: () => createS3Client(settings()),
    async keys(prefix = '') {
      const client = createS3Client(settings());
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }),
        );
        for (const item of page.Contents ?? []) if (item.Key) keys.push(item.Key);
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      client.destroy();
      return keys.sort();
    },
    async stop() {
      if (!child) return;
      const stopping = child;
      child = null;
      stopping.kill('SIGKILL');
      await ended(stopping);
    },
    async start() {
      if (!child) child = await runServer(port, directory, bucket);
    },
    async close() {
      await server.stop();
      process.off('exit', killOnExit);
      await rm(directory, { recursive: true, force: true });
    },
  };
  return server;
}
