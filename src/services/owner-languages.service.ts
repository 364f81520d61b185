import type { Customer } from '../repositories/customer.repository.js';
import type { LeadSettings } from '../repositories/lead-settings.repository.js';
import type { PriceListContent } from '../repositories/price-list-read.repository.js';
import type { Profile, SocialLink } from '../repositories/profile.repository.js';
import type { Translation, TranslationRepository, TranslationWrite } from '../repositories/translation.repository.js';
import type { ExtraLanguage } from '../i18n/languages.js';
import type { TextKind, TranslatableText } from '../validation/translation.validation.js';

/** One text of the card as the "Diller" page lists it: its Turkish beside a field per chosen language. */
export interface SheetText extends TranslatableText {
  /** What the owner calls it: `Unvan`, the link's label, ... */
  name: string;
  turkish: string;
}

/** A section of the page: the profile, the links, the contact form, one price list category. */
export interface SheetGroup {
  heading: string;
  texts: SheetText[];
}

/** What the owner's texts are read from. */
export interface OwnerTextSources {
  ownProfile(customerId: number): Promise<Profile | null>;
  ownLinks(customerId: number): Promise<SocialLink[]>;
  leadSettings(customerId: number): Promise<LeadSettings | null>;
  priceList(customerId: number): Promise<PriceListContent>;
}

function text(subject: string, field: string, kind: TextKind, name: string, turkish: string | null): SheetText[] {
  const value = (turkish ?? '').trim();
  return value === '' ? [] : [{ subject, field, kind, name, turkish: value }];
}

/**
 * The owner's "Diller" (docs/product.md, Languages): the card's languages, every Turkish text of the card that can
 * be translated (an empty one is not listed), and how many of them lack a translation.
 */
export class OwnerLanguagesService {
  constructor(
    private readonly sources: OwnerTextSources,
    private readonly translations: Pick<TranslationRepository, 'setLanguages' | 'allOf' | 'save'>,
  ) {}

  async groups(customerId: number): Promise<SheetGroup[]> {
    const [profile, links, lead, priceList] = await Promise.all([
      this.sources.ownProfile(customerId),
      this.sources.ownLinks(customerId),
      this.sources.leadSettings(customerId),
      this.sources.priceList(customerId),
    ]);
    const groups: SheetGroup[] = [
      {
        heading: 'Profil',
        texts: [
          ...text('title', 'title', 'title', 'Unvan', profile?.title ?? null),
          ...text('company', 'company', 'company', 'İşletme adı', profile?.company ?? null),
          ...text('bio', 'bio', 'bio', 'Hakkında', profile?.bio ?? null),
        ],
      },
      {
        heading: 'Bağlantılar',
        texts: links.flatMap((l) => text(`link.${l.id}.label`, `label_${l.id}`, 'label', 'Bağlantı adı', l.label)),
      },
      {
        heading: 'İletişim formu',
        texts: lead?.enabled ? text('lead.prompt', 'prompt', 'prompt', 'Davet metni', lead.prompt) : [],
      },
      ...priceList.sections.map((section) => ({
        heading: `Fiyat listesi: ${section.name}`,
        texts: [
          ...text(`price_category.${section.id}.name`, `category_${section.id}`, 'category', 'Kategori', section.name),
          ...section.items.flatMap((item) => [
            ...text(`price_item.${item.id}.name`, `name_${item.id}`, 'name', 'Ürün', item.name),
            ...text(
              `price_item.${item.id}.description`,
              `description_${item.id}`,
              'description',
              `Açıklama: ${item.name}`,
              item.description,
            ),
          ]),
        ],
      })),
    ];
    return groups.filter((group) => group.texts.length > 0);
  }

  /** How many listed texts lack a translation, per chosen language, in the card's order. */
  async missing(customer: Customer): Promise<Array<{ lang: ExtraLanguage; count: number }>> {
    if (customer.languages.length === 0) return [];
    const texts = (await this.groups(customer.id)).flatMap((g) => g.texts);
    return missingCounts(texts, await this.translations.allOf(customer.id), customer.languages);
  }

  setLanguages(customerId: number, languages: readonly ExtraLanguage[]): Promise<void> {
    return this.translations.setLanguages(customerId, languages);
  }

  save(customerId: number, writes: readonly TranslationWrite[]): Promise<void> {
    return this.translations.save(customerId, writes);
  }

  allOf(customerId: number): Promise<Translation[]> {
    return this.translations.allOf(customerId);
  }
}

/** Per language, the texts with no saved translation. */
export function missingCounts(
  texts: readonly SheetText[],
  saved: readonly Translation[],
  languages: readonly ExtraLanguage[],
): Array<{ lang: ExtraLanguage; count: number }> {
  const done = new Set(saved.map((row) => `${row.lang}:${row.subject}`));
  return languages.map((lang) => ({ lang, count: texts.filter((t) => !done.has(`${lang}:${t.subject}`)).length }));
}
