import type { Messages } from '../messages.js';
import type { print as source } from '../tr/print.js';

export const print: Messages<typeof source> = {
  'print.documentTitle': 'Price list - {business}',
  'print.pageNumber': 'Page {page} of {pages}',
  'print.soldOutPrice': 'Sold out · {price}',
  'print.qrCaption': 'Scan for current prices',
};
