/**
 * e. The owner uploads a phone photo (12 megapixels, ~5 MB) as the profile photo: timed from
 * the start of the request until the stored 400x400 file exists on disk. One at a time, then
 * four at once (several owners, or one with a slow connection retrying), which is what the
 * server's peak memory has to survive.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { multipartBody, rawRequest } from '../../tests/helpers/raw-http.js';
import type { BenchContext } from '../context.js';
import { phoneCameraJpeg } from '../images.js';
import { percentile } from '../load.js';

const WARMUP = 2;
const MEASURED = 15;
const TARGET_P50_MS = 300;
const AT_ONCE = 4;
const AT_ONCE_ROUNDS = 5;

async function exists(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

export async function benchPhotoUpload(ctx: BenchContext): Promise<void> {
  const photo = await phoneCameraJpeg();
  const meta = await sharp(photo).metadata();
  console.log(`  upload: ${meta.width}x${meta.height} JPEG, ${(photo.length / 1e6).toFixed(2)} MB`);
  const upload = multipartBody({}, { field: 'file', name: 'IMG_20261121_143012.jpg', type: 'image/jpeg', data: photo });
  const url = `${ctx.appUrl}/edit/${ctx.profile.editToken}/photo/profile`;
  const uploadsRoot = path.join(ctx.dataDir, 'uploads');

  const times: number[] = [];
  let lastStored = '';
  for (let i = 0; i < WARMUP + MEASURED; i += 1) {
    const started = performance.now();
    const res = await rawRequest(url, {
      method: 'POST',
      headers: { accept: 'application/json', ...upload.headers },
      body: upload.body,
    });
    const answer = JSON.parse(res.text) as { ok?: boolean; url?: string; error?: string };
    if (res.status !== 200 || !answer.ok || typeof answer.url !== 'string' || !answer.url.startsWith('/uploads/')) {
      throw new Error(`photo upload answered ${res.status}: ${res.text.slice(0, 200)}`);
    }
    const stored = path.join(uploadsRoot, answer.url.slice('/uploads/'.length));
    if (!stored.startsWith(uploadsRoot + path.sep) || !(await exists(stored)))
      throw new Error(`stored file ${answer.url} is not on disk`);
    const elapsed = performance.now() - started;
    if (i >= WARMUP) times.push(elapsed);
    lastStored = stored;
  }
  const stored = await sharp(lastStored).metadata();
  const sizeOk = stored.width === 400 && stored.height === 400;
  times.sort((a, b) => a - b);
  const p50 = percentile(times, 50);
  ctx.results.add({
    id: 'upload.p50',
    what:
      `Photo upload 12 MP ${(photo.length / 1e6).toFixed(1)} MB → stored file, ` +
      `p50${sizeOk ? '' : ' (NOT 400x400!)'}`,
    value: p50,
    unit: 'ms',
    target: `< ${TARGET_P50_MS} ms`,
    pass: sizeOk && p50 < TARGET_P50_MS,
  });
  ctx.results.add({
    id: 'upload.max',
    what: 'Photo upload, slowest',
    value: percentile(times, 100),
    unit: 'ms',
    target: '',
    pass: null,
  });
  const together = await uploadTogether(url, upload);
  ctx.results.add({
    id: 'upload.together',
    what: `${AT_ONCE} photo uploads at once: the slowest of the ${AT_ONCE}, median of ${AT_ONCE_ROUNDS} rounds`,
    value: together.medianMs,
    unit: 'ms',
    target: '',
    pass: together.allOk ? null : false,
  });
  ctx.results.detail('upload', {
    bytes: photo.length,
    width: meta.width,
    height: meta.height,
    warmup: WARMUP,
    timesMs: times,
    stored: { width: stored.width, height: stored.height, format: stored.format },
    together: { atOnce: AT_ONCE, rounds: AT_ONCE_ROUNDS, slowestMs: together.slowestMs, statuses: together.statuses },
  });
}

/** Rounds of AT_ONCE uploads sent together; each round's time is its slowest upload's. */
async function uploadTogether(url: string, upload: { headers: Record<string, string>; body: Buffer }) {
  const slowestMs: number[] = [];
  const statuses: number[] = [];
  for (let round = 0; round < AT_ONCE_ROUNDS; round += 1) {
    const started = performance.now();
    const answers = await Promise.all(
      Array.from({ length: AT_ONCE }, () =>
        rawRequest(url, {
          method: 'POST',
          headers: { accept: 'application/json', ...upload.headers },
          body: upload.body,
        }),
      ),
    );
    slowestMs.push(performance.now() - started);
    statuses.push(...answers.map((a) => a.status));
  }
  console.log(
    `  ${AT_ONCE} at once: ${slowestMs.map((ms) => `${Math.round(ms)} ms`).join(', ')}; ` +
      `answers ${[...new Set(statuses)].join(', ')}`,
  );
  return {
    slowestMs,
    statuses,
    medianMs: percentile(
      [...slowestMs].sort((a, b) => a - b),
      50,
    ),
    allOk: statuses.every((s) => s === 200),
  };
}
