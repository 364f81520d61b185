import type { Knex } from 'knex';
import { foldForSearch } from '../domain/slug.js';

/** What the administrator's list is narrowed to (docs/product.md, Administrator): the list and "all matching" bulk actions share it. */
export interface CustomerListFilter {
  search: string;
  status: 'active' | 'passive' | null;
}

/** `%term%` for LIKE, with the term folded as search_text is (raw if nothing is left), LIKE wildcards escaped. */
function likePattern(term: string): string {
  const folded = foldForSearch(term) || term.toLowerCase();
  return `%${folded.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/** Adds the filter's where clauses to a query of `customers`. */
export function applyCustomerFilter(query: Knex.QueryBuilder, filter: CustomerListFilter): Knex.QueryBuilder {
  const term = filter.search.trim();
  if (term) query.whereRaw("customers.search_text like ? escape '\\'", [likePattern(term)]);
  if (filter.status) query.where('customers.is_active', filter.status === 'active');
  return query;
}
