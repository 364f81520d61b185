/**
 * The price list import's columns (docs/product.md, Price list from and to a CSV), and what the
 * preview and the refused rows' file call them.
 */
export type PriceImportField = 'kategori' | 'urun' | 'aciklama' | 'fiyat' | 'etiketler';

export const PRICE_IMPORT_FIELDS: readonly PriceImportField[] = ['kategori', 'urun', 'aciklama', 'fiyat', 'etiketler'];

export const PRICE_IMPORT_LABELS: Readonly<Record<PriceImportField, string>> = {
  kategori: 'Kategori',
  urun: 'Ürün',
  aciklama: 'Açıklama',
  fiyat: 'Fiyat',
  etiketler: 'Etiketler',
};
