/**
 * The opening hours on the public page (docs/product.md, Languages): the moment's state, today and the week.
 * `{at}` is a time as the language says it after the verb (Turkish adds the locative: `18:00'de`).
 */
export const hours = {
  'hours.heading': 'Çalışma Saatleri',
  'hours.week': 'Haftalık çalışma saatleri',
  'hours.closed': 'Kapalı',
  'hours.openNow': 'Şimdi açık',
  'hours.closedNow': 'Şimdi kapalı',
  'hours.today': 'Bugün {hours}',
  'hours.closedToday': 'Bugün kapalı',
  'hours.closesAt': '{at} kapanır',
  'hours.closesTomorrow': 'yarın {at} kapanır',
  'hours.closesOn': '{day} {at} kapanır',
  'hours.opensToday': 'bugün {at} açılır',
  'hours.opensTomorrow': 'yarın {at} açılır',
  'hours.opensOn': '{day} {at} açılır',
  'hours.dateAndDay': '{date} {day}',
  'hours.monday': 'Pazartesi',
  'hours.tuesday': 'Salı',
  'hours.wednesday': 'Çarşamba',
  'hours.thursday': 'Perşembe',
  'hours.friday': 'Cuma',
  'hours.saturday': 'Cumartesi',
  'hours.sunday': 'Pazar',
} as const;
