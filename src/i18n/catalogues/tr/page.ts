/** The words every public page shares (docs/product.md, Languages). ICU MessageFormat; Turkish is the source. */
export const page = {
  'page.languages': 'Dil',
} as const;
