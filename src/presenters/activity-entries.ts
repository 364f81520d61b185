import { EDIT_LINK_NOTIFICATIONS_RESET, type ActivityEntry } from '../domain/admin-activity.js';
import { formatDateTime } from '../lib/dates.js';
import { relativeTime } from '../lib/relative-time.js';

/** A role as the team page's change records it (services/activity-log.service.ts, roleChanged). */
const ROLE_TEXT: Record<string, string> = {
  sahip: 'Sahip',
  yonetici: 'Yönetici',
  editor: 'Editör',
  'editor-atanan': 'Editör (yalnızca atanan müşteriler)',
};

/** Who acted, named with their role then (the activity log names it; entries from before roles do not). */
const WHO_ROLE_TEXT: Record<string, string> = {
  ...ROLE_TEXT,
  'editor-atanan': 'Editör, yalnızca atananlar',
};

function whoOf(entry: ActivityEntry): string {
  const email = entry.adminEmail ?? messages.unknownWho;
  const role = entry.adminRole === null ? null : (WHO_ROLE_TEXT[entry.adminRole] ?? null);
  return role ? `${email} (${role})` : email;
}

export const messages = {
  unknownWho: 'Bilinmiyor',
  sign_in: 'Giriş yaptı',
  signInFailed: (account: string | null, step: string | null) =>
    account
      ? `Başarısız giriş: ${account}, ${step === 'code' ? 'doğrulama kodu hatalı' : 'şifre hatalı'}`
      : 'Başarısız giriş: yönetici olmayan bir e-posta adresi',
  sign_out: 'Çıkış yaptı',
  customer_created: 'Müşteri oluşturuldu',
  customersImported: (count: number) => `İçe aktarma: ${count} müşteri oluşturuldu`,
  customer_imported: 'Müşteri içe aktarmayla oluşturuldu',
  customer_edited: 'Müşteri bilgileri düzenlendi',
  // In words: the admin font has no arrow (a box was drawn in its place).
  slugChanged: (from: string, to: string) => `Adres değişti: /${from} yerine /${to}`,
  customer_activated: 'Müşteri aktif yapıldı',
  customer_deactivated: 'Müşteri pasif yapıldı',
  customer_deleted: 'Müşteri silindi',
  customersActivated: (count: number) => `Toplu işlem: ${count} müşteri aktif yapıldı`,
  customersDeactivated: (count: number) => `Toplu işlem: ${count} müşteri pasif yapıldı`,
  customersDeleted: (count: number) => `Toplu işlem: ${count} müşteri silindi`,
  /** The link from an import's or a bulk action's entry to its customers. */
  theirCustomers: 'Müşterileri gör',
  edit_link_replaced: 'Düzenleme bağlantısı yenilendi',
  editLinkReplacedWithNotifications: 'Düzenleme bağlantısı yenilendi; bildirim e-postaları kapatıldı',
  brand_changed: 'Marka ayarları değişti',
  brand_cleared: 'Marka ayarları temizlendi',
  second_factor_on: 'İki adımlı doğrulama açıldı',
  second_factor_off: 'İki adımlı doğrulama kapatıldı',
  second_factor_rule_on: 'Kural: her yönetici için iki adımlı doğrulama zorunlu',
  second_factor_rule_off: 'Kural kaldırıldı: iki adımlı doğrulama isteğe bağlı',
  recovery_codes_renewed: 'Kurtarma kodları yenilendi',
  password_changed: 'Şifre değiştirildi',
  password_reset: 'Şifre e-postadaki bağlantıyla yenilendi',
  customer_exported: 'Müşteri verileri dışa aktarıldı (ZIP)',
  customersCsv: (count: number | null) =>
    `Müşteri listesi indirildi (CSV, ${count === null ? 'tüm müşteriler' : `${count} müşteri`})`,
  printKit: {
    card: 'Kartvizit indirildi (PDF)',
    'card-bleed': 'Matbaa için kartvizit indirildi (PDF)',
    a6: 'Masa kartı indirildi (PDF)',
  } as Record<string, string>,
  printSheet: (count: number) => `Kartvizit sayfası indirildi (PDF, ${count} müşteri)`,
  priceListImported: (count: number) => `Fiyat listesi içe aktarıldı: ${count} ürün`,
  forbiddenAttempt: (method: string | null, path: string | null) =>
    `Yetkisiz işlem denemesi: ${method ?? ''} ${path ?? ''}`.trim(),
  roleChanged: (email: string | null, role: string | null) =>
    `Yönetici rolü değişti: ${email ?? ''}, ${ROLE_TEXT[role ?? ''] ?? role ?? ''}`,
  adminDeactivated: (email: string | null) => `Yönetici pasifleştirildi: ${email ?? ''}`,
  adminActivated: (email: string | null) => `Yönetici etkinleştirildi: ${email ?? ''}`,
  adminInvited: (email: string | null, role: string | null) =>
    `Yönetici davet edildi: ${email ?? ''}, ${ROLE_TEXT[role ?? ''] ?? role ?? ''}`,
  invitationRevoked: (email: string | null) => `Davet geri alındı: ${email ?? ''}`,
  admin_invitation_accepted: 'Daveti kabul edip ekibe katıldı',
  assigneeChanged: (email: string | null) => (email ? `Sorumlu atandı: ${email}` : 'Sorumlu kaldırıldı'),
  customersAssigned: (count: number, email: string | null) =>
    email ? `${count} müşteriye sorumlu atandı: ${email}` : `${count} müşterinin sorumlusu kaldırıldı`,
  companyCreated: (slug: string | null) => `Firma oluşturuldu: /${slug ?? ''}`,
  companyTemplateSaved: (name: string | null) => `Firma şablonu güncellendi: ${name ?? ''}`,
  cardCodesCreated: (count: number, label: string | null) =>
    `${count} kart kodu oluşturuldu${label ? `: ${label}` : ''}`,
  cardCodeAssigned: (code: string | null) => `Kart kodu ${code ?? ''} bu müşteriye bağlandı`,
  cardCodeUnassigned: (code: string | null) => `Kart kodu ${code ?? ''} bu müşteriden ayrıldı`,
  companyMembersAdded: (count: number, slug: string | null) => `${count} müşteri firmaya eklendi: /${slug ?? ''}`,
  companyMembersRemoved: (count: number, slug: string | null) =>
    `${count} müşteri firmadan çıkarıldı${slug ? `: /${slug}` : ''}`,
  customerCompanyChanged: (slug: string | null) => (slug ? `Firmaya eklendi: /${slug}` : 'Firmadan çıkarıldı'),
} as const;

/** What an entry says happened, in Turkish. */
export function activityText(entry: ActivityEntry): string {
  switch (entry.action) {
    case 'sign_in_failed':
      return messages.signInFailed(entry.to, entry.from);
    case 'customers_imported':
      return messages.customersImported(entry.count ?? 0);
    case 'customers_activated':
      return messages.customersActivated(entry.count ?? 0);
    case 'customers_deactivated':
      return messages.customersDeactivated(entry.count ?? 0);
    case 'customers_deleted':
      return messages.customersDeleted(entry.count ?? 0);
    case 'slug_changed':
      return messages.slugChanged(entry.from ?? '', entry.to ?? '');
    case 'customers_csv_exported':
      return messages.customersCsv(entry.count);
    case 'print_kit_downloaded':
      return messages.printKit[entry.to ?? ''] ?? messages.printKit.card ?? '';
    case 'print_sheet_downloaded':
      return messages.printSheet(entry.count ?? 0);
    case 'edit_link_replaced':
      return entry.to === EDIT_LINK_NOTIFICATIONS_RESET
        ? messages.editLinkReplacedWithNotifications
        : messages.edit_link_replaced;
    case 'price_list_imported':
      return messages.priceListImported(entry.count ?? 0);
    case 'forbidden_attempt':
      return messages.forbiddenAttempt(entry.from, entry.to);
    case 'admin_role_changed':
      return messages.roleChanged(entry.from, entry.to);
    case 'admin_deactivated':
      return messages.adminDeactivated(entry.from);
    case 'admin_activated':
      return messages.adminActivated(entry.from);
    case 'admin_invited':
      return messages.adminInvited(entry.from, entry.to);
    case 'admin_invitation_revoked':
      return messages.invitationRevoked(entry.from);
    case 'customer_assignee_changed':
      return messages.assigneeChanged(entry.to);
    case 'customers_assigned':
      return messages.customersAssigned(entry.count ?? 0, entry.to);
    case 'company_created':
      return messages.companyCreated(entry.to);
    case 'company_template_saved':
      return messages.companyTemplateSaved(entry.to);
    case 'company_members_added':
      return messages.companyMembersAdded(entry.count ?? 0, entry.to);
    case 'company_members_removed':
      return messages.companyMembersRemoved(entry.count ?? 0, entry.to);
    case 'customer_company_changed':
      return messages.customerCompanyChanged(entry.to);
    case 'card_codes_created':
      return messages.cardCodesCreated(entry.count ?? 0, entry.to);
    case 'card_code_assigned':
      return messages.cardCodeAssigned(entry.from);
    case 'card_code_unassigned':
      return messages.cardCodeUnassigned(entry.from);
    default:
      return messages[entry.action];
  }
}

export interface ActivityItem {
  id: number;
  text: string;
  who: string;
  relative: string;
  absolute: string;
  iso: string;
  /** As named at the time; linked while the customer is still there. */
  customer: { name: string; slug: string; href: string | null } | null;
  /** Where an import's or a bulk action's customers are listed. */
  customers: { text: string; href: string } | null;
}

/** An import's result page (its id kept in the entry), or a bulk action's own page; none for entries from before. */
export function customersHref(entry: ActivityEntry): string | null {
  if (entry.action === 'customers_imported') return entry.to ? `/admin/import/${encodeURIComponent(entry.to)}` : null;
  if (
    entry.action === 'customers_activated' ||
    entry.action === 'customers_deactivated' ||
    entry.action === 'customers_assigned' ||
    entry.action === 'company_members_added' ||
    entry.action === 'company_members_removed' ||
    entry.action === 'customers_deleted'
  )
    return `/admin/activity/${entry.id}`;
  return null;
}

/** The list the log page and the customer page show. */
export function activityView(entries: readonly ActivityEntry[], now: number, timeZone: string): ActivityItem[] {
  return entries.map((e) => ({
    id: e.id,
    text: activityText(e),
    who: whoOf(e),
    relative: relativeTime(e.createdAt, now, timeZone),
    absolute: formatDateTime(e.createdAt, timeZone),
    iso: new Date(e.createdAt).toISOString(),
    customer:
      e.customerId === null
        ? null
        : {
            name: e.customerName ?? '',
            slug: e.customerSlug ?? '',
            href: e.customerLive ? `/admin/customers/${e.customerId}` : null,
          },
    customers: linkTo(customersHref(e)),
  }));
}

function linkTo(href: string | null): ActivityItem['customers'] {
  return href ? { text: messages.theirCustomers, href } : null;
}
