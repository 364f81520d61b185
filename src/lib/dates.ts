/** Dates as people in Turkey read them, in the configured time zone. */
export function formatDate(ms: number, timeZone: string): string {
  return new Intl.DateTimeFormat('tr-TR', { day: 'numeric', month: 'long', year: 'numeric', timeZone }).format(ms);
}

export function formatDateTime(ms: number, timeZone: string): string {
  return new Intl.DateTimeFormat('tr-TR', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone,
  }).format(ms);
}
