import type { Messages } from '../messages.js';
import type { team as source } from '../tr/team.js';

export const team: Messages<typeof source> = {
  'team.skip': 'Zum Inhalt springen',
  'team.logo': 'Logo von {name}',
  'team.description':
    'Team {name}: {count, plural,' +
    ' one {die digitale Visitenkarte von # Person}' +
    ' other {die digitalen Visitenkarten von # Personen}}.',
  'team.heading': 'Unser Team',
  'team.empty': 'Diese Firma hat noch keine veröffentlichte Visitenkarte.',
  'team.madeWith': 'Erstellt mit {brand}',
};
