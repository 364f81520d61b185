import { readFileSync } from 'node:fs';
import path from 'node:path';
import { buildDir } from './paths.js';

export type AssetManifest = Readonly<Record<string, string>>;

/** The content-hashed file names esbuild wrote (`npm run build`), read once at start. */
export function loadAssetManifest(): AssetManifest {
  const file = path.join(buildDir, 'manifest.json');
  try {
    return Object.freeze(JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>);
  } catch {
    throw new Error(`Asset manifest ${file} is missing: run "npm run build" first`);
  }
}

/** `asset('mount.js')` → `/build/mount-3F2A….js`, for the views. */
export function assetResolver(manifest: AssetManifest): (name: string) => string {
  return (name) => {
    const resolved = manifest[name];
    if (!resolved) throw new Error(`Unknown asset "${name}" (not in the build manifest)`);
    return resolved;
  };
}
