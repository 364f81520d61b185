import type { Messages } from '../messages.js';
import type { tr } from '../tr/index.js';
import { forms } from './forms.js';
import { hours } from './hours.js';
import { page } from './page.js';
import { profile } from './profile.js';

export const ar: Messages<typeof tr> = {
  ...page,
  ...profile,
  ...forms,
  ...hours,
};
