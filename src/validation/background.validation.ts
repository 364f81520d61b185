/**
 * The background the owner chose (fields `background_type`, `background_value`) → the canonical
 * background_value to store, or a ValidationError with a Turkish message. The encodings
 * themselves are in src/domain/background.ts; here they are read strictly.
 */
import { ValidationError } from '../errors.js';
import { isAnimationType } from '../shared/animation-config.js';
import {
  BACKGROUND_TYPES,
  decodeBackground,
  encodeBackground,
  parseBackground,
  type BackgroundProblem,
  type BackgroundType,
} from '../domain/background.js';

export const messages = {
  invalidType: 'Geçersiz arka plan türü.',
  empty: 'Lütfen bir arka plan seçin.',
  invalidColor: 'Geçersiz renk değeri.',
  invalidAnimation: 'Geçersiz animasyon ayarı.',
  invalidImage: 'Geçersiz görsel adresi.',
  invalidVideo: 'Geçersiz video adresi.',
  imageTooLarge: 'Görsel verisi çok büyük. En fazla 2 MB olabilir.',
} as const satisfies Record<BackgroundProblem | 'invalidType' | 'empty', string>;

function isBackgroundType(v: unknown): v is BackgroundType {
  return typeof v === 'string' && (BACKGROUND_TYPES as readonly string[]).includes(v);
}

const reasonFor: Record<BackgroundType, keyof typeof messages> = {
  color: 'invalidColor',
  image: 'invalidImage',
  video: 'invalidVideo',
  animation: 'invalidAnimation',
};

/**
 * Validates a background the owner chose and returns the canonical background_value to store
 * with `type`. Throws ValidationError({ background_type | background_value: Turkish message }).
 *
 * - color:     `#hex`, `rgb(...)`, ..., a named colour, with or without `color:` → stored bare
 * - image:     http(s) URL, `/uploads/{id}/{file}.{jpg|png|webp|gif}`, data:image/...;base64
 * - video:     `video:{url}` or a plain URL (any http(s) URL counts) → stored as `video:{url}`
 * - animation: `animation:{type}[:{json}]` or just `{type}` → `animation:{type}:{canonical json}`
 */
export function validateBackgroundInput(type: unknown, value: unknown): string {
  if (!isBackgroundType(type)) throw new ValidationError({ background_type: messages.invalidType });
  const v = typeof value === 'string' ? value.trim() : '';
  const fail = (reason: keyof typeof messages): never => {
    throw new ValidationError({ background_value: messages[reason] });
  };
  if (!v) return fail('empty');
  let raw = v;
  if (type === 'video' && !raw.startsWith('video:')) raw = `video:${raw}`;
  if (type === 'animation' && isAnimationType(raw)) raw = `animation:${raw}`;
  const encoding = decodeBackground(raw, type === 'color', true);
  if (encoding.kind === 'invalid') return fail(encoding.reason === 'imageTooLarge' ? encoding.reason : reasonFor[type]);
  // Under type 'video' the older `video:animation:` spelling still means an animation.
  const legacy = type === 'video' && encoding.kind === 'animation';
  if (encoding.kind !== type && !legacy) return fail(reasonFor[type]);
  const stored = encodeBackground(encoding, type === 'color', legacy);
  // Belt and braces: what we store must read back as the same kind.
  if (parseBackground(type, stored)?.kind !== encoding.kind) return fail(reasonFor[type]);
  return stored;
}
