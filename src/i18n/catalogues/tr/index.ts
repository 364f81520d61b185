import { forms } from './forms.js';
import { hours } from './hours.js';
import { page } from './page.js';
import { priceList } from './price-list.js';
import { print } from './print.js';
import { profile } from './profile.js';
import { team } from './team.js';

/** The Turkish catalogue, the source every other language's keys follow (docs/product.md, Languages). */
export const tr = { ...page, ...profile, ...forms, ...hours, ...priceList, ...print, ...team };
