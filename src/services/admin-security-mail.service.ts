import type { Config } from '../config.js';
import { formatDateTime } from '../lib/dates.js';
import {
  passwordChangedMail,
  resetLinkMail,
  secondFactorOffMail,
  type PasswordChangeWay,
} from '../presenters/admin-security-mail.js';
import { invitationMail } from '../presenters/invitation-mail.js';
import { renderMail, type MailBrand, type MailContent } from '../presenters/mail-message.js';
import type { InTransaction } from '../repositories/administrator.repository.js';
import { queueMail } from '../repositories/mail-outbox.repository.js';

/** Who an administrator's security e-mail goes to: their address, as stored. */
export interface MailedAdministrator {
  email: string;
}

/**
 * The e-mails an administrator gets about their own account (docs/product.md, Administrator),
 * each queued in the transaction of the change it tells of, so it goes out exactly when that
 * change was made. Each method renders its mail first (the brand may need a query) and answers
 * the work to run inside that transaction: on SQLite the one connection is the transaction's,
 * and a query of the brand from inside it would wait for itself.
 *
 * Without e-mail set up (SMTP_URL, MAIL_FROM) or BASE_URL, nothing is queued: a link in an e-mail
 * is built from BASE_URL alone, never from a request's Host header, which whoever asks for a
 * reset link could point at another site.
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

  private async prepare(
    kind: string,
    to: MailedAdministrator,
    content: (brandName: string) => MailContent,
  ): Promise<InTransaction> {
    if (!this.enabled) return async () => {};
    const brand = await this.brand();
    const mail = renderMail(content(brand.name), brand, this.config.baseUrl ?? '');
    const queuedAt = new Date(this.now());
    return (trx) => queueMail(trx, { kind, recipient: to.email, ...mail }, queuedAt);
  }

  /** The reset link, whose `token` is in this e-mail and nowhere else (only its hash is stored). */
  resetLink(to: MailedAdministrator, token: string, lifetimeMinutes: number): Promise<InTransaction> {
    return this.prepare('password_reset', to, (brand) =>
      resetLinkMail(to.email, this.url(`/login/reset/${token}`), lifetimeMinutes, brand),
    );
  }

  /**
   * An invitation to the team (docs/product.md, Administrators and roles), whose `token` is in this e-mail and
   * nowhere else; `inviter` and `role` as the invitee reads them.
   */
  invitation(
    to: MailedAdministrator,
    inviter: string,
    role: string,
    token: string,
    days: number,
  ): Promise<InTransaction> {
    return this.prepare('invitation', to, (brand) =>
      invitationMail(to.email, inviter, role, this.url(`/admin/invite/${token}`), days, brand),
    );
  }

  passwordChanged(to: MailedAdministrator, way: PasswordChangeWay): Promise<InTransaction> {
    return this.prepare('security', to, (brand) =>
      passwordChangedMail(to.email, way, this.at(), this.url('/login'), brand),
    );
  }

  secondFactorOff(to: MailedAdministrator): Promise<InTransaction> {
    return this.prepare('security', to, (brand) => secondFactorOffMail(to.email, this.at(), this.url('/login'), brand));
  }
}
