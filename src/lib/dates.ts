/**
 * Dates as people in Turkey read them, in the configured time zone. Formatters are made
 * once per zone: building an Intl.DateTimeFormat per call costs ~50 µs and native memory
 * that is only returned at garbage collection.
 */
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

function formatterFor(
  cache: Map<string, Intl.DateTimeFormat>,
  timeZone: string,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  let format = cache.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('tr-TR', { ...options, timeZone });
    cache.set(timeZone, format);
  }
  return format;
}

export function formatDate(ms: number, timeZone: string): string {
  return formatterFor(dateFormats, timeZone, { day: 'numeric', month: 'long', year: 'numeric' }).format(ms);
}

export function formatDateTime(ms: number, timeZone: string): string {
  return formatterFor(dateTimeFormats, timeZone, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(ms);
}
