import type { Messages } from '../messages.js';
import type { page as source } from '../tr/page.js';

export const page: Messages<typeof source> = {
  'page.languages': 'Language',
  'page.untranslated': 'This text is shown in Turkish.',
};
