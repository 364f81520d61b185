import type { Messages } from '../messages.js';
import type { team as source } from '../tr/team.js';

export const team: Messages<typeof source> = {
  'team.skip': 'Skip to content',
  'team.logo': '{name} logo',
  'team.description':
    '{name} team: {count, plural,' +
    ' one {the digital business card of # person}' +
    ' other {the digital business cards of # people}}.',
  'team.heading': 'Our team',
  'team.empty': 'This company has no published business card yet.',
  'team.madeWith': 'Made with {brand}',
};
