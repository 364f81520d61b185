import type { Messages } from '../messages.js';
import type { priceList as source } from '../tr/price-list.js';

export const priceList: Messages<typeof source> = {
  'priceList.title': 'قائمة الأسعار',
  'priceList.pageTitle': '{business} - قائمة الأسعار',
  'priceList.description': 'قائمة أسعار {business}: المنتجات والأسعار الحالية.',
  'priceList.updated': 'آخر تحديث: {date}',
  'priceList.skip': 'انتقل إلى القائمة',
  'priceList.back': '‹ العودة إلى البطاقة',
  'priceList.pdf': 'فتح كملف PDF',
  'priceList.categories': 'الفئات',
  'priceList.search': 'ابحث في القائمة',
  'priceList.searchPlaceholder': 'اسم المنتج أو وصفه',
  'priceList.soldOut': 'نفد',
  'priceList.labels': 'التصنيفات',
  'priceList.madeWith': 'أُنشئت باستخدام {brand}',
};
