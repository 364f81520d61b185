import type { Messages } from '../messages.js';
import type { print as source } from '../tr/print.js';

export const print: Messages<typeof source> = {
  'print.documentTitle': 'قائمة الأسعار - {business}',
  'print.pageNumber': 'صفحة {page} من {pages}',
  'print.soldOutPrice': 'نفد · {price}',
  'print.qrCaption': 'امسح الرمز لمعرفة الأسعار الحالية',
};
