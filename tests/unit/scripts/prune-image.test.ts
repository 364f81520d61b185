/**
 * The Docker image's node_modules without what the server never loads (scripts/prune-image.ts,
 * run in the Dockerfile's build stage): better-sqlite3's sources, SQLite's amalgamation and the
 * object files of its compile (about 25 MB beside its 2 MB addon), argon2's when npm compiled it,
 * and sharp's WebAssembly build (9 MB, for platforms without a native one) with the WebAssembly
 * runtimes it brings. Run here on a copy of this checkout's packages, after which better-sqlite3
 * still opens a database and answers, and argon2 still hashes.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pruneImage } from '../../../scripts/prune-image.js';

const root = path.resolve(import.meta.dirname, '../../..');
let copy: string;
let freedBytes: number;

/** Every file under `dir`, relative to it. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}

beforeAll(() => {
  copy = mkdtempSync(path.join(tmpdir(), 'vizit-prune-'));
  // better-sqlite3 and what it requires to find its addon.
  // argon2 and what it requires to load and hash; on this machine's Node npm compiled it.
  for (const name of ['better-sqlite3', 'bindings', 'file-uri-to-path', 'argon2', 'node-gyp-build', '@phc/format']) {
    cpSync(path.join(root, 'node_modules', name), path.join(copy, 'node_modules', name), { recursive: true });
  }
  // argon2's compile, as npm leaves it where the prebuilt addon does not load: a stand-in when it is not here.
  const argon2Release = path.join(copy, 'node_modules/argon2/build/Release');
  if (!existsSync(path.join(argon2Release, 'argon2.a'))) {
    mkdirSync(path.join(argon2Release, 'obj.target'), { recursive: true });
    writeFileSync(path.join(argon2Release, 'argon2.a'), Buffer.alloc(1024));
    writeFileSync(path.join(copy, 'node_modules/argon2/build/Makefile'), 'all:\n');
  }
  // sharp's WebAssembly build and its runtimes are not installed on this machine: stand-ins of their files.
  for (const file of [
    '@img/sharp-wasm32/lib/sharp-wasm32.node.wasm',
    '@emnapi/runtime/dist/emnapi.cjs.js',
    '@tybys/wasm-util/lib/cjs/index.js',
  ]) {
    mkdirSync(path.dirname(path.join(copy, 'node_modules', file)), { recursive: true });
    writeFileSync(path.join(copy, 'node_modules', file), Buffer.alloc(1024));
  }
  freedBytes = pruneImage(copy);
});
afterAll(() => rmSync(copy, { recursive: true, force: true }));

describe('pruneImage', () => {
  it("keeps of better-sqlite3's compile only the addon it loads, and none of its sources", () => {
    const sqlite = path.join(copy, 'node_modules/better-sqlite3');
    expect(filesUnder(path.join(sqlite, 'build'))).toEqual([path.join('Release', 'better_sqlite3.node')]);
    expect(existsSync(path.join(sqlite, 'deps'))).toBe(false);
    expect(existsSync(path.join(sqlite, 'src'))).toBe(false);
    expect(existsSync(path.join(sqlite, 'lib/database.js'))).toBe(true);
  });

  it("removes sharp's WebAssembly build and the WebAssembly runtimes that came with it", () => {
    expect(existsSync(path.join(copy, 'node_modules/@img/sharp-wasm32'))).toBe(false);
    expect(existsSync(path.join(copy, 'node_modules/@emnapi'))).toBe(false);
    expect(existsSync(path.join(copy, 'node_modules/@tybys'))).toBe(false);
  });

  it("keeps of argon2's compile only the addon it loads, when npm compiled it", () => {
    const build = path.join(copy, 'node_modules/argon2/build');
    if (existsSync(path.join(root, 'node_modules/argon2/build/Release/argon2.node')))
      expect(filesUnder(build)).toEqual([path.join('Release', 'argon2.node')]);
    else expect(existsSync(path.join(build, 'Release', 'argon2.a'))).toBe(false);
    expect(existsSync(path.join(copy, 'node_modules/argon2/prebuilds'))).toBe(true);
  });

  it('says how much it freed: megabytes here, where better-sqlite3 was compiled', () => {
    expect(freedBytes).toBeGreaterThan(10 * 1024 * 1024);
  });

  it('leaves a better-sqlite3 that opens a database and answers', () => {
    const Database = createRequire(path.join(copy, 'index.js'))('better-sqlite3') as typeof import('better-sqlite3');
    const db = new Database(':memory:');
    expect(db.prepare('SELECT 40 + 2 AS answer').get()).toEqual({ answer: 42 });
    db.close();
  });

  it('leaves an argon2 that hashes and verifies', async () => {
    const argon2 = createRequire(path.join(copy, 'index.js'))('argon2') as typeof import('argon2');
    const hash = await argon2.hash('parola', { memoryCost: 1024, timeCost: 1 });
    expect(await argon2.verify(hash, 'parola')).toBe(true);
  });

  it('does nothing to a tree without those packages', () => {
    const empty = mkdtempSync(path.join(tmpdir(), 'vizit-prune-empty-'));
    try {
      expect(pruneImage(empty)).toBe(0);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
