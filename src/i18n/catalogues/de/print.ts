import type { Messages } from '../messages.js';
import type { print as source } from '../tr/print.js';

export const print: Messages<typeof source> = {
  'print.documentTitle': 'Preisliste - {business}',
  'print.pageNumber': 'Seite {page} von {pages}',
  'print.soldOutPrice': 'Ausverkauft · {price}',
  'print.qrCaption': 'Für aktuelle Preise scannen',
};
