import { PRICE_LIST_MAX_PRICE_KURUS } from '../shared/price-list-limits.js';

/**
 * Prices in Turkish lira, held as whole kuruş so that no price is ever a float
 * (docs/product.md, Price list).
 */

/** Between the amount and ₺: a no-break space (U+00A0), so `125,50 ₺` never breaks at the line's end. */
export const PRICE_CURRENCY_SEPARATOR = '\u00a0';

/** A whole number with a dot every three digits from the right, the Turkish way. */
function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+$)/g, '.');
}

/** `12550` → `125,50 ₺`, `125000` → `1.250,00 ₺`. */
export function formatPrice(kurus: number): string {
  const whole = Math.trunc(Math.abs(kurus));
  const lira = groupThousands(String(Math.floor(whole / 100)));
  const cents = String(whole % 100).padStart(2, '0');
  return `${kurus < 0 ? '-' : ''}${lira},${cents}${PRICE_CURRENCY_SEPARATOR}₺`;
}

/** `125,50`: the amount without the currency sign, as the editor's field shows a stored price. */
export function formatPriceInput(kurus: number): string {
  return formatPrice(kurus).slice(0, -2);
}

/** Lira digits with a dot between groups of three, as in `1.250` or `12.500.000`. */
const GROUPED = /^\d{1,3}(\.\d{3})+$/;

/** Splits the amount into lira digits and decimal digits, or null when it is no amount. */
function splitAmount(amount: string): [string, string] | null {
  const lastComma = amount.lastIndexOf(',');
  if (lastComma >= 0) {
    // A comma is the decimal separator; dots before it may only group thousands.
    const lira = amount.slice(0, lastComma);
    const decimals = amount.slice(lastComma + 1);
    if (!/^\d*$/.test(decimals)) return null;
    if (/^\d*$/.test(lira)) return [lira, decimals];
    return GROUPED.test(lira) ? [lira.replace(/\./g, ''), decimals] : null;
  }
  if (/^\d+$/.test(amount)) return [amount, ''];
  if (GROUPED.test(amount)) return [amount.replace(/\./g, ''), ''];
  // One dot followed by one or two digits is a decimal point (`125.50`, `125.5`).
  const decimal = /^(\d+)\.(\d{1,2})$/.exec(amount);
  return decimal ? [decimal[1]!, decimal[2]!] : null;
}

/**
 * Why a typed price is not one: nothing typed, below zero, over 1,000,000 ₺, more than two decimals, not written as a
 * price.
 */
export type PriceProblem = 'empty' | 'negative' | 'tooHigh' | 'decimals' | 'format';

/**
 * The amount without its currency mark, written before or after it: `₺`, `TL`, or a lone `?`,
 * which is what Excel writes for `₺` in a Windows-1254 CSV (`1.150,00 ?`). Null when there
 * is a mark on both sides.
 */
function withoutCurrency(typed: string): string | null {
  const marked = /^(₺|tl|\?)?(.*?)(₺|tl|\?)?$/iu.exec(typed)!;
  return marked[1] && marked[3] ? null : marked[2]!;
}

/**
 * What the owner typed as a price, in kuruş, or why it is none: `125,5`, `125.50`, `125`,
 * `1.250,50`, `1250,50`, `1 250,50`, with or without `₺` or `TL` before or after it (`₺ 140`,
 * `140 TL`). Refused: a negative amount, more than two decimals, more than 1,000,000 ₺,
 * anything else. A dot with exactly three digits after it groups thousands (`1.250` is
 * 1.250,00 ₺), as Turkish writes it.
 */
export function readPrice(input: string): number | PriceProblem {
  const amount = withoutCurrency(input.replace(/\s+/gu, ''));
  if (amount === '') return 'empty';
  if (amount === null) return 'format';
  if (/^[-−]/u.test(amount)) return 'negative';
  const parts = splitAmount(amount);
  if (!parts) return /^\d*[.,]\d{3,}$/u.test(amount) ? 'decimals' : 'format';
  const [lira, decimals] = parts;
  if (lira === '' && decimals === '') return 'format';
  if (decimals.length > 2) return 'decimals';
  if (lira.replace(/^0+/, '').length > 7) return 'tooHigh';
  const kurus = Number(lira || '0') * 100 + Number(decimals.padEnd(2, '0'));
  return kurus <= PRICE_LIST_MAX_PRICE_KURUS ? kurus : 'tooHigh';
}

/** readPrice's amount, or null for any problem. */
export function parsePrice(input: string): number | null {
  const read = readPrice(input);
  return typeof read === 'number' ? read : null;
}
