import type { Messages } from '../messages.js';
import type { priceList as source } from '../tr/price-list.js';

export const priceList: Messages<typeof source> = {
  'priceList.title': 'Прайс-лист',
  'priceList.pageTitle': '{business} - Прайс-лист',
  'priceList.description': '{business}: прайс-лист, товары и актуальные цены.',
  'priceList.updated': 'Обновлено: {date}',
  'priceList.skip': 'Перейти к списку',
  'priceList.back': '‹ Назад к визитке',
  'priceList.pdf': 'Открыть в PDF',
  'priceList.categories': 'Категории',
  'priceList.search': 'Поиск по списку',
  'priceList.searchPlaceholder': 'Название или описание товара',
  'priceList.soldOut': 'Нет в наличии',
  'priceList.labels': 'Метки',
  'priceList.madeWith': 'Создано с помощью {brand}',
};
