/** The price list page's words (docs/product.md, Price list). ICU MessageFormat; Turkish is the source. */
export const priceList = {
  'priceList.title': 'Fiyat Listesi',
  'priceList.pageTitle': '{business} - Fiyat Listesi',
  'priceList.description': '{business} fiyat listesi: ürünler ve güncel fiyatlar.',
  'priceList.updated': 'Son güncelleme: {date}',
  'priceList.skip': 'Listeye geç',
  'priceList.back': '‹ Kartvizite dön',
  'priceList.pdf': 'PDF olarak aç',
  'priceList.categories': 'Kategoriler',
  'priceList.search': 'Listede ara',
  'priceList.searchPlaceholder': 'Ürün adı veya açıklama',
  'priceList.soldOut': 'Tükendi',
  'priceList.labels': 'Etiketler',
  'priceList.madeWith': '{brand} ile oluşturuldu',
} as const;
