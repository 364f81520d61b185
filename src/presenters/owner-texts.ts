import type { Language } from '../i18n/languages.js';
import type { ProfileBundle } from './profile-page.js';

/** The owner's texts in one language, by subject (`bio`, `link.12.label`, ...), as TranslationRepository reads them. */
export type OwnerTexts = ReadonlyMap<string, string>;

/** One part of the line under the name (the title or the business), marked when it stays Turkish. */
export interface RolePart {
  text: string;
  turkish: boolean;
}

/**
 * Which of the owner's texts a page in another language shows in Turkish, for `lang="tr"` on their elements
 * (docs/product.md, Languages). Nothing is marked on a Turkish page.
 */
export interface TurkishMarks {
  bio: boolean;
  /** The title and the business apart, when one of them stays Turkish; null, nothing to mark. */
  role: RolePart[] | null;
  /** The link ids (a company's negative) whose label stays Turkish. */
  links: ReadonlySet<number>;
  leadPrompt: boolean;
}

export const NO_MARKS: TurkishMarks = { bio: false, role: null, links: new Set(), leadPrompt: false };

/** A profile's texts in the page's language, and which stayed Turkish. */
export interface TranslatedBundle {
  bundle: ProfileBundle;
  marks: TurkishMarks;
  /** The contact-exchange prompt in the page's language, or null to keep the owner's (or the default). */
  leadPrompt: string | null;
}

/**
 * The bundle with the owner's texts in `lang`: the card's own translations, and a company member's company
 * translations for what the template gives (the business name while it is the template's, the company's links).
 * A text without a translation keeps its Turkish and is marked.
 */
export function translateBundle(
  bundle: ProfileBundle,
  lang: Language,
  own: OwnerTexts,
  company: OwnerTexts,
  ownPrompt: string,
): TranslatedBundle {
  const withLang = { ...bundle, lang };
  if (lang === 'tr') return { bundle: withLang, marks: NO_MARKS, leadPrompt: null };
  const { profile } = bundle;
  const templateCompany = profile.template?.values.company ?? null;
  const companyTexts = templateCompany !== null && profile.company === templateCompany ? company : own;
  const pick = (text: string | null, translated: string | undefined) =>
    text?.trim() ? { text: translated ?? text, turkish: translated === undefined } : null;
  const bio = pick(profile.bio, own.get('bio'));
  const title = pick(profile.title, own.get('title'));
  const business = pick(profile.company, companyTexts.get('company'));
  const links = new Set<number>();
  const socialLinks = bundle.socialLinks.map((link) => {
    if (!link.label.trim()) return link;
    const texts = link.id < 0 ? company : own;
    const label = texts.get(`link.${Math.abs(link.id)}.label`);
    if (label === undefined) links.add(link.id);
    return { ...link, label: label ?? link.label };
  });
  const prompt = pick(ownPrompt, own.get('lead.prompt'));
  const parts = [title, business].filter((part): part is RolePart => part !== null);
  return {
    bundle: {
      ...withLang,
      profile: {
        ...profile,
        bio: bio?.text ?? profile.bio,
        title: title?.text ?? null,
        company: business?.text ?? null,
      },
      socialLinks,
    },
    marks: {
      bio: bio?.turkish ?? false,
      role: parts.some((part) => part.turkish) ? parts : null,
      links,
      leadPrompt: prompt?.turkish ?? false,
    },
    leadPrompt: prompt?.text ?? null,
  };
}
