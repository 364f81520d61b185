import type { Request, RequestHandler, Response } from 'express';
import type { Config } from '../config.js';
import { orFail, ValidationError } from '../errors.js';
import type { CachedPageResponder } from '../http/cached-page-response.js';
import { allowInlineStyle } from '../http/inline-style.js';
import { loadedCustomer } from '../http/loaded-customer.js';
import { wantsJson } from '../http/respond.js';
import { originOf } from '../http/urls.js';
import { languageQuery, pageLanguageOf, variesByLanguage } from '../http/page-language.js';
import type { MessageService } from '../services/message.service.js';
import { EMPTY_LEAD_FORM, type LeadFormState } from '../presenters/lead-form.js';
import type { FormTimer } from '../services/form-timer.js';
import type { MessageFormState, PublicPageService } from '../services/public-page.service.js';
import type { ViewAllowance } from '../services/view-allowance.js';
import type { ViewRecorder } from '../services/view-recorder.js';
import { isCountableVisit } from '../http/visit-filter.js';
import { visitSourceOf } from '../http/visit-source.js';
import { parseMessage } from '../validation/message.validation.js';
import { formLanguage } from '../http/form-language.js';
import { translatorFor, type MessageKey } from '../i18n/translator.js';
import { visitorError } from '../validation/visitor-errors.js';

/** Why a form stamp was refused (services/form-timer.ts), in the visitor's words (the page's language). */
const refusalOf: Readonly<Record<'too-fast' | 'expired' | 'invalid', MessageKey>> = {
  'too-fast': 'forms.message.tooFast',
  expired: 'forms.message.stale',
  invalid: 'forms.message.expired',
};

export class ProfileController {
  constructor(
    private readonly pages: PublicPageService,
    private readonly messageService: MessageService,
    private readonly views: ViewRecorder,
    private readonly viewAllowance: ViewAllowance,
    private readonly formTimer: FormTimer,
    private readonly config: Pick<Config, 'baseUrl'>,
    private readonly now: () => number,
    private readonly responder: CachedPageResponder,
  ) {}

  /** A page rendered for this response only (after sending, or with a refused message). */
  private async render(
    req: Request,
    res: Response,
    status: number,
    form: MessageFormState,
    leadForm?: LeadFormState,
    stamp?: string | null,
  ): Promise<void> {
    const customer = loadedCustomer(req);
    const { lang } = pageLanguageOf(req, customer.languages);
    const page = await this.pages.fresh(customer, originOf(req, this.config.baseUrl), form, leadForm, stamp, lang);
    res.setHeader('Content-Language', lang);
    allowInlineStyle(res, page.styleCss);
    res.status(status).type('html').send(page.html);
  }

  /** The public page: from the cache while the customer's version is unchanged, already compressed. */
  show: RequestHandler = async (req, res) => {
    const customer = loadedCustomer(req);
    const countable = isCountableVisit(req);
    if (req.query.sent === '1') {
      await this.render(req, res, 200, { value: '', error: null, sent: true });
    } else if (req.query.lead === '1') {
      // After a contact form was sent (controllers/lead-form.controller.ts): thanks and the vCard, never cached.
      await this.render(req, res, 200, { value: '', error: null, sent: false }, { ...EMPTY_LEAD_FORM, sent: true });
    } else {
      const choice = pageLanguageOf(req, customer.languages);
      const cached = await this.pages.cached(
        customer,
        originOf(req, this.config.baseUrl),
        this.responder.encodingOf(req),
        choice.lang,
      );
      this.responder.send(req, res, customer.id, cached, variesByLanguage(choice, customer.languages));
    }
    // The page is the same for every visitor and every `?k=`: only the counter learns where the view came from.
    if (!countable) return;
    const at = this.now();
    if (this.viewAllowance.counts(req.ip, customer.id, at))
      this.views.record(customer.id, at, visitSourceOf(req, this.config.baseUrl));
  };

  /** A refused message: the visitor's text comes back with the reason. */
  private async refuse(req: Request, res: Response, status: number, error: string): Promise<void> {
    if (wantsJson(req)) {
      res.status(status).json({ ok: false, error });
      return;
    }
    const body = req.body as Record<string, unknown> | undefined;
    const value = typeof body?.message === 'string' ? body.message : '';
    await this.render(
      req,
      res,
      status,
      { value, error, sent: false },
      undefined,
      this.formTimer.kept(body?.form_started, this.now()),
    );
  }

  tooManyMessages = (req: Request, res: Response): Promise<void> =>
    this.refuse(req, res, 429, translatorFor(formLanguage(req)).t('forms.message.tooMany'));

  sendMessage: RequestHandler = async (req, res) => {
    const customer = loadedCustomer(req);
    const body = req.body as Record<string, unknown>;
    const lang = formLanguage(req);
    const translator = translatorFor(lang);
    let text: string;
    try {
      text = parseMessage(body);
    } catch (err) {
      if (!(err instanceof ValidationError)) throw err;
      await this.refuse(req, res, 422, visitorError(err.message, translator));
      return;
    }
    const timing = this.formTimer.check(body.form_started, this.now());
    if (timing !== 'ok') {
      await this.refuse(req, res, 422, translator.t(refusalOf[timing]));
      return;
    }
    // The hidden field only a bot fills: answered like a success, stored nowhere.
    const trapped = typeof body.alan_bos === 'string' && body.alan_bos !== '';
    if (!trapped) {
      await orFail(translator.t('forms.message.failed'), () => this.messageService.send(customer.id, text, this.now()));
    }
    if (wantsJson(req)) {
      res.status(201).json({ ok: true, message: translator.t('forms.message.sent') });
      return;
    }
    res.redirect(303, `/${customer.slug}?sent=1${languageQuery(lang, false)}#mesaj`);
  };
}
