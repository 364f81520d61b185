import type { Messages } from '../messages.js';
import type { hours as source } from '../tr/hours.js';

export const hours: Messages<typeof source> = {
  'hours.heading': 'Öffnungszeiten',
  'hours.week': 'Öffnungszeiten der Woche',
  'hours.closed': 'Geschlossen',
  'hours.openNow': 'Jetzt geöffnet',
  'hours.closedNow': 'Jetzt geschlossen',
  'hours.today': 'Heute {hours}',
  'hours.closedToday': 'Heute geschlossen',
  'hours.closesAt': 'schließt um {at}',
  'hours.closesTomorrow': 'schließt morgen um {at}',
  'hours.closesOn': 'schließt {day} um {at}',
  'hours.opensToday': 'öffnet heute um {at}',
  'hours.opensTomorrow': 'öffnet morgen um {at}',
  'hours.opensOn': 'öffnet {day} um {at}',
  'hours.dateAndDay': '{day}, {date}',
  'hours.monday': 'Montag',
  'hours.tuesday': 'Dienstag',
  'hours.wednesday': 'Mittwoch',
  'hours.thursday': 'Donnerstag',
  'hours.friday': 'Freitag',
  'hours.saturday': 'Samstag',
  'hours.sunday': 'Sonntag',
};
