/**
 * The question before a sheet of business cards that holds passive customers (docs/product.md,
 * Print kit): their cards lead to a closed page, so the administrator chooses to print them all
 * or to leave the passive ones out. The same page for `GET /admin/print.pdf` and the list's bulk
 * print; the form sends the selection again with `passive=include` or `passive=skip`.
 */
import type { PassiveCustomer } from '../repositories/print-kit.repository.js';

export const printPassiveMessages = {
  title: (n: number) => `Seçilenlerden ${n} müşteri pasif; kartları basılsın mı?`,
  effect:
    'Pasif müşterilerin sayfaları ziyaretçilere kapalıdır: kartlarındaki QR kodu ve adres "Bu profil şu anda ' +
    'aktif değil" gösterir.',
  includeAll: (n: number) => `Hepsini bas (${n} kart)`,
  leaveOut: (n: number) => `Pasifleri çıkar, ${n} kart bas`,
  allPassive: 'Seçilenlerin hepsi pasif.',
  nothingLeft: 'Seçilenlerin hepsi pasif; pasifler çıkarılınca basılacak kart kalmıyor.',
} as const;

/** Names shown on the question; the rest are counted. */
const NAMES_SHOWN = 10;

export interface PrintPassiveForm {
  method: 'get' | 'post';
  action: string;
  /** The selection again, as the form that led here sent it. */
  fields: ReadonlyArray<readonly [string, string]>;
}

export function printPassiveView(
  passive: readonly PassiveCustomer[],
  total: number,
  form: PrintPassiveForm,
  backUrl: string,
) {
  return {
    title: printPassiveMessages.title(passive.length),
    effect: printPassiveMessages.effect,
    names: passive.slice(0, NAMES_SHOWN).map((c) => ({ name: `${c.name} ${c.surname}`.trim(), slug: c.slug })),
    more: Math.max(0, passive.length - NAMES_SHOWN),
    includeAll: printPassiveMessages.includeAll(total),
    // Nothing would be left to print: only "print them all" is offered.
    leaveOut: total > passive.length ? printPassiveMessages.leaveOut(total - passive.length) : null,
    allPassive: total === passive.length ? printPassiveMessages.allPassive : null,
    form,
    backUrl,
  };
}
