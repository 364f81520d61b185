import type { Messages } from '../messages.js';
import type { tr } from '../tr/index.js';
import { forms } from './forms.js';
import { hours } from './hours.js';
import { page } from './page.js';
import { priceList } from './price-list.js';
import { print } from './print.js';
import { profile } from './profile.js';
import { team } from './team.js';

export const ar: Messages<typeof tr> = {
  ...page,
  ...profile,
  ...forms,
  ...hours,
  ...priceList,
  ...print,
  ...team,
};
