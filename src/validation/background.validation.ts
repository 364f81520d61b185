/**
 * The background or cover the owner chose → the canonical value to store, or a ValidationError
 * with a Turkish message:
 *
 * - background: fields `background_type`, `background_value` → customer_profiles.background_value
 * - cover:      fields `cover_type`, `cover_value` → customer_profiles.cover_photo
 *
 * The encodings themselves are in src/domain/background.ts; here they are read strictly.
 */
import { ValidationError } from '../errors.js';
import { isAnimationType } from '../shared/animation-config.js';
import {
  BACKGROUND_TYPES,
  decodeBackground,
  encodeBackground,
  parseBackground,
  parseCover,
  type BackgroundProblem,
  type BackgroundType,
} from '../domain/background.js';
import { isUploadedImage } from '../domain/background-media.js';

export const messages = {
  invalidType: 'Geçersiz arka plan türü.',
  empty: 'Lütfen bir arka plan seçin.',
  invalidColor: 'Geçersiz renk değeri.',
  invalidAnimation: 'Geçersiz animasyon ayarı.',
  invalidImage: 'Geçersiz görsel adresi.',
  invalidVideo: 'Geçersiz video adresi.',
  imageTooLarge: 'Görsel verisi çok büyük. En fazla 2 MB olabilir.',
  imageByUpload:
    'Görseli yükleyerek ekleyin. Sayfanızda yalnızca yüklediğiniz görseller gösterilir; başka sitelerin ' +
    'görsel adresleri ve data: adresleri kabul edilmez.',
} as const satisfies Record<BackgroundProblem | 'invalidType' | 'empty' | 'imageByUpload', string>;

/** The cover's own texts where they differ from the background's. */
export const coverMessages = {
  ...messages,
  invalidType: 'Geçersiz kapak türü.',
  empty: 'Lütfen bir kapak seçin.',
} as const;

type MessageKey = keyof typeof messages;

function isBackgroundType(v: unknown): v is BackgroundType {
  return typeof v === 'string' && (BACKGROUND_TYPES as readonly string[]).includes(v);
}

const reasonFor: Record<BackgroundType, MessageKey> = {
  color: 'invalidColor',
  image: 'invalidImage',
  video: 'invalidVideo',
  animation: 'invalidAnimation',
};

/** What differs between a background and a cover. */
interface Target {
  typeField: string;
  valueField: string;
  texts: Readonly<Record<MessageKey, string>>;
  /** A colour is stored without `color:` (the background, whose type column says 'color'). */
  bareColor: boolean;
  /** Under type 'video' the older `video:animation:` spelling still means an animation (the background only). */
  legacyVideoAnimation: boolean;
  readBack(type: BackgroundType, stored: string): string | undefined;
}

const BACKGROUND: Target = {
  typeField: 'background_type',
  valueField: 'background_value',
  texts: messages,
  bareColor: true,
  legacyVideoAnimation: true,
  readBack: (type, stored) => parseBackground(type, stored)?.kind,
};

const COVER: Target = {
  typeField: 'cover_type',
  valueField: 'cover_value',
  texts: coverMessages,
  bareColor: false,
  legacyVideoAnimation: false,
  readBack: (_type, stored) => parseCover(stored)?.kind,
};

function validate(target: Target, type: unknown, value: unknown, current: string | null | undefined): string {
  if (!isBackgroundType(type)) throw new ValidationError({ [target.typeField]: target.texts.invalidType });
  const v = typeof value === 'string' ? value.trim() : '';
  const fail = (reason: MessageKey): never => {
    throw new ValidationError({ [target.valueField]: target.texts[reason] });
  };
  if (!v) return fail('empty');
  let raw = v;
  if (type === 'video' && !raw.startsWith('video:')) raw = `video:${raw}`;
  if (type === 'animation' && isAnimationType(raw)) raw = `animation:${raw}`;
  const encoding = decodeBackground(raw, type === 'color', true);
  if (encoding.kind === 'invalid') return fail(encoding.reason === 'imageTooLarge' ? encoding.reason : reasonFor[type]);
  const legacy = target.legacyVideoAnimation && type === 'video' && encoding.kind === 'animation';
  if (encoding.kind !== type && !legacy) return fail(reasonFor[type]);
  const stored = encodeBackground(encoding, target.bareColor && type === 'color', legacy);
  // An image comes from our re-encoded uploads; one stored by address before may be kept, not chosen anew.
  if (encoding.kind === 'image' && !isUploadedImage(stored) && stored !== current) return fail('imageByUpload');
  // Belt and braces: what we store must read back as the same kind.
  if (target.readBack(type, stored) !== encoding.kind) return fail(reasonFor[type]);
  return stored;
}

/**
 * Validates a background the owner chose and returns the canonical background_value to store
 * with `type`. Throws ValidationError({ background_type | background_value: Turkish message }).
 *
 * - color:     `#hex`, `rgb(...)`, ..., a named colour, with or without `color:` → stored bare
 * - image:     `/uploads/{id}/{file}.{jpg|png|webp|gif}`; an http(s) or data: image only when it is
 *              `current`, the value already stored (shown as before, never chosen anew)
 * - video:     `video:{url}` or a plain URL (any http(s) URL counts) → stored as `video:{url}`
 * - animation: `animation:{type}[:{json}]` or just `{type}` → `animation:{type}:{canonical json}`
 */
export function validateBackgroundInput(type: unknown, value: unknown, current?: string | null): string {
  return validate(BACKGROUND, type, value, current);
}

/**
 * Validates a cover the owner chose (`cover_type`, `cover_value`) and returns the canonical
 * cover_photo to store: as the background, except that a colour keeps its `color:` prefix
 * (the cover has no type column) and an animation is always `animation:{type}:{json}`.
 * Throws ValidationError({ cover_type | cover_value: Turkish message }).
 */
export function validateCoverInput(type: unknown, value: unknown, current?: string | null): string {
  return validate(COVER, type, value, current);
}
