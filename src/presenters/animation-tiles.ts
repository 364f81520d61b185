/**
 * The colours of the animation previews in the owner's background and cover dialogs
 * (views/partials/animation-choices.ejs, the background-picker widget; their motion is in
 * public/css/animation-tiles.css): each type's default colours, light and dark, as CSS custom
 * properties. They go in the editor's one hashed style block, so the page's CSP needs no
 * unhashed inline style, and the tiles show what an animation without colours of its own shows.
 */
import { ANIMATION_TYPE_DEFAULTS, ANIMATION_TYPE_IDS } from '../shared/animation-config.js';

const TILE_COLOURS = 4;

function colourProperties(colours: readonly string[]): string {
  return Array.from({ length: TILE_COLOURS }, (_, i) => `--c${i + 1}:${colours[i % colours.length]}`).join(';');
}

export const ANIMATION_TILE_CSS = ANIMATION_TYPE_IDS.map((type) => {
  const { light, dark } = ANIMATION_TYPE_DEFAULTS[type];
  return `.anim-tile--${type}{${colourProperties(light)}}.theme-dark .anim-tile--${type}{${colourProperties(dark)}}`;
}).join('');
