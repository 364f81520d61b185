import { isCardCodeKind, readCardCode, type CardCodeKind } from '../domain/card-code.js';
import { ValidationError } from '../errors.js';

/** The most codes one batch makes: a box of blank cards, not the whole code space. */
export const CARD_CODE_BATCH_MAX = 1_000;
export const CARD_CODE_LABEL_MAX = 100;

export const cardCodeMessages = {
  count: `Adet 1 ile ${CARD_CODE_BATCH_MAX.toLocaleString('tr-TR')} arasında bir tam sayı olmalıdır.`,
  kind: 'Tür NFC ya da QR olmalıdır.',
  label: `Etiket en fazla ${CARD_CODE_LABEL_MAX} karakter olabilir.`,
  code: 'Kart kodu 6 karakterdir; yalnızca 2-9 arası rakamlar ve harfler (0, 1, I, O olmadan).',
  unknownCode: 'Bu kart kodu bulunamadı. Kartın üzerindeki kodu kontrol edin.',
  outOfReach: 'Bu kart kodu, erişiminiz dışındaki bir müşterinin kartına bağlı.',
} as const;

export interface NewCardCodeBatch {
  count: number;
  kind: CardCodeKind;
  label: string;
}

/** `POST /admin/codes`: `count` 1 to 1,000, `kind` nfc or qr, an optional `label`; each error under its field. */
export function parseNewCardCodeBatch(body: Record<string, unknown>): NewCardCodeBatch {
  const errors: Record<string, string> = {};
  const countText = typeof body.count === 'string' ? body.count.trim() : '';
  const count = /^\d{1,4}$/.test(countText) ? Number(countText) : NaN;
  if (!(count >= 1 && count <= CARD_CODE_BATCH_MAX)) errors.count = cardCodeMessages.count;
  const kind = body.kind;
  if (!isCardCodeKind(kind)) errors.kind = cardCodeMessages.kind;
  const label = typeof body.label === 'string' ? body.label.trim().replace(/\s+/g, ' ') : '';
  if ([...label].length > CARD_CODE_LABEL_MAX) errors.label = cardCodeMessages.label;
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return { count, kind: kind as CardCodeKind, label };
}

/** A typed or scanned code (`code`): lower case and spaces around are fine; empty means none. */
export function parseTypedCardCode(value: unknown): string | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  const code = readCardCode(value.replace(/^.*\/k\//, ''));
  if (code === null) throw new ValidationError({ code: cardCodeMessages.code });
  return code;
}
