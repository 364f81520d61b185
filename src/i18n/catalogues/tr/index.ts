import { page } from './page.js';
import { priceList } from './price-list.js';
import { print } from './print.js';
import { team } from './team.js';

/** The Turkish catalogue, the source every other language's keys follow (docs/product.md, Languages). */
export const tr = { ...page, ...priceList, ...print, ...team };
