import type { Knex } from 'knex';
import type { CustomerScope } from '../domain/customer-scope.js';
import { searchPatterns } from '../domain/customer-search.js';

/**
 * What the administrator's list is narrowed to (docs/product.md, Administrator): the list and "all matching" bulk
 * actions share it.
 */
export interface CustomerListFilter {
  search: string;
  status: 'active' | 'passive' | null;
  /** `sorumlu`: the customers assigned to this administrator only; null, everyone's. */
  assigneeId: number | null;
  /** `firma`: the members of this company only (docs/product.md, Companies); null or left out, any. */
  companyId?: number | null;
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
  if (filter.assigneeId !== null) query.where('customers.assignee_id', filter.assigneeId);
  if (filter.companyId != null) query.where('customers.company_id', filter.companyId);
  return query;
}

/** Narrows a query of `customers` to those the administrator reaches (domain/customer-scope.ts). */
export function applyCustomerScope(query: Knex.QueryBuilder, scope: CustomerScope): Knex.QueryBuilder {
  if (scope) query.where('customers.assignee_id', scope.assigneeId);
  return query;
}
