import { buildAssets } from '../../scripts/build-assets.js';

/** The views read the asset manifest, so the widgets and CSS are built once before any test. */
export default async function setup(): Promise<void> {
  await buildAssets({ minify: true });
}
