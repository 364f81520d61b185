/**
 * The query of the print kit downloads (docs/product.md, Print kit): `?format=card|a6` and the
 * `?ids=` of an A4 sheet. A download has no form to show again, so a bad value is a 400 page.
 */
import { HttpError } from '../errors.js';

export const PRINT_FORMATS = ['card', 'a6'] as const;
export type PrintFormat = (typeof PRINT_FORMATS)[number];

/** Cards on one sheet download: 30 A4 pages, a few seconds at most (bench `--only=print`). */
export const MAX_SHEET_CARDS = 300;

/** The largest id a customers row can have (an `integer` column on PostgreSQL). */
const MAX_ID = 2_147_483_647;

export const printKitMessages = {
  badFormat: "Geçersiz baskı biçimi: 'card' (kartvizit) veya 'a6' (masa kartı) olmalıdır.",
  noIds: 'Yazdırmak için en az bir müşteri seçin.',
  badIds: 'Müşteri numaraları geçersiz: virgülle ayrılmış pozitif tam sayılar olmalıdır.',
  tooMany: `Bir seferde en fazla ${MAX_SHEET_CARDS} kartvizit yazdırılabilir; daha az müşteri seçin.`,
  badBleed: "Geçersiz taşma payı: 'bleed' 0 ya da 1 olmalıdır.",
  bleedOnlyCard: 'Taşma payı (bleed=1) yalnızca kartvizitte (format=card) kullanılabilir.',
  badHours: "Geçersiz çalışma saatleri seçeneği: 'hours' 0 ya da 1 olmalıdır.",
  hoursOnlyA6: 'Çalışma saatleri (hours=1) yalnızca masa kartına (format=a6) basılabilir.',
  badPriceList: "Geçersiz fiyat listesi seçeneği: 'price_list' 0 ya da 1 olmalıdır.",
  priceListOnlyA6: 'Fiyat listesinin QR kodu (price_list=1) yalnızca masa kartına (format=a6) basılabilir.',
} as const;

/** `?format=`: absent is the business card. */
export function parsePrintFormat(raw: unknown): PrintFormat {
  if (raw === undefined) return 'card';
  if (typeof raw === 'string' && (PRINT_FORMATS as readonly string[]).includes(raw)) return raw as PrintFormat;
  throw new HttpError(400, printKitMessages.badFormat);
}

/**
 * `?bleed=1`: the business card with 3 mm bleed and crop marks for a print shop; absent or 0 is
 * the plain card. The table card and the sheet have no bleed variant (the sheet's cards share
 * their cut lines), so there it is refused rather than silently left out.
 */
export function parseBleed(raw: unknown, format: PrintFormat | 'sheet'): boolean {
  if (raw === undefined || raw === '0') return false;
  if (raw !== '1') throw new HttpError(400, printKitMessages.badBleed);
  if (format !== 'card') throw new HttpError(400, printKitMessages.bleedOnlyCard);
  return true;
}

/**
 * `?hours=1`: the table card prints the opening hours too; absent or 0 leaves them off. Only the table card has room
 * for them.
 */
export function parseHoursOption(raw: unknown, format: PrintFormat): boolean {
  if (raw === undefined || raw === '0') return false;
  if (raw !== '1') throw new HttpError(400, printKitMessages.badHours);
  if (format !== 'a6') throw new HttpError(400, printKitMessages.hoursOnlyA6);
  return true;
}

/** `?price_list=1`: the table card's QR opens the price list (`/{slug}/fiyat-listesi?k=qr`) instead of the profile. */
export function parsePriceListOption(raw: unknown, format: PrintFormat): boolean {
  if (raw === undefined || raw === '0') return false;
  if (raw !== '1') throw new HttpError(400, printKitMessages.badPriceList);
  if (format !== 'a6') throw new HttpError(400, printKitMessages.priceListOnlyA6);
  return true;
}

/**
 * `?ids=1,2,3`, or `ids` repeated (the admin list's checkboxes): distinct ids in the order
 * given, 1 to MAX_SHEET_CARDS of them.
 */
export function parseSheetIds(raw: unknown): number[] {
  const values = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
  if (!values.every((value): value is string => typeof value === 'string'))
    throw new HttpError(400, printKitMessages.badIds);
  const pieces = values
    .flatMap((value) => value.split(','))
    .map((piece) => piece.trim())
    .filter((piece) => piece !== '');
  if (pieces.length === 0) throw new HttpError(400, printKitMessages.noIds);
  const ids = new Set<number>();
  for (const piece of pieces) {
    const id = /^[1-9]\d{0,9}$/.test(piece) ? Number(piece) : MAX_ID + 1;
    if (id > MAX_ID) throw new HttpError(400, printKitMessages.badIds);
    ids.add(id);
    if (ids.size > MAX_SHEET_CARDS) throw new HttpError(400, printKitMessages.tooMany);
  }
  return [...ids];
}

/** Whether a sheet with passive customers prints their cards too (`include`) or leaves them out (`skip`). */
export type PassiveChoice = 'include' | 'skip';

/**
 * `passive=include|skip`, the answer to "Seçilenlerden N müşteri pasif; kartları basılsın mı?";
 * absent (or anything else) is not answered yet, so the question is shown.
 */
export function passiveChoiceOf(raw: unknown): PassiveChoice | null {
  return raw === 'include' || raw === 'skip' ? raw : null;
}
