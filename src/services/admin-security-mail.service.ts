import type { Knex } from 'knex';
import type { Config } from '../config.js';
import { formatDateTime } from '../lib/dates.js';
import {
  passwordChangedMail,
  resetLinkMail,
  secondFactorOffMail,
  type PasswordChangeWay,
} from '../presenters/admin-security-mail.js';
import { renderMail, type MailBrand, type MailContent } from '../presenters/mail-message.js';
import { queueMail } from '../repositories/mail-outbox.repository.js';

/** Who an administrator's security e-mail goes to. */
export interface MailedAdministrator {
  id: number;
  email: string;
}

/**
 * The e-mails an administrator gets about their own account (docs/product.md, Administrator),
 * each queued in the transaction of the change it tells of, so it goes out exactly when that
 * change was made. Without e-mail set up (SMTP_URL, MAIL_FROM) or BASE_URL, nothing is queued:
 * a link in an e-mail is built from BASE_URL alone, never from a request's Host header, which
 * whoever asks for a reset link could point at another site.
 */
export class AdminSecurityMail {
  constructor(
    private readonly config: Pick<Config, 'mail' | 'baseUrl' | 'timeZone'>,
    private readonly brand: () => Promise<MailBrand>,
    private readonly now: () => number,
  ) {}

  /** Whether these e-mails can go out at all: "Şifremi unuttum" is offered only then. */
  get enabled(): boolean {
    return this.config.mail !== null && this.config.baseUrl !== null;
  }

  private url(path: string): string {
    return `${this.config.baseUrl ?? ''}${path}`;
  }

  private at(): string {
    return formatDateTime(this.now(), this.config.timeZone);
  }

  private async queue(trx: Knex.Transaction, kind: string, to: MailedAdministrator, content: (brandName: string) => MailContent): Promise<void> {
    if (!this.enabled) return;
    const brand = await this.brand();
    const mail = renderMail(content(brand.name), brand, this.config.baseUrl ?? '');
    await queueMail(trx, { kind, recipient: to.email, ...mail }, new Date(this.now()));
  }

  /** The reset link, whose `token` is in this e-mail and nowhere else (only its hash is stored). */
  resetLink(trx: Knex.Transaction, to: MailedAdministrator, token: string, lifetimeMinutes: number): Promise<void> {
    return this.queue(trx, 'password_reset', to, (brand) => resetLinkMail(to.email, this.url(`/login/reset/${token}`), lifetimeMinutes, brand));
  }

  passwordChanged(trx: Knex.Transaction, to: MailedAdministrator, way: PasswordChangeWay): Promise<void> {
    return this.queue(trx, 'security', to, (brand) => passwordChangedMail(to.email, way, this.at(), this.url('/login'), brand));
  }

  secondFactorOff(trx: Knex.Transaction, to: MailedAdministrator): Promise<void> {
    return this.queue(trx, 'security', to, (brand) => secondFactorOffMail(to.email, this.at(), this.url('/login'), brand));
  }
}
