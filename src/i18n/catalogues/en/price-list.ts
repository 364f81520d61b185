import type { Messages } from '../messages.js';
import type { priceList as source } from '../tr/price-list.js';

export const priceList: Messages<typeof source> = {
  'priceList.title': 'Price list',
  'priceList.pageTitle': '{business} - Price list',
  'priceList.description': '{business} price list: products and current prices.',
  'priceList.updated': 'Last updated: {date}',
  'priceList.skip': 'Skip to the list',
  'priceList.back': '‹ Back to the card',
  'priceList.pdf': 'Open as PDF',
  'priceList.categories': 'Categories',
  'priceList.search': 'Search the list',
  'priceList.searchPlaceholder': 'Product name or description',
  'priceList.soldOut': 'Sold out',
  'priceList.labels': 'Labels',
  'priceList.madeWith': 'Made with {brand}',
};
