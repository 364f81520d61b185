import { csvDocument } from '../lib/csv.js';
import { formatDate } from '../lib/dates.js';
import type { CardCode, CardCodeBatch } from '../repositories/card-code.repository.js';

/** The codes page's filter: a batch, and assigned (true), not (false) or both (null). */
export interface CodesFilter {
  batchId: number | null;
  assigned: boolean | null;
}

/** The most codes one page lists: a batch is at most 1,000, the filter narrows to one. */
export const CODES_SHOWN = 200;

const KIND_TEXT = { nfc: 'NFC', qr: 'QR' } as const;

export interface CodeRow {
  code: string;
  kind: string;
  batchLabel: string;
  customer: { id: number; name: string; href: string } | null;
  json: { code: string; kind: string; batchId: number; customerId: number | null };
}

export interface BatchRow {
  id: number;
  title: string;
  kind: string;
  summary: string;
  created: string;
  selected: boolean;
}

export interface CodesPage {
  batches: BatchRow[];
  rows: CodeRow[];
  /** How many codes the filter found; more than `rows` when only the first CODES_SHOWN are listed. */
  total: number;
  filter: { parti: string; durum: string };
}

function batchTitle(batch: CardCodeBatch): string {
  return batch.label === '' ? `Parti ${batch.id}` : batch.label;
}

/** The codes page (docs/product.md, Card codes): batches with their state, the filtered codes. */
export function presentCodesPage(
  batches: readonly CardCodeBatch[],
  codes: readonly CardCode[],
  filter: CodesFilter,
  timeZone: string,
): CodesPage {
  const titles = new Map(batches.map((b) => [b.id, batchTitle(b)]));
  return {
    batches: batches.map((batch) => ({
      id: batch.id,
      title: batchTitle(batch),
      kind: KIND_TEXT[batch.kind],
      summary: `${batch.size} kod, ${batch.assigned} bağlı`,
      created: formatDate(batch.createdAt, timeZone),
      selected: batch.id === filter.batchId,
    })),
    rows: codes.slice(0, CODES_SHOWN).map((code) => ({
      code: code.code,
      kind: KIND_TEXT[code.kind],
      batchLabel: titles.get(code.batchId) ?? '',
      customer: code.customer
        ? {
            id: code.customer.id,
            name: `${code.customer.name} ${code.customer.surname}`,
            href: `/admin/customers/${code.customer.id}`,
          }
        : null,
      json: { code: code.code, kind: code.kind, batchId: code.batchId, customerId: code.customer?.id ?? null },
    })),
    total: codes.length,
    filter: {
      parti: filter.batchId === null ? '' : String(filter.batchId),
      durum: filter.assigned === true ? 'bagli' : filter.assigned === false ? 'bos' : '',
    },
  };
}

/** A batch for the NFC writer: each code and the address to write on its card. */
export function cardCodesCsv(codes: readonly CardCode[], origin: string): string {
  return csvDocument([['kod', 'url'], ...codes.map((c) => [c.code, `${origin}/k/${c.code}`])]);
}

export const codeChangeMessages = {
  assigned: (code: string, name: string) => `Kart kodu ${code}, ${name} kartına bağlandı.`,
  unassigned: (code: string) => `Kart kodu ${code} artık hiçbir karta bağlı değil.`,
  unchanged: 'Değişiklik yok.',
} as const;

/** What an assignment did, as the page's notice says it. */
export function codeChangeText(
  change: { code: string; customer: { name: string; surname: string } | null } | null,
): string {
  if (!change) return codeChangeMessages.unchanged;
  if (!change.customer) return codeChangeMessages.unassigned(change.code);
  return codeChangeMessages.assigned(change.code, `${change.customer.name} ${change.customer.surname}`);
}
