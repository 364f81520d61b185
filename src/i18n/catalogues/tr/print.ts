/** The printed price list's words (docs/product.md, Price list). ICU MessageFormat; Turkish is the source. */
export const print = {
  'print.documentTitle': 'Fiyat listesi - {business}',
  'print.pageNumber': 'Sayfa {page} / {pages}',
  'print.soldOutPrice': 'Tükendi · {price}',
  'print.qrCaption': 'Güncel fiyatlar için okutun',
} as const;
