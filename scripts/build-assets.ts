import { cp, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Metafile } from 'esbuild';

const root = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  ...(import.meta.url.includes('/dist/') ? ['..'] : []),
);
const outdir = path.join(root, 'public', 'build');

/** Entry points and the stable names the views ask for. */
const entries: Record<string, string> = {
  'mount.js': 'widgets/mount.tsx',
  'app.css': 'public/css/app.css',
  'profile.js': 'widgets/profile/index.ts',
  'profile.css': 'public/css/profile.css',
  'edit.css': 'public/css/edit.css',
  'price-list.js': 'widgets/price-search/index.ts',
  'price-list.css': 'public/css/price-list.css',
};

/** Maps each entry's stable name to its content-hashed URL. */
function manifestOf(metafile: Metafile, builtIn: string): Record<string, string> {
  const manifest: Record<string, string> = {};
  for (const [output, meta] of Object.entries(metafile.outputs)) {
    if (!meta.entryPoint) continue;
    const name = Object.keys(entries).find(
      (key) => path.resolve(root, entries[key]!) === path.resolve(root, meta.entryPoint!),
    );
    if (name) manifest[name] = '/build/' + path.relative(builtIn, path.resolve(root, output)).split(path.sep).join('/');
  }
  return manifest;
}

/**
 * Bundles widgets/ (split so each widget loads only where it is used) and the CSS
 * into public/build with content hashes, plus manifest.json for the views.
 */
export async function buildAssets(options: { minify?: boolean } = {}): Promise<Record<string, string>> {
  // Built beside the live folder, then added to it: names are content hashes, so files of the
  // previous build stay and a running server (or a visitor holding an older page) still finds them.
  const staging = `${outdir}.tmp-${process.pid}-${Date.now()}`;
  await mkdir(staging, { recursive: true });
  const result = await build({
    absWorkingDir: root,
    entryPoints: Object.entries(entries).map(([name, file]) => ({ in: file, out: name.replace(/\.(js|css)$/, '') })),
    outdir: staging,
    outbase: root,
    bundle: true,
    splitting: true,
    format: 'esm',
    target: ['es2020', 'chrome111', 'safari16.4', 'firefox113'],
    minify: options.minify ?? true,
    sourcemap: false,
    metafile: true,
    legalComments: 'none',
    entryNames: '[name]-[hash]',
    chunkNames: 'chunks/[name]-[hash]',
    assetNames: 'assets/[name]-[hash]',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'warning',
  });
  const manifest = manifestOf(result.metafile, staging);
  for (const name of Object.keys(entries)) {
    if (!manifest[name]) throw new Error(`build produced no output for ${name}`);
  }
  await mkdir(outdir, { recursive: true });
  await cp(staging, outdir, { recursive: true, force: true });
  // The manifest last, in one rename: a reader sees the old one or the new one, never half of it.
  const manifestTmp = path.join(outdir, `manifest.json.tmp-${process.pid}`);
  await writeFile(manifestTmp, JSON.stringify(manifest, null, 2) + '\n');
  await rename(manifestTmp, path.join(outdir, 'manifest.json'));
  await rm(staging, { recursive: true, force: true });
  return manifest;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  buildAssets()
    .then((manifest) => console.log('assets built:', manifest))
    .catch((err: unknown) => {
      console.error(err);
      process.exit(1);
    });
}
