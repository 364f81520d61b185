import type { ServerProcess } from '../tests/helpers/launcher.js';
import type { BenchProfile } from './dataset.js';
import type { RowCounter } from './db-reader.js';
import type { MemorySampler } from './proc-stats.js';
import type { Results } from './report.js';

/** What every scenario gets: where the server is, what data it has, where figures go. */
export interface BenchContext {
  /** `http://127.0.0.1:{port}` of the app. */
  appUrl: string;
  /** `http://127.0.0.1:{port}` of the bare Express app. */
  helloUrl: string;
  server: ServerProcess;
  hello: ServerProcess;
  /** `http://127.0.0.1:{port}` of the bare node:http hello world, and its process. */
  nodeHelloUrl: string;
  nodeHello: ServerProcess;
  sampler: MemorySampler;
  dataDir: string;
  /** Counts rows in the database the server runs on (SQLite, or PostgreSQL with DATABASE_URL). */
  rows: RowCounter;
  profile: BenchProfile;
  results: Results;
}

/**
 * What a phone's Chrome sends for a page: a visitor, so the view is counted (bots are not),
 * and with Accept-Encoding, so the server compresses as it would for real visitors.
 */
export const MOBILE_BROWSER_HEADERS: Readonly<Record<string, string>> = {
  'user-agent':
    'Mozilla/5.0 (Linux; Android 14; SM-A546B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.122 ' +
    'Mobile Safari/537.36',
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8',
  'accept-language': 'tr-TR,tr;q=0.9,en-US;q=0.8,en;q=0.7',
  'accept-encoding': 'gzip, deflate, br',
};

export function round(value: number, digits = 1): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}
