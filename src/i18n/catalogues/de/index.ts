import type { Messages } from '../messages.js';
import type { tr } from '../tr/index.js';
import { page } from './page.js';
import { priceList } from './price-list.js';
import { print } from './print.js';
import { team } from './team.js';

export const de: Messages<typeof tr> = { ...page, ...priceList, ...print, ...team };
