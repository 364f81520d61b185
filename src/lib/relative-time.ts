import { formatDateTime } from './dates.js';

const MINUTE = 60_000;

/**
 * "Az önce", "5 dakika önce", "3 saat önce", "2 gün önce", then the full date and time
 * (docs/product.md, Messages: thresholds 1, 60, 1440 and 43200 minutes).
 */
export function relativeTime(thenMs: number, nowMs: number, timeZone: string): string {
  const minutes = Math.floor(Math.max(0, nowMs - thenMs) / MINUTE);
  if (minutes < 1) return 'Az önce';
  if (minutes < 60) return `${minutes} dakika önce`;
  if (minutes < 1440) return `${Math.floor(minutes / 60)} saat önce`;
  if (minutes < 43200) return `${Math.floor(minutes / 1440)} gün önce`;
  return formatDateTime(thenMs, timeZone);
}
