import type { Messages } from '../messages.js';
import type { hours as source } from '../tr/hours.js';

export const hours: Messages<typeof source> = {
  'hours.heading': 'ساعات العمل',
  'hours.week': 'ساعات العمل خلال الأسبوع',
  'hours.closed': 'مغلق',
  'hours.openNow': 'مفتوح الآن',
  'hours.closedNow': 'مغلق الآن',
  'hours.today': 'اليوم {hours}',
  'hours.closedToday': 'مغلق اليوم',
  'hours.closesAt': 'يُغلق الساعة {at}',
  'hours.closesTomorrow': 'يُغلق غدًا الساعة {at}',
  'hours.closesOn': 'يُغلق {day} الساعة {at}',
  'hours.opensToday': 'يفتح اليوم الساعة {at}',
  'hours.opensTomorrow': 'يفتح غدًا الساعة {at}',
  'hours.opensOn': 'يفتح {day} الساعة {at}',
  'hours.dateAndDay': '{day} {date}',
  'hours.monday': 'الاثنين',
  'hours.tuesday': 'الثلاثاء',
  'hours.wednesday': 'الأربعاء',
  'hours.thursday': 'الخميس',
  'hours.friday': 'الجمعة',
  'hours.saturday': 'السبت',
  'hours.sunday': 'الأحد',
};
