/**
 * The bulk form of the administrator's list (docs/product.md, Administrator, "Selection"):
 * `POST /admin/customers/bulk` with `ids` (repeated, or comma-separated: "Bu sayfadakilerin hepsi"
 * is one checkbox carrying the page's ids) or `all_matching=1` with the list's `q`, `durum`, `sorumlu`, `firma`,
 * and an `action`. A form cannot be shown again here, so a refusal is a message for the list. `assign` also carries
 * `admin_id` (empty: nobody), as the customer page's assignee form does.
 */
import type { CustomerListFilter } from '../repositories/customer-filter.js';
import { parseAssignee } from './assignee.validation.js';
import { assigneeParam, companyParam, customerListFilter } from './customer-list-query.js';
import { passiveChoiceOf, type PassiveChoice } from './print-kit.validation.js';

export const BULK_ACTIONS = ['print', 'csv', 'activate', 'deactivate', 'assign', 'company', 'delete'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

const MAX_ID = 2_147_483_647;

/** Ids one form may name: a page holds 50; a caller listing more uses `all_matching`. */
export const MAX_BULK_IDS = 1000;

export const bulkMessages = {
  noneChosen:
    'Hiç müşteri seçilmedi. Listeden en az bir müşteriyi işaretleyin ya da "hepsi" seçeneklerinden birini seçin.',
  badAction: 'Bilinmeyen toplu işlem. Listeden bir işlem seçip tekrar deneyin.',
  badIds: 'Seçilen müşteri numaraları geçersiz. Sayfayı yenileyip tekrar deneyin.',
  tooMany:
    `Tek seferde en fazla ${MAX_BULK_IDS} müşteri işaretlenebilir; daha fazlası için "aramaya ` +
    `uyanların hepsi" seçeneğini kullanın.`,
} as const;

/** The list's address as it was when the form was sent, so the answer returns to the same page. */
export interface ListQuery {
  q: string;
  durum: string;
  sorumlu: string;
  firma: string;
  sira: string;
  page: string;
}

export type BulkTarget = { kind: 'ids'; ids: number[] } | { kind: 'matching'; filter: CustomerListFilter };

export type BulkRequest =
  | {
      ok: true;
      action: BulkAction;
      target: BulkTarget;
      confirmed: boolean;
      /** Sent by the list's form: activate and deactivate ask first, as delete always does. */
      review: boolean;
      expectedCount: number | null;
      /** What an "all matching" confirmation showed (domain/bulk-selection.ts); null when it carries none. */
      digest: string | null;
      /** Print: the passive customers' cards too (`include`) or not (`skip`); null until asked. */
      passive: PassiveChoice | null;
      /**
       * Assign: the administrator's id, null for nobody, `missing` when no `admin_id` came (asked on the question's
       * page), `invalid` when it names no administrator at all.
       */
      assignee: number | null | 'missing' | 'invalid';
      /** Company: the company's id from `company_id`, null for none (leave any company), as `assignee` otherwise. */
      company: number | null | 'missing' | 'invalid';
      back: ListQuery;
    }
  | { ok: false; message: string; back: ListQuery };

function text(raw: unknown, max: number): string {
  return typeof raw === 'string' ? raw.trim().slice(0, max) : '';
}

/** q, durum, sorumlu, sira and page as the list reads them (anything else is dropped from the way back). */
export function listQueryOf(raw: Record<string, unknown>): ListQuery {
  const page = text(raw.page, 7);
  return {
    q: text(raw.q, 100),
    durum: ['aktif', 'pasif'].includes(text(raw.durum, 5)) ? text(raw.durum, 5) : '',
    sorumlu: assigneeParam(text(raw.sorumlu, 10)),
    firma: companyParam(text(raw.firma, 10)),
    sira: text(raw.sira, 4) === 'ad' ? 'ad' : '',
    page: /^[1-9]\d{0,5}$/.test(page) ? page : '',
  };
}

/** `/admin?q=…&durum=…&sira=…&page=…`, only the parts that are set. */
export function listUrl(query: ListQuery): string {
  const params = new URLSearchParams(Object.entries(query).filter(([, value]) => value !== ''));
  const search = params.toString();
  return search ? `/admin?${search}` : '/admin';
}

/**
 * The list's own reading of `q`, `durum` and `sorumlu` (customer-list-query.ts), so "all matching" is what the list
 * showed to `me`.
 */
export function filterOf(query: ListQuery, me: number): CustomerListFilter {
  return customerListFilter(query.q, query.durum, query.sorumlu, me, query.firma);
}

/**
 * Customer ids as a form sends them, repeated or comma-separated (the company page's members form too): the ids, or
 * the message refusing them.
 */
export function idsOf(raw: unknown): number[] | string {
  const values = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
  const pieces = values.flatMap((value) => (typeof value === 'string' ? value.split(',') : [null]));
  const ids = new Set<number>();
  for (const piece of pieces) {
    if (piece === '') continue;
    const digits = piece?.trim() ?? '';
    // A row id: no leading zero, within PostgreSQL's integer column.
    if (!/^[1-9]\d{0,9}$/.test(digits) || Number(digits) > MAX_ID) return bulkMessages.badIds;
    ids.add(Number(digits));
    if (ids.size > MAX_BULK_IDS) return bulkMessages.tooMany;
  }
  return [...ids];
}

/** The bulk form as `me`, the signed-in administrator, sent it. */
export function parseBulkRequest(body: Record<string, unknown>, me: number): BulkRequest {
  const back = listQueryOf(body);
  const action = text(body.action, 20);
  if (!(BULK_ACTIONS as readonly string[]).includes(action))
    return { ok: false, message: bulkMessages.badAction, back };
  let target: BulkTarget;
  if (body.all_matching === '1') {
    target = { kind: 'matching', filter: filterOf(back, me) };
  } else {
    const ids = idsOf(body.ids);
    if (typeof ids === 'string') return { ok: false, message: ids, back };
    if (ids.length === 0) return { ok: false, message: bulkMessages.noneChosen, back };
    target = { kind: 'ids', ids };
  }
  const count = text(body.count, 7);
  return {
    ok: true,
    action: action as BulkAction,
    target,
    confirmed: body.confirm === '1',
    review: body.review === '1',
    expectedCount: /^\d{1,7}$/.test(count) ? Number(count) : null,
    // Any other text sent is kept as it came: it matches no set, so it asks again rather than acting.
    digest: typeof body.digest === 'string' && body.digest !== '' ? body.digest.slice(0, 64) : null,
    passive: passiveChoiceOf(body.passive),
    assignee: assigneeOf(body),
    company: companyOf(body.company_id),
    back,
  };
}

function companyOf(raw: unknown): number | null | 'missing' | 'invalid' {
  if (raw === undefined) return 'missing';
  if (raw === '') return null;
  return typeof raw === 'string' && /^[1-9]\d{0,9}$/.test(raw) && Number(raw) <= MAX_ID ? Number(raw) : 'invalid';
}

function assigneeOf(body: Record<string, unknown>): number | null | 'missing' | 'invalid' {
  if (body.admin_id === undefined) return 'missing';
  try {
    return parseAssignee(body);
  } catch {
    return 'invalid';
  }
}
