/** The list's parameters as its form and links write them (validation/customer-list-query.ts reads them). */
interface ListParams {
  q: string;
  durum: string;
  sorumlu: string;
  firma?: string;
  sira: string;
}

/**
 * `/admin?…` for a page of the list with its search, filter and sort kept; the defaults are left
 * out, so the plain list stays `/admin`.
 */
export function customerListHref(params: ListParams, page: number): string {
  const query = new URLSearchParams();
  if (params.q) query.set('q', params.q);
  if (params.durum) query.set('durum', params.durum);
  if (params.sorumlu) query.set('sorumlu', params.sorumlu);
  if (params.firma) query.set('firma', params.firma);
  if (params.sira && params.sira !== 'yeni') query.set('sira', params.sira);
  if (page > 1 || query.toString() !== '') query.set('page', String(page));
  const text = query.toString();
  return text ? `/admin?${text}` : '/admin';
}
