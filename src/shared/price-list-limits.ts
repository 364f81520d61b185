/**
 * The price list's limits (docs/product.md, Price list): checked by the server on every write
 * and by the editor's widgets before they send. Browser-safe: imports nothing outside src/shared.
 */

/** Categories one customer may have. */
export const PRICE_LIST_MAX_CATEGORIES = 50;

/** Items one customer may have, over all categories. */
export const PRICE_LIST_MAX_ITEMS = 500;

/** Characters of a category's or an item's name. */
export const PRICE_LIST_NAME_MAX_LENGTH = 80;

/** Characters of an item's description. */
export const PRICE_LIST_DESCRIPTION_MAX_LENGTH = 300;

/** The highest price, in kuruş: 1,000,000 ₺. */
export const PRICE_LIST_MAX_PRICE_KURUS = 100_000_000;
