import type { Messages } from '../messages.js';
import type { print as source } from '../tr/print.js';

export const print: Messages<typeof source> = {
  'print.documentTitle': 'Прайс-лист - {business}',
  'print.pageNumber': 'Страница {page} из {pages}',
  'print.soldOutPrice': 'Нет в наличии · {price}',
  'print.qrCaption': 'Отсканируйте, чтобы узнать актуальные цены',
};
