/**
 * Every first path segment the app answers itself is a reserved slug (docs/product.md, Administrator):
 * read from the real Express route table of createApp, every route's first literal segment and every
 * mounted folder, so a route added without reserving its segment fails here instead of quietly
 * taking a customer's address (or a customer taking the route's).
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { createDb, migrateLatest, type Db } from '../../src/db.js';
import { RESERVED_SLUGS } from '../../src/domain/slug.js';
import { publicDir } from '../../src/lib/paths.js';
import { createLogger } from '../../src/logger.js';

interface RouterLayer {
  route?: { path: unknown };
  rawPath?: unknown;
  name: string;
}

let dataDir: string;
let db: Db;
let layers: RouterLayer[];

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'vizit-routes-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'error' });
  db = createDb(config);
  await migrateLatest(db);
  const built = createApp({ config, db, logger: createLogger('error') });
  layers = (built.app as unknown as { router: { stack: RouterLayer[] } }).router.stack;
  built.close();
});

afterAll(async () => {
  await db.destroy();
  await rm(dataDir, { recursive: true, force: true });
});

/** The first segment of an Express path when it is literal (`/admin/x` → `admin`); null for `/` and `/:slug`. */
function firstLiteralSegment(routePath: string): string | null {
  const [first = ''] = routePath.replace(/^\//, '').split('/');
  if (first === '' || /^[:*({]/.test(first)) return null;
  return first;
}

/** Every path the stack answers: a route's paths, a middleware's mount path (`/` for the global ones). */
function pathsOf(layer: RouterLayer): string[] {
  const raw = layer.route ? layer.route.path : layer.rawPath;
  const paths = Array.isArray(raw) ? raw : [raw];
  for (const p of paths) {
    // A regular-expression route has no segment to read: reserve by hand and give it a string path.
    if (typeof p !== 'string') throw new Error(`a route path that is not a string: ${String(p)}`);
  }
  return paths as string[];
}

describe('the route table', () => {
  it('is read: the routes and folder mounts the app has today are found', () => {
    const segments = new Set(layers.flatMap(pathsOf).map(firstLiteralSegment));
    for (const known of [
      'admin',
      'login',
      'edit',
      'notifications',
      'healthz',
      'build',
      'img',
      'uploads',
      'robots.txt',
    ]) {
      expect(segments.has(known), known).toBe(true);
    }
    // Static folders are among them as mounts of their own.
    const staticMounts = layers.filter((layer) => !layer.route && layer.name === 'serveStatic').flatMap(pathsOf);
    expect(staticMounts).toEqual(expect.arrayContaining(['/build', '/img']));
  });

  it('has no first segment that is not a reserved slug', () => {
    const unreserved = new Set<string>();
    for (const layer of layers) {
      for (const p of pathsOf(layer)) {
        const segment = firstLiteralSegment(p);
        if (segment !== null && !RESERVED_SLUGS.has(segment)) unreserved.add(segment);
      }
    }
    expect([...unreserved]).toEqual([]);
  });

  it('leaves only the public page and its sub-pages to a parameter in the first segment', () => {
    const byParameter = layers.flatMap(pathsOf).filter((p) => /^\/[:*({]/.test(p));
    expect(byParameter.every((p) => p.startsWith('/:slug'))).toBe(true);
  });

  it('reserves every file and folder the public folder holds, and the addresses of the routes to come', async () => {
    for (const entry of await readdir(publicDir)) expect(RESERVED_SLUGS.has(entry), entry).toBe(true);
    for (const coming of ['k', 'api', 'static', 'assets', 'favicon.ico'])
      expect(RESERVED_SLUGS.has(coming), coming).toBe(true);
  });
});
