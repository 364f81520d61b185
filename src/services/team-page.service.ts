import { publicAccentCss } from '../domain/public-accent.js';
import { styleHashOf } from '../http/inline-style.js';
import { presentTeamPage } from '../presenters/team-page.js';
import type { TeamCompany, TeamPageRepository } from '../repositories/team-page.repository.js';
import type { BrandLook } from './brand.service.js';
import { CachedPage, PageCache, type Encoding, type HeldPage } from './page-cache.js';
import type { RenderView } from './public-page.service.js';
import type { PageBody } from '../http/cached-page-response.js';
import { chooseLanguage, type LanguageChoice } from '../i18n/choice.js';
import { EXTRA_LANGUAGES, LANGUAGE_ENDONYMS, LANGUAGES, type Language } from '../i18n/languages.js';
import { translatorFor } from '../i18n/translator.js';

export type { TeamCompany };

/** The team pages held: one of 50 members is about 30,000 characters, so some 30 companies. */
export const TEAM_PAGE_CACHE_BYTES = 2 * 1024 * 1024;

/** The page has no form to stamp: a text no page holds stands in the cache's placeholder (as the price list's). */
const NO_STAMP = '<\u0000>';

/** The accent in the light theme, and in the dark one for a visitor whose system asks for it. */
function accentCss(accent: string | null): string {
  const light = publicAccentCss(accent, false);
  return light ? `${light}@media (prefers-color-scheme: dark){${publicAccentCss(accent, true)}}` : '';
}

/**
 * A company's public team page (`/{company slug}`, docs/product.md, Companies): rendered once per page version
 * (the company's version and its active members' cards, TeamPageRepository) and origin, then served from its own
 * cache, already compressed, by the full route and the fast path alike, as the profile is.
 */
export class TeamPageService {
  /** One cache per language (docs/product.md, Languages): Turkish keeps the whole budget, each other a quarter. */
  private readonly caches = new Map<Language, PageCache<TeamCompany>>(
    LANGUAGES.map((lang) => [
      lang,
      new PageCache<TeamCompany>(lang === 'tr' ? TEAM_PAGE_CACHE_BYTES : TEAM_PAGE_CACHE_BYTES / 4),
    ]),
  );

  constructor(
    private readonly pages: TeamPageRepository,
    private readonly renderView: RenderView,
    private readonly brand: { fresh(): Promise<BrandLook> },
    private readonly now: () => number,
    /** STORAGE_PUBLIC_URL: where the page links the photos and the logo; null keeps /uploads. */
    private readonly uploadsBase: string | null = null,
  ) {}

  /** The company of `slug`, with its page's version; null when there is none (or a customer holds the slug). */
  find(slug: string): Promise<TeamCompany | null> {
    return this.pages.findBySlug(slug);
  }

  /** The team page's language: `?dil=`, else the one of the five Accept-Language prefers, else Turkish. */
  choose(dil: unknown, acceptLanguage: string | undefined): LanguageChoice {
    return chooseLanguage(dil, acceptLanguage, EXTRA_LANGUAGES);
  }

  private async render(
    company: TeamCompany,
    origin: string,
    lang: Language,
  ): Promise<{ html: string; styleCss: string }> {
    const [members, brand] = await Promise.all([this.pages.members(company.id), this.brand.fresh()]);
    const translator = translatorFor(lang);
    const page = presentTeamPage(company, members, origin, this.uploadsBase, translator);
    const styleCss = accentCss(company.accent ?? brand.accentColor);
    const languages = LANGUAGES.map((code) => ({ lang: code, name: LANGUAGE_ENDONYMS[code] }));
    const html = await this.renderView('team', {
      page,
      brand,
      styleCss,
      t: translator.t.bind(translator),
      lang,
      dir: translator.dir,
      languages,
    });
    return { html, styleCss };
  }

  /** The page in a language from the cache while its version is unchanged. */
  async cached(
    company: TeamCompany,
    origin: string,
    encoding: Encoding,
    choice: LanguageChoice = { lang: 'tr', named: false },
  ): Promise<PageBody<CachedPage>> {
    const cache = this.cacheOf(choice.lang);
    let page = cache.get(company.id, company.version, origin);
    if (!page) {
      const rendered = await this.render(company, origin, choice.lang);
      const styleHash = styleHashOf(rendered.styleCss);
      page = new CachedPage(company.version, origin, rendered.html, NO_STAMP, styleHash, null, choice.lang);
      cache.set(company, page);
    }
    return { ...this.bodyOf(page, encoding), varyLanguage: !choice.named };
  }

  /**
   * The company a held page (of any language) was rendered for, by its slug: while the database is away that page is
   * still served as it was, as a profile's is (docs/product.md, Faults). Null when no page is held.
   */
  lastKnown(slug: string): TeamCompany | null {
    for (const lang of LANGUAGES) {
      const known = this.cacheOf(lang).lastKnown(slug);
      if (known) return known;
    }
    return null;
  }

  private cacheOf(lang: Language): PageCache<TeamCompany> {
    return this.caches.get(lang) as PageCache<TeamCompany>;
  }

  /** The page held for a slug in the request's language, whatever its version (the fast path checks it). */
  held(
    slug: string,
    dil?: string,
    acceptLanguage?: string,
  ): (HeldPage<TeamCompany> & { varyLanguage: boolean }) | null {
    const choice = this.choose(dil, acceptLanguage);
    const held = this.cacheOf(choice.lang).held(slug);
    return held ? { ...held, varyLanguage: !choice.named } : null;
  }

  /** This second's body of a page in the cache. */
  bodyOf(page: CachedPage, encoding: Encoding): PageBody<CachedPage> {
    const second = Math.floor(this.now() / 1000);
    const cache = this.cacheOf((page.lang as Language | undefined) ?? 'tr');
    return { page, body: cache.body(page, second, () => '', encoding), encoding, second };
  }
}
