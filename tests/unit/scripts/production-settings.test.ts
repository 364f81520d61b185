/**
 * `npm start`, the Docker image and the bench (tests/helpers/launcher.ts) run the server with
 * the same V8 flags and glibc malloc settings: the memory figures measured are the ones a user
 * gets, whichever way the server is started.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { assetsDir } from '../../../src/lib/paths.js';
import { PRODUCTION_MALLOC_ENV, PRODUCTION_NODE_ARGS } from '../../helpers/launcher.js';

const root = path.resolve(import.meta.dirname, '../../..');
const start = (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: { start: string } })
  .scripts.start;
const dockerfile = readFileSync(path.join(root, 'Dockerfile'), 'utf8');

describe('the production settings', () => {
  it('are the same in npm start, the Docker image and the bench', () => {
    const runStage = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
    for (const [name, value] of Object.entries(PRODUCTION_MALLOC_ENV)) {
      expect(start, name).toContain(`${name}=${value} `);
      expect(runStage, name).toMatch(new RegExp(`\\b${name}=${value}\\b`));
    }
    const cmd = /^CMD \[(.*)\]$/m.exec(runStage)?.[1] ?? '';
    for (const flag of PRODUCTION_NODE_ARGS) {
      expect(start).toContain(` ${flag} `);
      expect(cmd).toContain(`"${flag}"`);
    }
  });

  it('run on the Node the Node 26 tests prove, in both stages of the image, one the engines field allows', () => {
    const runtime = readFileSync(path.join(root, 'scripts/node26/runtime.mjs'), 'utf8');
    const proven = /^export const NODE_VERSION = '(\d+)\.\d+\.\d+';$/m.exec(runtime)?.[1];
    expect(proven).toBe('26');
    const bases = [...dockerfile.matchAll(/^FROM (\S+)/gm)].map((match) => match[1]);
    expect(bases).toEqual([`node:${proven}-bookworm-slim`, `node:${proven}-bookworm-slim`]);
    const engines = (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { engines: { node: string } })
      .engines.node;
    expect(engines).toBe('>=24');
  });

  it(
    "prune the Docker image's node_modules of build leftovers after the dev dependencies, before the run " +
      'stage copies it',
    () => {
      const buildStage = dockerfile.slice(0, dockerfile.lastIndexOf('\nFROM '));
      const prune = buildStage.indexOf('npm prune --omit=dev');
      const leftovers = buildStage.indexOf('node dist/scripts/prune-image.js');
      expect(prune).toBeGreaterThan(0);
      expect(leftovers).toBeGreaterThan(prune);
    },
  );

  it('give the Docker image every folder the server reads at run time, its data files included', () => {
    const runStage = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
    const copied = [...runStage.matchAll(/^COPY --from=build \/app\/(\S+) /gm)].map((match) => match[1]);
    for (const folder of ['dist', 'node_modules', 'views', 'public', path.relative(root, assetsDir)])
      expect(copied).toContain(folder);
  });
});
