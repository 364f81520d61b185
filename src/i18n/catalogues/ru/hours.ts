import type { Messages } from '../messages.js';
import type { hours as source } from '../tr/hours.js';

export const hours: Messages<typeof source> = {
  'hours.heading': 'Часы работы',
  'hours.week': 'Часы работы на неделе',
  'hours.closed': 'Закрыто',
  'hours.openNow': 'Сейчас открыто',
  'hours.closedNow': 'Сейчас закрыто',
  'hours.today': 'Сегодня {hours}',
  'hours.closedToday': 'Сегодня закрыто',
  'hours.closesAt': 'закроется в {at}',
  'hours.closesTomorrow': 'закроется завтра в {at}',
  'hours.closesOn': 'закроется: {day}, {at}',
  'hours.opensToday': 'откроется сегодня в {at}',
  'hours.opensTomorrow': 'откроется завтра в {at}',
  'hours.opensOn': 'откроется: {day}, {at}',
  'hours.dateAndDay': '{day}, {date}',
  'hours.monday': 'понедельник',
  'hours.tuesday': 'вторник',
  'hours.wednesday': 'среда',
  'hours.thursday': 'четверг',
  'hours.friday': 'пятница',
  'hours.saturday': 'суббота',
  'hours.sunday': 'воскресенье',
};
