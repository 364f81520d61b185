/**
 * The KVKK information text (aydınlatma metni) a contact-exchange form starts from
 * (docs/product.md, Contact exchange). The owner may edit it; each saved change is a new version,
 * and every lead keeps the version its visitor was shown.
 */

export const LEAD_RETENTION_MONTHS = [3, 6, 12] as const;
export type LeadRetentionMonths = (typeof LEAD_RETENTION_MONTHS)[number];
export const DEFAULT_LEAD_RETENTION: LeadRetentionMonths = 12;

/** The longest text each field takes, in characters (the table's columns hold them). */
export const LEAD_LIMITS = { name: 100, note: 500, prompt: 200, notice: 5000 } as const;

export interface NoticeOwner {
  /** The business as the card names it (company, else the person). */
  business: string;
  /** Where a request under KVKK article 11 goes, when the card has an e-mail or a phone (written as people read it). */
  contact: { email: string } | { phone: string } | null;
}

/** The template with the business's name and the chosen retention period filled in. */
export function noticeTemplate(owner: NoticeOwner, retentionMonths: LeadRetentionMonths): string {
  const contact = owner.contact;
  const reach = !contact
    ? ' bu sayfadaki iletişim bilgilerinden'
    : 'email' in contact
      ? ` ${contact.email} adresinden`
      : ` ${contact.phone} numarasından`;
  return [
    'Kişisel Verilerin Korunması Kanunu Kapsamında Aydınlatma Metni',
    '',
    `Veri sorumlusu: ${owner.business}.`,
    '',
    'İşlenen veriler: Bu formda bıraktığınız ad soyad, telefon numarası, e-posta adresi ve notunuz ile ' +
      'onayınızın zamanı.',
    '',
    `Amaç: Talebiniz üzerine sizinle iletişime geçmek. Verileriniz başka bir amaçla kullanılmaz, pazarlama ` +
      `listesine eklenmez ve üçüncü kişilerle paylaşılmaz.`,
    '',
    'Hukuki sebep: 6698 sayılı Kanun’un 5. maddesinin 1. fıkrası uyarınca açık rızanız. Açık rızanızı ' +
      'dilediğiniz zaman geri alabilirsiniz.',
    '',
    `Saklama süresi: Verileriniz ${retentionMonths} ay saklanır ve bu sürenin sonunda kendiliğinden silinir.`,
    '',
    `Haklarınız: Kanun’un 11. maddesi uyarınca verilerinizin işlenip işlenmediğini öğrenme, bilgi isteme, ` +
      `düzeltilmesini veya silinmesini isteme, itiraz etme ve zararın giderilmesini talep etme haklarına ` +
      `sahipsiniz. Başvurularınızı${reach} iletebilirsiniz.`,
  ].join('\n');
}
