import type { Request, RequestHandler, Response } from 'express';
import type { Config } from '../config.js';
import { orFail, ValidationError } from '../errors.js';
import { allowInlineStyle, allowStyleHash, styleHashOf } from '../http/inline-style.js';
import { loadedCustomer } from '../http/loaded-customer.js';
import { wantsJson } from '../http/respond.js';
import { originOf } from '../http/urls.js';
import type { MessageRepository } from '../repositories/message.repository.js';
import type { FormTimer } from '../services/form-timer.js';
import { CachedPage, PageCache, type Encoding } from '../services/page-cache.js';
import { presentProfile } from '../presenters/profile-page.js';
import type { ProfileService } from '../services/profile.service.js';
import type { ViewRecorder } from '../services/view-recorder.js';
import { isCountableVisit } from '../http/visit-filter.js';
import { MESSAGE_MAX_LENGTH, parseMessage } from '../validation/message.validation.js';

export const messages = {
  sent: 'Mesajınız gönderildi',
  failed: 'Mesaj gönderilemedi',
  tooFast: 'Mesaj gönderilemedi. Lütfen birkaç saniye sonra tekrar deneyin.',
  expired: 'Mesaj gönderilemedi. Lütfen sayfayı yenileyip tekrar deneyin.',
  tooMany: 'Çok fazla mesaj gönderildi. Lütfen biraz sonra tekrar deneyin.',
} as const;

interface MessageFormState {
  value: string;
  error: string | null;
  sent: boolean;
}

/** Stands in the cached page where each response puts its own signed form stamp. */
const STAMP_PLACEHOLDER = '__VIZIT_FORM_STAMP__';

/** CSS that could not sit inside `<style>` unchanged after HTML escaping is dropped, not emitted. */
function isStyleSafe(css: string): boolean {
  return !/[&<>"']/.test(css);
}

export class ProfileController {
  private readonly cache = new PageCache();

  constructor(
    private readonly profiles: ProfileService,
    private readonly messageRepository: MessageRepository,
    private readonly views: ViewRecorder,
    private readonly formTimer: FormTimer,
    private readonly config: Pick<Config, 'baseUrl'>,
    private readonly now: () => number,
  ) {}

  /** Renders the page with a placeholder for the form stamp: the same HTML serves every visitor. */
  private async renderPage(req: Request, form: MessageFormState): Promise<{ html: string; styleCss: string }> {
    const bundle = await this.profiles.bundle(loadedCustomer(req));
    const page = presentProfile(bundle, originOf(req, this.config.baseUrl));
    if (!isStyleSafe(page.styleCss)) page.styleCss = '';
    const html = await new Promise<string>((resolve, reject) => {
      req.app.render('profile/show', { page, form: { ...form, max: MESSAGE_MAX_LENGTH, stamp: STAMP_PLACEHOLDER } }, (err, out) =>
        err ? reject(err) : resolve(out),
      );
    });
    return { html, styleCss: page.styleCss };
  }

  private send(res: Response, status: number, rendered: { html: string; styleCss: string }): void {
    allowInlineStyle(res, rendered.styleCss);
    res.status(status).type('html').send(rendered.html.replace(STAMP_PLACEHOLDER, this.formTimer.stamp(this.now())));
  }

  private async render(req: Request, res: Response, status: number, form: MessageFormState): Promise<void> {
    this.send(res, status, await this.renderPage(req, form));
  }

  /**
   * The public page: from the cache while the customer's version is unchanged, already
   * compressed. The form stamp is that of the current second, so the minimum fill time
   * still holds (to within a second) while one stamped page serves a whole burst.
   */
  show: RequestHandler = async (req, res) => {
    const customer = loadedCustomer(req);
    const countable = isCountableVisit(req);
    if (req.query.sent === '1') {
      await this.render(req, res, 200, { value: '', error: null, sent: true });
    } else {
      const origin = originOf(req, this.config.baseUrl);
      let page = this.cache.get(customer.id, customer.version, origin);
      if (!page) {
        const fresh = await this.renderPage(req, { value: '', error: null, sent: false });
        page = new CachedPage(customer.version, origin, fresh.html, STAMP_PLACEHOLDER, styleHashOf(fresh.styleCss));
        this.cache.set(customer.id, page);
      }
      const second = Math.floor(this.now() / 1000);
      const encoding = (req.acceptsEncodings('br', 'gzip', 'identity') || 'identity') as Encoding;
      const body = page.body(second, () => this.formTimer.stamp(second * 1000), encoding);
      allowStyleHash(res, page.styleHash);
      res.status(200).type('html').vary('Accept-Encoding');
      if (encoding !== 'identity') res.set('Content-Encoding', encoding);
      res.set('ETag', `W/"p${customer.id}-${customer.version}-${second}-${encoding}"`);
      res.send(body);
    }
    if (countable) this.views.record(customer.id, this.now());
  };

  /** A refused message: the visitor's text comes back with the reason. */
  private async refuse(req: Request, res: Response, status: number, error: string): Promise<void> {
    if (wantsJson(req)) {
      res.status(status).json({ ok: false, error });
      return;
    }
    const body = req.body as Record<string, unknown> | undefined;
    const value = typeof body?.message === 'string' ? body.message : '';
    await this.render(req, res, status, { value, error, sent: false });
  }

  tooManyMessages = (req: Request, res: Response): Promise<void> => this.refuse(req, res, 429, messages.tooMany);

  sendMessage: RequestHandler = async (req, res) => {
    const customer = loadedCustomer(req);
    const body = req.body as Record<string, unknown>;
    let text: string;
    try {
      text = parseMessage(body);
    } catch (err) {
      if (!(err instanceof ValidationError)) throw err;
      await this.refuse(req, res, 422, err.message);
      return;
    }
    const timing = this.formTimer.check(body.form_started, this.now());
    if (timing !== 'ok') {
      await this.refuse(req, res, 422, timing === 'too-fast' ? messages.tooFast : messages.expired);
      return;
    }
    // The hidden field only a bot fills: answered like a success, stored nowhere.
    const trapped = typeof body.alan_bos === 'string' && body.alan_bos !== '';
    if (!trapped) {
      await orFail(messages.failed, () => this.messageRepository.create(customer.id, text, this.now()));
    }
    if (wantsJson(req)) {
      res.status(201).json({ ok: true, message: messages.sent });
      return;
    }
    res.redirect(303, `/${customer.slug}?sent=1#mesaj`);
  };
}
