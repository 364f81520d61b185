/**
 * Page background and cover encodings (docs/product.md, "Backgrounds and covers"):
 *
 *   color:{css color}                        (and a bare colour when background_type is 'color')
 *   video:{url}, or a plain .mp4/.webm/.ogg/.mov URL
 *   animation:{type}:{json}, video:animation:{type}:{json} (an older spelling, still read)
 *   otherwise an image: an /uploads/ image path (written), or an http(s) image URL or a
 *   data:image/...;base64 URL (stored before, still read)
 *
 * Reading is lenient (anything invalid is ignored, the caller shows the default); writing is
 * strict (src/validation/background.validation.ts refuses anything invalid with a Turkish
 * message). Colours: background-colors.ts; image and video URLs: background-media.ts;
 * animation configs: background-animation.ts.
 */
import { serializeAnimationConfig, type AnimationType } from '../shared/animation-config.js';
import {
  parseAnimationSpec,
  resolveConfig,
  type AnimationConfig,
  type ParsedAnimation,
} from './background-animation.js';
import { parseColor } from './background-colors.js';
import { imageUrl, plainVideoUrl, videoUrl } from './background-media.js';

export const BACKGROUND_TYPES = ['color', 'image', 'video', 'animation'] as const;
export type BackgroundType = (typeof BACKGROUND_TYPES)[number];

export type BackgroundDescriptor =
  | { kind: 'color'; color: string }
  | { kind: 'image'; url: string }
  | { kind: 'video'; url: string }
  | { kind: 'animation'; type: AnimationType; config: AnimationConfig };

/** Why a value could not be decoded. */
export type BackgroundProblem = 'invalidColor' | 'invalidAnimation' | 'invalidImage' | 'invalidVideo' | 'imageTooLarge';

/** A stored or submitted value, decoded but not yet resolved. */
export type BackgroundEncoding =
  | { kind: 'color'; color: string }
  | { kind: 'image'; url: string }
  | { kind: 'video'; url: string }
  | { kind: 'animation'; animation: ParsedAnimation }
  | { kind: 'invalid'; reason: BackgroundProblem };

/**
 * Decodes one value by its prefix. `bareColor`: a colour without `color:` counts (the
 * background's type is 'color'). `strict`: an animation config with a bad key is invalid
 * rather than read around.
 */
export function decodeBackground(value: string, bareColor: boolean, strict: boolean): BackgroundEncoding {
  if (value.startsWith('color:')) {
    const color = parseColor(value.slice(6));
    return color ? { kind: 'color', color } : { kind: 'invalid', reason: 'invalidColor' };
  }
  if (value.startsWith('animation:') || value.startsWith('video:animation:')) {
    const animation = parseAnimationSpec(value.slice(value.indexOf('animation:') + 10), strict);
    return animation ? { kind: 'animation', animation } : { kind: 'invalid', reason: 'invalidAnimation' };
  }
  if (value.startsWith('video:')) {
    const url = videoUrl(value.slice(6));
    return url ? { kind: 'video', url } : { kind: 'invalid', reason: 'invalidVideo' };
  }
  if (bareColor) {
    const color = parseColor(value);
    if (color) return { kind: 'color', color };
  }
  const video = plainVideoUrl(value);
  if (video) return { kind: 'video', url: video };
  const image = imageUrl(value);
  if (image === 'too-large') return { kind: 'invalid', reason: 'imageTooLarge' };
  return image
    ? { kind: 'image', url: image.url }
    : { kind: 'invalid', reason: bareColor ? 'invalidColor' : 'invalidImage' };
}

/**
 * The canonical stored string for a decoded value. `bareColor`: a colour is stored without
 * `color:` (a cover keeps its prefix). `videoAnimation`: keep the older `video:animation:` spelling.
 */
export function encodeBackground(
  encoding: Exclude<BackgroundEncoding, { kind: 'invalid' }>,
  bareColor: boolean,
  videoAnimation: boolean,
): string {
  switch (encoding.kind) {
    case 'color':
      return bareColor ? encoding.color : `color:${encoding.color}`;
    case 'image':
      return encoding.url;
    case 'video':
      return `video:${encoding.url}`;
    case 'animation': {
      const { type, input } = encoding.animation;
      return `${videoAnimation ? 'video:' : ''}animation:${type}:${serializeAnimationConfig(input)}`;
    }
  }
}

function toDescriptor(encoding: BackgroundEncoding): BackgroundDescriptor | null {
  switch (encoding.kind) {
    case 'color':
      return { kind: 'color', color: encoding.color };
    case 'image':
      return { kind: 'image', url: encoding.url };
    case 'video':
      return { kind: 'video', url: encoding.url };
    case 'animation':
      return {
        kind: 'animation',
        type: encoding.animation.type,
        config: resolveConfig(encoding.animation.type, encoding.animation.input),
      };
    case 'invalid':
      return null;
  }
}

function read(value: string | null | undefined, bareColor: boolean): BackgroundDescriptor | null {
  const v = value?.trim();
  if (!v) return null;
  return toDescriptor(decodeBackground(v, bareColor, false));
}

/**
 * customer_profiles.background_type / background_value → what to show, or null for the
 * default (DEFAULT_BACKGROUND_COLOR). The value's prefix decides; the type only allows a bare colour.
 */
export function parseBackground(
  type: string | null | undefined,
  value: string | null | undefined,
): BackgroundDescriptor | null {
  return read(value, type === 'color');
}

/** customer_profiles.cover_photo → what to show, or null for the default brand gradient. */
export function parseCover(value: string | null | undefined): BackgroundDescriptor | null {
  return read(value, false);
}
