import type { Messages } from '../messages.js';
import type { page as source } from '../tr/page.js';

export const page: Messages<typeof source> = {
  'page.languages': 'اللغة',
};
