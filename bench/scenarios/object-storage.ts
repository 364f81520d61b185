/**
 * p. Uploads on S3-compatible storage (issue 29): a second server process on the same data set
 * with STORAGE_URL at a local bucket (s3rver, started here in a process of its own). Measured
 * against the local-disk server at the same moment: the 12-megapixel photo upload (until the
 * answer, the object then checked in the bucket), the stored photo served through /uploads,
 * and the S3 server's peak memory with four uploads at once.
 */
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { PRODUCTION_MALLOC_ENV, procStatusMb, startServer } from '../../tests/helpers/launcher.js';
import { multipartBody, rawRequest } from '../../tests/helpers/raw-http.js';
import { startS3TestServer } from '../../tests/helpers/s3-test-server.js';
import type { BenchContext } from '../context.js';
import { phoneCameraJpeg } from '../images.js';
import { percentile } from '../load.js';

const WARMUP = 2;
const MEASURED = 10;
const SERVED = 300;
const AT_ONCE = 4;
const AT_ONCE_ROUNDS = 5;
const SERVE_TARGET_MS = 20;
const MEMORY_TARGET_MB = 150;
const PREFIX = 'bench/';

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);

export async function benchObjectStorage(ctx: BenchContext): Promise<void> {
  const bucket = await startS3TestServer('vizit-bench');
  try {
    const server = await startServer(
      ctx.dataDir,
      {
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        TRUST_PROXY: 'true',
        ...bucket.env(PREFIX),
        ...PRODUCTION_MALLOC_ENV,
      },
      { built: true, baseEnv: 'clean' },
    );
    console.log(
      `  S3 server (pid ${server.pid}) on a local s3rver bucket, ready after ${Math.round(server.readyMs)} ms`,
    );
    const photo = await phoneCameraJpeg();
    const upload = multipartBody(
      {},
      { field: 'file', name: 'IMG_20261126_101500.jpg', type: 'image/jpeg', data: photo },
    );
    const client = bucket.client();
    const uploadTo = async (appUrl: string): Promise<string> => {
      const res = await rawRequest(`${appUrl}/edit/${ctx.profile.editToken}/photo/profile`, {
        method: 'POST',
        headers: { accept: 'application/json', ...upload.headers },
        body: upload.body,
      });
      const answer = JSON.parse(res.text) as { ok?: boolean; url?: string };
      if (res.status !== 200 || !answer.ok || !answer.url)
        throw new Error(`upload to ${appUrl} answered ${res.status}: ${res.text.slice(0, 200)}`);
      return answer.url;
    };

    // Taken in turns, so both see the same load from the rest of the machine.
    const disk: number[] = [];
    const s3: number[] = [];
    let stored = '';
    let storedOnDisk = '';
    for (let i = 0; i < WARMUP + MEASURED; i += 1) {
      let started = performance.now();
      storedOnDisk = await uploadTo(ctx.appUrl);
      if (i >= WARMUP) disk.push(performance.now() - started);
      started = performance.now();
      stored = await uploadTo(server.url);
      if (i >= WARMUP) s3.push(performance.now() - started);
      const key = `${PREFIX}${stored.slice('/uploads/'.length).replace(/\?.*$/, '')}`;
      await client.send(new HeadObjectCommand({ Bucket: bucket.bucket, Key: key }));
    }
    const diskP50 = percentile(sorted(disk), 50);
    const s3P50 = percentile(sorted(s3), 50);
    ctx.results.add({
      id: 's3.upload.disk.p50',
      what: 'Photo upload 12 MP, local disk (same moment), p50',
      value: diskP50,
      unit: 'ms',
      target: '',
      pass: null,
    });
    ctx.results.add({
      id: 's3.upload.p50',
      what: 'Photo upload 12 MP into the S3 bucket, p50',
      value: s3P50,
      unit: 'ms',
      target: `< 2x disk (${Math.round(2 * diskP50)} ms)`,
      pass: s3P50 < 2 * diskP50,
    });

    // In turns with the same kind of photo from the disk server, which shows what the machine's load adds.
    const served: number[] = [];
    const servedFromDisk: number[] = [];
    const get = async (url: string, into: number[]) => {
      const started = performance.now();
      const res = await rawRequest(url);
      if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
      into.push(performance.now() - started);
    };
    for (let i = 0; i < SERVED; i += 1) {
      await get(`${server.url}${stored}`, served);
      await get(`${ctx.appUrl}${storedOnDisk}`, servedFromDisk);
    }
    const serveP50 = percentile(sorted(served), 50);
    ctx.results.add({
      id: 's3.serve.disk.p50',
      what: `The same photo through /uploads from the local disk (same moment), p50 of ${SERVED}`,
      value: percentile(sorted(servedFromDisk), 50),
      unit: 'ms',
      target: '',
      pass: null,
    });
    ctx.results.add({
      id: 's3.serve.p50',
      what: `Stored photo through /uploads from the bucket, p50 of ${SERVED}`,
      value: serveP50,
      unit: 'ms',
      target: `< ${SERVE_TARGET_MS} ms`,
      pass: serveP50 < SERVE_TARGET_MS,
    });

    const rounds: number[] = [];
    for (let round = 0; round < AT_ONCE_ROUNDS; round += 1) {
      const started = performance.now();
      await Promise.all(Array.from({ length: AT_ONCE }, () => uploadTo(server.url)));
      rounds.push(performance.now() - started);
    }
    const peak = procStatusMb(server.pid, 'VmHWM');
    ctx.results.add({
      id: 's3.memory.peak',
      what: `S3 server peak memory (VmHWM) after ${AT_ONCE_ROUNDS} rounds of ${AT_ONCE} uploads at once`,
      value: peak,
      unit: 'MB',
      target: `< ${MEMORY_TARGET_MB} MB`,
      pass: peak !== null && peak < MEMORY_TARGET_MB,
    });
    console.log(`  ${AT_ONCE} at once: ${rounds.map((ms) => `${Math.round(ms)} ms`).join(', ')}`);
    ctx.results.detail('objectStorage', {
      diskMs: disk,
      s3Ms: s3,
      servedP90: percentile(sorted(served), 90),
      roundsMs: rounds,
      peakMb: peak,
      problems: server.problems.slice(0, 10),
    });
    client.destroy();
    await server.stop();
  } finally {
    await bucket.close();
  }
}
