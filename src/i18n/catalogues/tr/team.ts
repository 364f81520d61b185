/** A company's team page's words (docs/product.md, Companies). ICU MessageFormat; Turkish is the source. */
export const team = {
  'team.skip': 'İçeriğe geç',
  'team.logo': '{name} logosu',
  'team.description': '{name} ekibi: {count} kişinin dijital kartviziti.',
  'team.heading': 'Ekibimiz',
  'team.empty': 'Bu firmanın henüz yayında bir kartviziti yok.',
  'team.madeWith': '{brand} ile oluşturuldu',
} as const;
