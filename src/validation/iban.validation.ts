/** IBANs: the IBAN card of the owner page and the IBAN link (stored as `IBAN|holder`). */
import { ValidationError } from '../errors.js';
import { joinPair, splitPair } from '../domain/link-values.js';
import { codePoints, collect, fail } from './field-text.js';
import { LINK_LIMITS } from './link-limits.js';
import { messages } from './link-messages.js';

export interface IbanFields {
  iban: string;
  accountHolder: string;
}

/** Upper-cased, whitespace removed. */
export function normalizeIban(raw: string): string {
  return raw
    .normalize('NFKC')
    .replace(/[\s\p{Cf}]/gu, '')
    .toUpperCase();
}

/** ISO 13616: country, two check digits, BBAN; the rearranged number mod 97 must be 1. */
export function isValidIban(iban: string): boolean {
  if (!/^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const value = Number.parseInt(char, 36);
    remainder = (value > 9 ? remainder * 100 + value : remainder * 10 + value) % 97;
  }
  return remainder === 1;
}

/** NFC, trimmed, runs of whitespace collapsed to one space. */
export function normalizeAccountHolder(raw: string): string {
  return raw.normalize('NFC').trim().replace(/\s+/gu, ' ');
}

/**
 * What a person's or a Turkish company's name holds ("Kaya & Oğulları Tic. Ltd. Şti.", "Ayşe'nin
 * Atölyesi, 2. Şube"): letters, digits, spaces and `. , & - '` (a phone's ’ too), with a letter
 * somewhere. Anything else is refused, never dropped (docs/product.md, Links and platforms).
 */
const ACCOUNT_HOLDER = /^[\p{L}\p{M}0-9 .,&'’-]+$/u;
const HAS_LETTER = /\p{L}/u;

/** The IBAN card's and the IBAN link's fields (`iban`, `account_holder`), checked together. */
export function parseIbanFields(ibanRaw: unknown, holderRaw: unknown): IbanFields {
  const errors: Record<string, string> = {};
  const iban = collect(errors, () => validIban(ibanRaw));
  const accountHolder = collect(errors, () => validAccountHolder(holderRaw));
  if (iban === undefined || accountHolder === undefined) throw new ValidationError(errors);
  return { iban, accountHolder };
}

function validIban(raw: unknown): string {
  const iban = normalizeIban(typeof raw === 'string' ? raw : '');
  if (iban === '') fail('iban', messages.ibanRequired);
  if (!/^TR[0-9]{24}$/.test(iban)) fail('iban', messages.ibanFormat);
  if (!isValidIban(iban)) fail('iban', messages.ibanChecksum);
  return iban;
}

function validAccountHolder(raw: unknown): string {
  const holder = normalizeAccountHolder(typeof raw === 'string' ? raw : '');
  if (holder === '') fail('account_holder', messages.holderRequired);
  if (codePoints(holder) > LINK_LIMITS.accountHolder) fail('account_holder', messages.holderTooLong);
  if (!ACCOUNT_HOLDER.test(holder) || !HAS_LETTER.test(holder)) fail('account_holder', messages.holderInvalid);
  return holder;
}

/**
 * The IBAN link's stored value, `IBAN|holder`, from the two fields or from `url` in that form;
 * undefined (with `errors` filled in) when a field is wrong.
 */
export function ibanLinkValue(
  body: Readonly<Record<string, unknown>>,
  errors: Record<string, string>,
): string | undefined {
  const fromUrl = splitPair(typeof body.url === 'string' ? body.url : '');
  const twoFields = typeof body.iban === 'string';
  const fields = collect(errors, () =>
    parseIbanFields(twoFields ? body.iban : fromUrl.first, twoFields ? body.account_holder : fromUrl.second),
  );
  return fields === undefined ? undefined : joinPair(fields.iban, fields.accountHolder);
}
