import type { Knex } from 'knex';
import { searchPatterns } from '../domain/customer-search.js';

/**
 * What the administrator's list is narrowed to (docs/product.md, Administrator): the list and "all matching" bulk
 * actions share it.
 */
export interface CustomerListFilter {
  search: string;
  status: 'active' | 'passive' | null;
}

/** `%text%` for LIKE, its wildcards escaped so a search for "50%" means the characters. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/**
 * Adds the filter's where clauses to a query of `customers`: the search as any of its patterns
 * (domain/customer-search.ts) inside customers.search_text, and the status.
 */
export function applyCustomerFilter(query: Knex.QueryBuilder, filter: CustomerListFilter): Knex.QueryBuilder {
  const patterns = searchPatterns(filter.search);
  if (patterns.length > 0) {
    query.where((any) => {
      for (const pattern of patterns)
        any.orWhereRaw("customers.search_text like ? escape '\\'", [likePattern(pattern)]);
    });
  }
  if (filter.status) query.where('customers.is_active', filter.status === 'active');
  return query;
}
