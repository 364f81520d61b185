import type { Messages } from '../messages.js';
import type { hours as source } from '../tr/hours.js';

export const hours: Messages<typeof source> = {
  'hours.heading': 'Opening Hours',
  'hours.week': 'Opening hours of the week',
  'hours.closed': 'Closed',
  'hours.openNow': 'Open now',
  'hours.closedNow': 'Closed now',
  'hours.today': 'Today {hours}',
  'hours.closedToday': 'Closed today',
  'hours.closesAt': 'closes at {at}',
  'hours.closesTomorrow': 'closes tomorrow at {at}',
  'hours.closesOn': 'closes {day} at {at}',
  'hours.opensToday': 'opens today at {at}',
  'hours.opensTomorrow': 'opens tomorrow at {at}',
  'hours.opensOn': 'opens {day} at {at}',
  'hours.dateAndDay': '{day} {date}',
  'hours.monday': 'Monday',
  'hours.tuesday': 'Tuesday',
  'hours.wednesday': 'Wednesday',
  'hours.thursday': 'Thursday',
  'hours.friday': 'Friday',
  'hours.saturday': 'Saturday',
  'hours.sunday': 'Sunday',
};
