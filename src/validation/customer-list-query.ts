/**
 * The administrator's list query (docs/product.md, Administrator): `q`, `durum=aktif|pasif`,
 * `sira=yeni|ad` and `page` (`sayfa` in links from before it). Anything unknown is the default,
 * never an error: a list link is never refused.
 */
import type { CustomerListFilter } from '../repositories/customer-filter.js';
import type { CustomerListSort } from '../repositories/customer.repository.js';

/** The list's parameters as the page writes them back into its form and links. */
export interface CustomerListParams {
  q: string;
  durum: '' | 'aktif' | 'pasif';
  sira: 'yeni' | 'ad';
}

export interface CustomerListQuery {
  params: CustomerListParams;
  filter: CustomerListFilter;
  sort: CustomerListSort;
  page: number;
}

const MAX_SEARCH_LENGTH = 100;
const MAX_PAGE = 999_999;

function searchTerm(raw: unknown): string {
  return typeof raw === 'string' ? raw.trim().slice(0, MAX_SEARCH_LENGTH) : '';
}

function pageNumber(raw: unknown): number {
  const n = typeof raw === 'string' && /^\d{1,6}$/.test(raw) ? Number(raw) : 1;
  return Math.min(MAX_PAGE, Math.max(1, n));
}

/** The filter of a list's `q` and `durum`, as the list and an "all matching" bulk action read them. */
export function customerListFilter(q: unknown, durum: unknown): CustomerListFilter {
  return { search: searchTerm(q), status: durum === 'aktif' ? 'active' : durum === 'pasif' ? 'passive' : null };
}

export function parseCustomerListQuery(query: Record<string, unknown>): CustomerListQuery {
  const filter = customerListFilter(query.q, query.durum);
  const sort: CustomerListSort = query.sira === 'ad' ? 'name' : 'newest';
  const durum = filter.status === 'active' ? 'aktif' : filter.status === 'passive' ? 'pasif' : '';
  return {
    params: { q: filter.search, durum, sira: sort === 'name' ? 'ad' : 'yeni' },
    filter,
    sort,
    page: pageNumber(query.page ?? query.sayfa),
  };
}
