import { publicAccentCss } from '../domain/public-accent.js';
import { styleHashOf } from '../http/inline-style.js';
import { presentTeamPage } from '../presenters/team-page.js';
import type { TeamCompany, TeamPageRepository } from '../repositories/team-page.repository.js';
import type { BrandLook } from './brand.service.js';
import { CachedPage, PageCache, type Encoding, type HeldPage } from './page-cache.js';
import type { RenderView } from './public-page.service.js';
import type { PageBody } from '../http/cached-page-response.js';

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
  private readonly cache = new PageCache<TeamCompany>(TEAM_PAGE_CACHE_BYTES);

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

  private async render(company: TeamCompany, origin: string): Promise<{ html: string; styleCss: string }> {
    const [members, brand] = await Promise.all([this.pages.members(company.id), this.brand.fresh()]);
    const page = presentTeamPage(company, members, origin, this.uploadsBase);
    const styleCss = accentCss(company.accent ?? brand.accentColor);
    const html = await this.renderView('team', { page, brand, styleCss });
    return { html, styleCss };
  }

  /** The page from the cache while its version is unchanged. */
  async cached(company: TeamCompany, origin: string, encoding: Encoding): Promise<PageBody<CachedPage>> {
    let page = this.cache.get(company.id, company.version, origin);
    if (!page) {
      const rendered = await this.render(company, origin);
      page = new CachedPage(company.version, origin, rendered.html, NO_STAMP, styleHashOf(rendered.styleCss));
      this.cache.set(company, page);
    }
    return this.bodyOf(page, encoding);
  }

  /**
   * The company a held page was rendered for, by its slug: while the database is away that page is still served as it
   * was, as a profile's is (docs/product.md, Faults). Null when no page is held.
   */
  lastKnown(slug: string): TeamCompany | null {
    return this.cache.lastKnown(slug);
  }

  /** The page held for a slug, whatever its version (the fast path checks it against the state it reads). */
  held(slug: string): HeldPage<TeamCompany> | null {
    return this.cache.held(slug);
  }

  /** This second's body of a page in the cache. */
  bodyOf(page: CachedPage, encoding: Encoding): PageBody<CachedPage> {
    const second = Math.floor(this.now() / 1000);
    return { page, body: this.cache.body(page, second, () => '', encoding), encoding, second };
  }
}
