// Loaded into every Node 26 process of exec.mjs (NODE_OPTIONS --import, so vitest's workers and the servers
// the tests spawn have it too): whatever resolves into node_modules/better-sqlite3/ resolves into the copy built
// for Node 26 instead (runtime.mjs), for `import` and `require` alike, without a change to the product's code.
// Any other Node that inherits NODE_OPTIONS (an older one started by name) keeps its own better-sqlite3.
import module from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { NODE_VERSION, ROOT, SQLITE_ENV } from './runtime.mjs';

const built = process.env[SQLITE_ENV];
if (built && process.version === `v${NODE_VERSION}`) {
  const from = pathToFileURL(path.join(ROOT, 'node_modules', 'better-sqlite3') + path.sep).href;
  const to = pathToFileURL(built + path.sep).href;
  module.registerHooks({
    resolve(specifier, context, nextResolve) {
      const resolved = nextResolve(specifier, context);
      return resolved.url.startsWith(from) ? { ...resolved, url: to + resolved.url.slice(from.length) } : resolved;
    },
  });
}
