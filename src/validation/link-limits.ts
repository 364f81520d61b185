/** The limits of the link form's fields (docs/product.md, "Limits"). */
import { MAX_URL_LENGTH } from '../lib/safe-url.js';

/** What the server accepts. */
export const LINK_LIMITS = {
  url: MAX_URL_LENGTH,
  label: 60,
  /** User-perceived characters (one family emoji counts as one). */
  icon: 2,
  /** UTF-16 units: one icon "character" may be a long emoji sequence, but not an unbounded one. */
  iconUnits: 32,
  locationMin: 3,
  locationMax: 300,
  ssidBytes: 32,
  passwordMin: 8,
  passwordMax: 63,
  accountHolder: 70,
  phoneMinDigits: 10,
  phoneMaxDigits: 15,
} as const;

/**
 * The `maxlength` of the link form's inputs (views/partials/link-fields.ejs, via app.locals).
 * The browser counts UTF-16 units, so these only stop runaway typing; the server checks the
 * real limits above.
 */
export const LINK_FIELD_LIMITS = {
  url: LINK_LIMITS.url,
  label: LINK_LIMITS.label,
  /** Room for two emoji of up to four units each. */
  icon: 8,
  ssid: LINK_LIMITS.ssidBytes,
  password: LINK_LIMITS.passwordMax,
  /**
   * The longest IBAN there is (ISO 13616: 34). The browser counts every character, spaces too:
   * a Turkish IBAN (26) grouped in fours as banks print it is 32, so a pasted one fits; the
   * server removes the spaces before it checks. With JavaScript the field regroups a paste
   * first (widgets/enhance/iban-fields.ts), so even one with extra spaces is not cut short.
   */
  iban: 34,
  accountHolder: LINK_LIMITS.accountHolder,
} as const;
