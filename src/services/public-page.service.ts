import { publicAccentCss } from '../domain/public-accent.js';
import { styleHashOf } from '../http/inline-style.js';
import { presentProfile } from '../presenters/profile-page.js';
import { EMPTY_LEAD_FORM, presentLeadForm, type LeadFormState } from '../presenters/lead-form.js';
import type { LeadSettings } from '../repositories/lead-settings.repository.js';
import type { Customer } from '../repositories/customer.repository.js';
import { MESSAGE_MAX_LENGTH } from '../validation/message.validation.js';
import type { FormTimer } from './form-timer.js';
import { CachedPage, PageCache, type Encoding, type HeldPage, type LivePart } from './page-cache.js';
import { liveOpeningState } from './live-opening-state.js';
import type { ProfileService } from './profile.service.js';
import type { BrandLook } from './brand.service.js';
import { translatorFor } from '../i18n/translator.js';
import { LANGUAGE_ENDONYMS, type ExtraLanguage, type Language } from '../i18n/languages.js';
import { translateBundle, type OwnerTexts } from '../presenters/owner-texts.js';

/** Renders a view with its locals (app.render, as a promise). */
export type RenderView = (view: string, locals: Record<string, unknown>) => Promise<string>;

/** The owner's texts in another language (repositories/translation.repository.ts). */
export interface OwnerTextReads {
  textsOf(customerId: number, lang: ExtraLanguage): Promise<OwnerTexts>;
  companyTextsOf(companyId: number, lang: ExtraLanguage): Promise<OwnerTexts>;
}

const NO_TEXTS: OwnerTexts = new Map();

/** One language of the card as the head's alternates and the switcher link to it. */
export interface LanguageLink {
  lang: Language;
  /** The language in its own words. */
  name: string;
  href: string;
  current: boolean;
}

/** The card's languages, Turkish first; empty when the card has only Turkish (no switcher, no alternates). */
function languageLinks(customer: Customer, lang: Language): LanguageLink[] {
  if (customer.languages.length === 0) return [];
  return (['tr', ...customer.languages] as Language[]).map((code) => ({
    lang: code,
    name: LANGUAGE_ENDONYMS[code],
    href: `/${customer.slug}?dil=${code}`,
    current: code === lang,
  }));
}

/** The visitor's message form as the page shows it. */
export interface MessageFormState {
  value: string;
  error: string | null;
  sent: boolean;
}

/** A page rendered for one response, its form stamped; `styleCss` is its one inline style block. */
export interface RenderedPage {
  html: string;
  styleCss: string;
  /** What each response fills in at its moment (the opening hours' state), or null. */
  live: LivePart | null;
}

/** The cached page's body for this second, in the encoding asked for. */
export interface CachedBody {
  /** The page it is of (its style hash, its version): what a response's headers are made from. */
  page: CachedPage;
  body: Buffer;
  encoding: Encoding;
  /** The second the form stamp is of (part of the ETag). */
  second: number;
}

/** Stands in the rendered page where each response puts its own signed form stamp. */
const STAMP_PLACEHOLDER = '__VIZIT_FORM_STAMP__';

/** CSS that could not sit inside `<style>` unchanged after HTML escaping is dropped, not emitted. */
function isStyleSafe(css: string): boolean {
  return !/[&<>"']/.test(css);
}

/**
 * The public profile page as HTML: rendered once per customer version and origin, then served
 * from the cache, already compressed, with the message form's stamp filled in per second.
 */
export class PublicPageService {
  private readonly cache = new PageCache();

  constructor(
    private readonly profiles: ProfileService,
    private readonly renderView: RenderView,
    private readonly formTimer: FormTimer,
    private readonly now: () => number,
    /**
     * The agency brand in the footer, read afresh for every render: with several instances the brand's in-memory copy
     * may lag, the page must not.
     */
    private readonly brand: { fresh(): Promise<BrandLook> },
    /**
     * The contact-exchange form's settings (docs/product.md, Contact exchange); saving them raises the customer's
     * version.
     */
    private readonly leadForms: { openForm(customerId: number): Promise<LeadSettings | null> } = {
      openForm: async () => null,
    },
    /** STORAGE_PUBLIC_URL: where the page links uploaded images and videos; null keeps /uploads. */
    private readonly uploadsBase: string | null = null,
    /** The owner's texts in the page's language: one read per render, so once per version and language. */
    private readonly translations: OwnerTextReads = {
      textsOf: async () => NO_TEXTS,
      companyTextsOf: async () => NO_TEXTS,
    },
  ) {}

  /** The card's texts in `lang` (none for Turkish). */
  private ownTexts(customer: Customer, lang: Language): Promise<OwnerTexts> {
    return lang === 'tr' ? Promise.resolve(NO_TEXTS) : this.translations.textsOf(customer.id, lang);
  }

  /** A member's company's texts in `lang` (none for Turkish or without a company). */
  private companyTexts(companyId: number | null, lang: Language): Promise<OwnerTexts> {
    return lang === 'tr' || companyId === null
      ? Promise.resolve(NO_TEXTS)
      : this.translations.companyTextsOf(companyId, lang);
  }

  /** Renders the page with a placeholder for the form stamp: the same HTML serves every visitor. */
  private async render(
    customer: Customer,
    origin: string,
    form: MessageFormState,
    leadForm: LeadFormState = EMPTY_LEAD_FORM,
    lang: Language = 'tr',
  ): Promise<RenderedPage> {
    const translator = translatorFor(lang);
    const [turkish, brand, leadSettings, own] = await Promise.all([
      this.profiles.bundle(customer),
      this.brand.fresh(),
      this.leadForms.openForm(customer.id),
      this.ownTexts(customer, lang),
    ]);
    const company = await this.companyTexts(turkish.profile.template?.companyId ?? null, lang);
    const { bundle, marks, leadPrompt } = translateBundle(turkish, lang, own, company, leadSettings?.prompt ?? '');
    const page = presentProfile(bundle, origin, this.uploadsBase, translator);
    if (!isStyleSafe(page.styleCss)) page.styleCss = '';
    // The accent first, so the owner's own cover and background rules after it win.
    // A company member's page takes the company's accent in place of the agency's (docs/product.md, Companies).
    const accent = bundle.profile.template?.accent ?? brand.accentColor;
    page.styleCss = publicAccentCss(accent, page.dark) + page.styleCss;
    const lead = presentLeadForm(
      customer.slug,
      leadSettings && leadPrompt !== null ? { ...leadSettings, prompt: leadPrompt } : leadSettings,
      leadForm,
      translator,
    );
    const html = await this.renderView('profile/show', {
      page,
      brand,
      form: { ...form, max: MESSAGE_MAX_LENGTH, stamp: STAMP_PLACEHOLDER },
      lead,
      t: translator.t.bind(translator),
      lang,
      dir: translator.dir,
      languages: languageLinks(customer, lang),
      marks,
    });
    return { html, styleCss: page.styleCss, live: liveOpeningState(bundle.openingHours, translator) };
  }

  /**
   * A page for this response only, never cached: after a message was sent, or one refused with its
   * reason. `stamp`: the refused form's own (FormTimer.kept), else one of now; `lang` the page's language.
   */
  async fresh(
    customer: Customer,
    origin: string,
    form: MessageFormState,
    leadForm?: LeadFormState,
    stamp?: string | null,
    lang: Language = 'tr',
  ): Promise<RenderedPage> {
    const rendered = await this.render(customer, origin, form, leadForm, lang);
    // Every form on the page (the message and the contact form) carries the stamp.
    const html = rendered.html.replaceAll(STAMP_PLACEHOLDER, stamp ?? this.formTimer.stamp(this.now()));
    return {
      ...rendered,
      html: rendered.live ? html.replace(rendered.live.placeholder, rendered.live.htmlAt(this.now())) : html,
    };
  }

  /** The customer row of a page in the cache, for serving it while the database is away. */
  lastKnown(slug: string): Customer | null {
    return this.cache.lastKnown(slug);
  }

  /** The page held for a slug in a language, whatever its version (the caller checks it against the row it read). */
  held(slug: string, lang: Language = 'tr'): HeldPage | null {
    return this.cache.held(slug, lang);
  }

  /**
   * The page with an empty form, from the cache while the customer's version is unchanged.
   * The stamp is that of the current second, so the minimum fill time still holds (to within
   * a second) while one stamped page serves a whole burst.
   */
  async cached(customer: Customer, origin: string, encoding: Encoding, lang: Language = 'tr'): Promise<CachedBody> {
    let page = this.cache.get(customer.id, customer.version, origin, lang);
    if (!page) {
      const rendered = await this.render(
        customer,
        origin,
        { value: '', error: null, sent: false },
        EMPTY_LEAD_FORM,
        lang,
      );
      page = new CachedPage(
        customer.version,
        origin,
        rendered.html,
        STAMP_PLACEHOLDER,
        styleHashOf(rendered.styleCss),
        rendered.live,
        lang,
      );
      this.cache.set(customer, page, lang);
    }
    return this.bodyOf(page, encoding);
  }

  /** This second's body of a page already in the cache. */
  bodyOf(page: CachedPage, encoding: Encoding): CachedBody {
    const second = Math.floor(this.now() / 1000);
    const body = this.cache.body(page, second, () => this.formTimer.stamp(second * 1000), encoding);
    return { page, body, encoding, second };
  }
}
