/**
 * The administrator's list query (docs/product.md, Administrator): `q`, `durum=aktif|pasif`,
 * `sorumlu=ben|{administrator id}`, `firma={company id}`, `sira=yeni|ad` and `page` (`sayfa` in links from before
 * it). Anything unknown is the default, never an error: a list link is never refused.
 */
import type { CustomerListFilter } from '../repositories/customer-filter.js';
import type { CustomerListSort } from '../repositories/customer.repository.js';

/** The list's parameters as the page writes them back into its form and links. */
export interface CustomerListParams {
  q: string;
  durum: '' | 'aktif' | 'pasif';
  /** `ben`, an administrator's id, or '' for everyone's customers. */
  sorumlu: string;
  /** A company's id, or '' for any. */
  firma: string;
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

/** `sorumlu` as written back: `ben`, an id, or '' (anything else is everyone's). */
export function assigneeParam(raw: unknown): string {
  return raw === 'ben' || (typeof raw === 'string' && /^[1-9]\d{0,9}$/.test(raw) && Number(raw) <= MAX_ID) ? raw : '';
}

const MAX_ID = 2_147_483_647;

/** `firma` as written back: a company's id, or '' (anything else is any company's). */
export function companyParam(raw: unknown): string {
  return typeof raw === 'string' && /^[1-9]\d{0,9}$/.test(raw) && Number(raw) <= MAX_ID ? raw : '';
}

/**
 * The filter of a list's `q`, `durum` and `sorumlu` (`ben` is `me`, the signed-in administrator), as the list and an
 * "all matching" bulk action read them.
 */
export function customerListFilter(
  q: unknown,
  durum: unknown,
  sorumlu: unknown,
  me: number,
  firma: unknown = '',
): CustomerListFilter {
  const assignee = assigneeParam(sorumlu);
  const company = companyParam(firma);
  return {
    search: searchTerm(q),
    status: durum === 'aktif' ? 'active' : durum === 'pasif' ? 'passive' : null,
    assigneeId: assignee === 'ben' ? me : assignee === '' ? null : Number(assignee),
    companyId: company === '' ? null : Number(company),
  };
}

/** The list's query; `me` is the signed-in administrator, whom `sorumlu=ben` names. */
export function parseCustomerListQuery(query: Record<string, unknown>, me: number): CustomerListQuery {
  const filter = customerListFilter(query.q, query.durum, query.sorumlu, me, query.firma);
  const sort: CustomerListSort = query.sira === 'ad' ? 'name' : 'newest';
  const durum = filter.status === 'active' ? 'aktif' : filter.status === 'passive' ? 'pasif' : '';
  return {
    params: {
      q: filter.search,
      durum,
      sorumlu: assigneeParam(query.sorumlu),
      firma: companyParam(query.firma),
      sira: sort === 'name' ? 'ad' : 'yeni',
    },
    filter,
    sort,
    page: pageNumber(query.page ?? query.sayfa),
  };
}
