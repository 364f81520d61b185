/**
 * What the list's bulk actions that change customers say before they run (docs/product.md,
 * Administrator, "Selection"): the confirmation page without JavaScript
 * (views/admin/bulk-confirm.ejs) and the list's dialog with it (widgets/enhance/bulk-selection.ts)
 * read the same texts. Print and CSV are downloads that change nothing, so they ask nothing; assign asks whom, and
 * company which company.
 */
export const ASKED_BULK_ACTIONS = ['activate', 'deactivate', 'assign', 'company', 'delete'] as const;
export type AskedBulkAction = (typeof ASKED_BULK_ACTIONS)[number];

export interface BulkQuestion {
  /** "12 müşteri pasif yapılacak": the page's heading and the dialog's title. */
  heading: (count: number) => string;
  /** What happens to their pages, under the heading. */
  effect: string;
  /** The confirming button: "12 müşteriyi pasif yap" (the page puts "Evet, " before it). */
  button: (count: number) => string;
  /** "Pasif yapmak" in "… Pasif yapmak için yeniden onaylayın." */
  toDo: string;
}

export const bulkQuestions: Record<AskedBulkAction, BulkQuestion> = {
  activate: {
    heading: (n) => `${n} müşteri aktif yapılacak`,
    effect: 'Sayfaları yeniden açılır: adresleri ve QR kodları ziyaretçilere kartvizitlerini yeniden gösterir.',
    button: (n) => `${n} müşteriyi aktif yap`,
    toDo: 'Aktif yapmak',
  },
  deactivate: {
    heading: (n) => `${n} müşteri pasif yapılacak`,
    effect:
      'Sayfaları ziyaretçilere kapanır: adresleri ve QR kodları "Bu profil şu anda aktif değil" gösterir. ' +
      'Hiçbir şey silinmez; istediğiniz zaman yeniden aktif yapabilirsiniz.',
    button: (n) => `${n} müşteriyi pasif yap`,
    toDo: 'Pasif yapmak',
  },
  // The administrator is chosen in the question itself (the page's select, the dialog's).
  assign: {
    heading: (n) => `${n} müşterinin sorumlusu değişecek`,
    effect:
      'Seçtiğiniz yönetici bu müşterilerin sorumlusu olur; yalnızca atanan müşterilerini gören editörler onları ' +
      'listelerinde görür. Müşterilerin sayfaları değişmez.',
    button: (n) => `${n} müşterinin sorumlusunu değiştir`,
    toDo: 'Sorumluyu değiştirmek',
  },
  // The company is chosen in the question's page (the list's bar sends the selection there).
  company: {
    heading: (n) => `${n} müşterinin firması değişecek`,
    effect:
      'Seçtiğiniz firmaya katılırlar ve firmanın ekip sayfasında görünürler; "Firma yok" seçilirse bulundukları ' +
      'firmadan çıkarlar.',
    button: (n) => `${n} müşterinin firmasını değiştir`,
    toDo: 'Firmayı değiştirmek',
  },
  delete: {
    heading: (n) => `${n} müşteri silinecek`,
    effect:
      'Sayfaları, düzenleme bağlantıları, mesajları, istatistikleri ve yüklenen dosyaları kalıcı olarak ' +
      'silinir. Bu işlem geri alınamaz.',
    button: (n) => `${n} müşteriyi sil`,
    toDo: 'Silmek',
  },
};

export function isAskedBulkAction(action: string): action is AskedBulkAction {
  return (ASKED_BULK_ACTIONS as readonly string[]).includes(action);
}
