import type { Request, RequestHandler, Response } from 'express';
import type { Config } from '../config.js';
import { NotFoundError, orFail, ValidationError } from '../errors.js';
import { allowInlineStyle } from '../http/inline-style.js';
import { loadedCustomer } from '../http/loaded-customer.js';
import { originOf } from '../http/urls.js';
import { languageQuery, pageLanguageOf } from '../http/page-language.js';
import { LEAD_STATUS_ID, typedLeadForm, type LeadFormState } from '../presenters/lead-form.js';
import type { FormTimer } from '../services/form-timer.js';
import type { LeadService } from '../services/lead.service.js';
import type { PublicPageService } from '../services/public-page.service.js';
import { parseLead } from '../validation/lead.validation.js';
import { formLanguage } from '../http/form-language.js';
import { translatorFor, type MessageKey } from '../i18n/translator.js';
import { visitorErrors } from '../validation/visitor-errors.js';

export const messages = {
  notFound: 'Aradığınız sayfa bulunamadı.',
} as const;

/** Why a form stamp was refused (services/form-timer.ts), in the visitor's words (the page's language). */
const refusalOf: Readonly<Record<'too-fast' | 'expired' | 'invalid', MessageKey>> = {
  'too-fast': 'forms.lead.tooFast',
  expired: 'forms.lead.stale',
  invalid: 'forms.lead.expired',
};

const EMPTY_MESSAGE_FORM = { value: '', error: null, sent: false } as const;

/**
 * The visitor's side of contact exchange (docs/product.md, Contact exchange): the form's post and the information text.
 */
export class LeadFormController {
  constructor(
    private readonly pages: PublicPageService,
    private readonly leads: LeadService,
    private readonly formTimer: FormTimer,
    private readonly config: Pick<Config, 'baseUrl'>,
    private readonly now: () => number,
  ) {}

  /**
   * The public page rendered for this response only, its contact form in `state`, with the stamp the form was sent with
   * when it still holds.
   */
  private async render(req: Request, res: Response, status: number, state: LeadFormState): Promise<void> {
    const stamp = this.formTimer.kept((req.body as Record<string, unknown> | undefined)?.form_started, this.now());
    const customer = loadedCustomer(req);
    const { lang } = pageLanguageOf(req, customer.languages);
    const page = await this.pages.fresh(
      customer,
      originOf(req, this.config.baseUrl),
      EMPTY_MESSAGE_FORM,
      state,
      stamp,
      lang,
    );
    res.setHeader('Content-Language', lang);
    allowInlineStyle(res, page.styleCss);
    res.status(status).type('html').send(page.html);
  }

  /** The thanks' address, in the language the form was sent from. */
  private thanks(req: Request, customer: ReturnType<typeof loadedCustomer>): string {
    const { lang } = pageLanguageOf(req, customer.languages);
    return `/${customer.slug}?lead=1${languageQuery(lang, false)}#${LEAD_STATUS_ID}`;
  }

  /** A refused form: the page again, with what was typed and why. */
  private refuse(
    req: Request,
    res: Response,
    status: number,
    errors: Record<string, string>,
    keepConsent = true,
  ): Promise<void> {
    const state = typedLeadForm((req.body ?? {}) as Record<string, unknown>, errors);
    return this.render(req, res, status, keepConsent ? state : { ...state, consent: false });
  }

  /** The per-address limit's answer (middleware/lead-throttle.ts). */
  tooMany = (req: Request, res: Response): Promise<void> =>
    this.refuse(req, res, 429, { _: translatorFor(formLanguage(req)).t('forms.lead.tooMany') });

  /**
   * `POST /{slug}/leads`: 303 to the thanks (`/{slug}?lead=1#lead-durum`) once the lead is committed; a form that is
   * off is a 404.
   */
  submit: RequestHandler = async (req, res) => {
    const customer = loadedCustomer(req);
    const lang = formLanguage(req);
    const translator = translatorFor(lang);
    const settings = await orFail(translator.t('forms.lead.failed'), () => this.leads.openFormOf(customer));
    if (!settings) throw new NotFoundError(messages.notFound);
    const body = req.body as Record<string, unknown>;
    let lead;
    try {
      lead = parseLead(body, settings.fields);
    } catch (err) {
      if (!(err instanceof ValidationError)) throw err;
      await this.refuse(req, res, 422, visitorErrors(err.fields, translator));
      return;
    }
    const timing = this.formTimer.check(body.form_started, this.now());
    if (timing !== 'ok') {
      await this.refuse(req, res, 422, { _: translator.t(refusalOf[timing]) });
      return;
    }
    // The hidden field only a bot fills: answered like a success, stored nowhere.
    if (typeof body.alan_bos === 'string' && body.alan_bos !== '') {
      res.redirect(303, this.thanks(req, customer));
      return;
    }
    const shownVersion = Number(body.notice_version);
    const result = await orFail(translator.t('forms.lead.failed'), () =>
      this.leads.submit(customer.id, lead, shownVersion),
    );
    if (result === 'closed') throw new NotFoundError(messages.notFound);
    if (result === 'notice-changed') {
      await this.refuse(req, res, 409, { _: translator.t('forms.lead.noticeChanged') }, false);
      return;
    }
    res.redirect(303, this.thanks(req, customer));
  };

  /** `GET /{slug}/aydinlatma`: the current information text of a form that is on; a 404 otherwise. */
  notice: RequestHandler = async (req, res) => {
    const customer = loadedCustomer(req);
    const lang = formLanguage(req);
    const translator = translatorFor(lang);
    const notice = await orFail(translator.t('forms.lead.failed'), () => this.leads.currentNotice(customer.id));
    if (!notice) throw new NotFoundError(messages.notFound);
    // The owner's notice stays as written (Turkish); the page's own words are in the language it was opened from.
    res.render('profile/notice', {
      title: translator.t('forms.lead.notice'),
      back: lang === 'tr' ? `/${customer.slug}` : `/${customer.slug}?dil=${lang}`,
      version: notice.version,
      t: translator.t.bind(translator),
      lang,
      dir: translator.dir,
      paragraphs: notice.text
        .split(/\n\s*\n|\n/)
        .map((line) => line.trim())
        .filter(Boolean),
    });
  };
}
