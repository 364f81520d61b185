import type { Knex } from 'knex';
import type { Config } from '../config.js';
import { NotFoundError, ValidationError } from '../errors.js';
import {
  newConfirmToken,
  newUnsubscribeNonce,
  tokenHash,
  UNSUBSCRIBE_KINDS,
  unsubscribeToken,
  type UnsubscribeKind,
} from '../domain/notification-tokens.js';
import { renderMail, type MailBrand } from '../presenters/mail-message.js';
import { confirmationMail, entriesMail, ENTRIES_LISTED } from '../presenters/notification-mails.js';
import {
  holdQueuers,
  queueMail,
  queueToCompose,
  type ClaimedMail,
  type ComposedMail,
  type MailOutboxRepository,
  type MailToCompose,
} from '../repositories/mail-outbox.repository.js';
import type {
  NotificationSettings,
  OwnerNotificationRepository,
} from '../repositories/owner-notification.repository.js';
import type { MaybeAsync } from '../repositories/prepared-query.js';
import type { NotificationForm } from '../validation/notification.validation.js';

/** An owner's notification settings as the settings page shows them. */
export type { NotificationSettings };

/** The confirmation link is good for 48 hours. */
export const CONFIRM_TTL_MS = 48 * 60 * 60_000;
/** At most one new-entries e-mail per 10 minutes for messages. */
export const ENTRIES_GAP_MS = 10 * 60_000;
/**
 * A lead (someone waiting for a call back) is e-mailed within a minute: its e-mail is due at once, or a minute after
 * the one before.
 */
export const LEAD_GAP_MS = 60_000;
/** A confirmation is sent again at most once a minute. */
export const RESEND_GAP_MS = 60_000;
/**
 * Confirmations one customer may have sent in an hour, whatever the addresses: the form must not
 * become a way to send the agency's e-mail to strangers' mailboxes.
 */
export const CONFIRMATIONS_PER_HOUR = 5;

export const notificationServiceMessages = {
  resendTooSoon: 'Onay e-postası az önce gönderildi. Bir dakika sonra yeniden deneyebilirsiniz.',
  tooManyConfirmations: 'Son bir saatte çok fazla onay e-postası gönderildi. Lütfen daha sonra yeniden deneyin.',
} as const;

/** What a save did, for the notice the owner sees. */
export type SaveOutcome = 'saved' | 'confirm-sent' | 'resent' | 'removed';

/** The customer a notification is about, as e-mails name and link it. */
export interface NotifiedPage {
  name: string;
  surname: string;
  editToken: string;
}

interface BrandSource {
  look(): Promise<MailBrand>;
}

/** The outbox's marker of a new-entries e-mail to be rendered when claimed (its composer: composeEntries). */
export const ENTRIES_COMPOSER = 'notify_entries';

/** The composer's claim was taken over by another instance: it renders nothing and sends nothing. */
class ClaimLost extends Error {}

/** The outbox's pending key of a customer's new-entries e-mail. */
const entriesKey = (customerId: number) => `entries:${customerId}`;

export function pageName(page: { name: string; surname: string }): string {
  return `${page.name} ${page.surname}`.trim();
}

/**
 * The owner's e-mail notifications (docs/product.md, Notifications): the address and its
 * confirmation, the unsubscribe links, and the new-entries e-mail: queued empty in the transaction
 * of the entry that caused it, rendered when the outbox worker claims it. The weekly summary is
 * services/weekly-summary.service.ts.
 */
export class OwnerNotificationService {
  constructor(
    private readonly db: Knex,
    private readonly repository: OwnerNotificationRepository,
    private readonly outbox: MailOutboxRepository,
    private readonly brands: BrandSource,
    private readonly config: Pick<Config, 'baseUrl' | 'sessionSecret'>,
    private readonly now: () => number,
  ) {}

  settings(customerId: number): Promise<NotificationSettings | null> {
    return this.repository.find(customerId);
  }

  /** Where links in e-mails start: BASE_URL, else the address the owner saved the form on. */
  private origin(settings: { siteOrigin: string }): string {
    return this.config.baseUrl ?? settings.siteOrigin;
  }

  unsubscribeUrl(settings: NotificationSettings, kind: UnsubscribeKind): string {
    const token = unsubscribeToken(this.config.sessionSecret, kind, settings.customerId, settings.unsubscribeNonce);
    return `${this.origin(settings)}/notifications/unsubscribe/${token}`;
  }

  private unsubscribeHashes(customerId: number, nonce: string): Record<UnsubscribeKind, string> {
    const entries = UNSUBSCRIBE_KINDS.map((kind) => [
      kind,
      tokenHash(unsubscribeToken(this.config.sessionSecret, kind, customerId, nonce)),
    ]);
    return Object.fromEntries(entries) as Record<UnsubscribeKind, string>;
  }

  /**
   * The form saved: a new address is confirmed first (its e-mail queued with the row), the same one keeps its state.
   */
  async save(
    customer: NotifiedPage & { id: number },
    form: NotificationForm,
    siteOrigin: string,
  ): Promise<SaveOutcome> {
    const now = this.now();
    if (form.email === null) {
      await this.repository.remove(customer.id);
      return 'removed';
    }
    const current = await this.repository.find(customer.id);
    const choices = { onMessage: form.onMessage, weekly: form.weekly, siteOrigin };
    if (current && current.email === form.email) {
      await this.onCurrentLink(customer, (trx) =>
        this.repository.saveChoices(trx, customer.id, choices, form.onMessage && !current.onMessage, now),
      );
      if (!form.resend || current.confirmedAt !== null) return 'saved';
      if (current.confirmSentAt !== null && now - current.confirmSentAt < RESEND_GAP_MS) {
        throw new ValidationError({ email: notificationServiceMessages.resendTooSoon });
      }
      await this.refuseTooManyConfirmations(customer.id, now);
      const token = newConfirmToken();
      const brand = await this.brands.look();
      await this.onCurrentLink(customer, async (trx) => {
        await this.repository.renewConfirmation(trx, customer.id, tokenHash(token), now + CONFIRM_TTL_MS, now);
        await this.queueConfirmation(trx, { ...current, ...choices }, customer, token, brand, now);
      });
      return 'resent';
    }
    await this.refuseTooManyConfirmations(customer.id, now);
    const token = newConfirmToken();
    const nonce = newUnsubscribeNonce();
    const brand = await this.brands.look();
    await this.onCurrentLink(customer, async (trx) => {
      await this.repository.saveAddress(
        trx,
        customer.id,
        {
          email: form.email as string,
          ...choices,
          confirmTokenHash: tokenHash(token),
          confirmExpiresAt: now + CONFIRM_TTL_MS,
          unsubscribeNonce: nonce,
          unsubscribeHashes: this.unsubscribeHashes(customer.id, nonce),
        },
        now,
      );
      const saved = await this.repository.find(customer.id, trx);
      if (saved) await this.queueConfirmation(trx, saved, customer, token, brand, now);
    });
    return 'confirm-sent';
  }

  /**
   * `work` in a transaction that first makes sure the link the owner's request came with is still the
   * page's edit link: a request loaded just before the administrator replaced it must not set an
   * address up after the replacement removed the old one (a 404, as the old link is now). On
   * PostgreSQL the customer's row is held until the end, so a replacement waits for `work`, and removes what it wrote.
   */
  private async onCurrentLink<T>(
    page: NotifiedPage & { id: number },
    work: (trx: Knex.Transaction) => Promise<T>,
  ): Promise<T> {
    return this.db.transaction(async (trx) => {
      if (!(await this.repository.editTokenIsStill(trx, page.id, page.editToken))) throw new NotFoundError();
      return work(trx);
    });
  }

  private async refuseTooManyConfirmations(customerId: number, now: number): Promise<void> {
    if ((await this.repository.confirmationsSince(customerId, now - 60 * 60_000)) >= CONFIRMATIONS_PER_HOUR) {
      throw new ValidationError({ email: notificationServiceMessages.tooManyConfirmations });
    }
  }

  /** Replaces a confirmation still waiting unsent (to an address just changed again): only the latest address hears. */
  private async queueConfirmation(
    trx: Knex.Transaction,
    settings: NotificationSettings,
    page: NotifiedPage & { id: number },
    token: string,
    brand: MailBrand,
    now: number,
  ): Promise<void> {
    const origin = this.origin(settings);
    const content = confirmationMail(
      pageName(page),
      `${origin}/notifications/confirm/${token}`,
      this.unsubscribeUrl(settings, 'all'),
    );
    const mail = renderMail(content, brand, origin);
    await queueMail(
      trx,
      {
        kind: 'notify_confirm',
        recipient: settings.email,
        ...mail,
        customerId: page.id,
        pendingKey: `confirm:${page.id}`,
      },
      new Date(now),
    );
  }

  /**
   * The confirmation link opened: 'confirmed'; 'already' when it confirmed the address before (a mail
   * scanner may open it before the owner does); 'expired'; 'unknown' for a made-up one or one of an
   * address changed since.
   */
  async confirm(token: string): Promise<'confirmed' | 'already' | 'expired' | 'unknown'> {
    const hash = tokenHash(token);
    if (await this.repository.confirm(hash, this.now())) return 'confirmed';
    const settings = await this.repository.findByConfirmHash(hash);
    if (!settings) return 'unknown';
    return settings.confirmedAt === null ? 'expired' : 'already';
  }

  /** Whose and which kind of e-mail an unsubscribe link is for, and whether that kind is off already; or null. */
  async unsubscribeTarget(
    token: string,
  ): Promise<{ customerId: number; kind: UnsubscribeKind; email: string; off: boolean } | null> {
    const found = await this.repository.findByUnsubscribeHash(tokenHash(token));
    if (!found) return null;
    const { settings, kind } = found;
    const off =
      kind === 'message'
        ? !settings.onMessage
        : kind === 'weekly'
          ? !settings.weekly
          : !settings.onMessage && !settings.weekly;
    return { customerId: settings.customerId, kind, email: settings.email, off };
  }

  /** Turns that kind of e-mail off; null for an unknown link. */
  async unsubscribe(token: string): Promise<UnsubscribeKind | null> {
    const target = await this.unsubscribeTarget(token);
    if (!target) return null;
    await this.repository.turnOff(target.customerId, target.kind, this.now());
    return target.kind;
  }

  /** Whether a new entry of this customer is e-mailed: new-message e-mails on, the address confirmed. */
  static hearsOfEntries(settings: NotificationSettings | null): boolean {
    return settings !== null && settings.onMessage && settings.confirmedAt !== null;
  }

  /** The new-entries e-mail as queueToCompose takes it, for a repository that queues it with its own insert. */
  entriesMail(customerId: number): MailToCompose {
    return {
      kind: 'notify_entries',
      compose: ENTRIES_COMPOSER,
      customerId,
      pendingKey: entriesKey(customerId),
      gapMs: ENTRIES_GAP_MS,
    };
  }

  /** hearsOfEntries read on its own, the cheap way: asked on every visitor's message and lead. */
  hearsOfEntriesOf(customerId: number): MaybeAsync<boolean> {
    return this.repository.hearsOfEntries(customerId);
  }

  /**
   * The outbox worker's composer of a claimed new-entries e-mail: lists the messages and counts the
   * leads since the last e-mail, with the brand and links of this moment, stores the rendered mail
   * on the row and moves the marks, in one transaction. Null, the row marked done, when there is
   * nothing to tell: no new entry, the choice turned off, the address changed and not confirmed.
   */
  async composeEntries(claimed: ClaimedMail, now: number): Promise<ComposedMail | null> {
    const customerId = claimed.customerId ?? 0;
    const brand = await this.brands.look();
    try {
      return await this.db.transaction(async (trx) => {
        // Every message or lead still being stored under this key is committed first (PostgreSQL).
        await holdQueuers(trx, entriesKey(customerId));
        const state = await this.repository.entriesState(trx, customerId);
        const messagesLastId = await this.repository.lastMessageId(trx, customerId);
        const leadsLastId = await this.repository.lastLeadId(trx, customerId);
        if (
          !state ||
          !OwnerNotificationService.hearsOfEntries(state) ||
          (messagesLastId <= state.messagesLastId && leadsLastId <= state.leadsLastId)
        ) {
          await this.outbox.markSkipped(trx, claimed, now);
          return null;
        }
        const { texts, total } = await this.repository.messagesBetween(
          trx,
          customerId,
          state.messagesLastId,
          messagesLastId,
          ENTRIES_LISTED,
        );
        const leads = await this.repository.leadsBetween(trx, customerId, state.leadsLastId, leadsLastId);
        const origin = this.origin(state);
        const content = entriesMail(
          pageName(state),
          texts,
          total,
          `${origin}/edit/${state.editToken}/messages`,
          this.unsubscribeUrl(state, 'message'),
          {
            count: leads,
            url: `${origin}/edit/${state.editToken}/leads`,
          },
        );
        const composed = { recipient: state.email, ...renderMail(content, brand, origin) };
        if (!(await this.outbox.storeComposed(trx, claimed, composed))) throw new ClaimLost();
        await this.repository.markEntries(trx, customerId, {
          entriesMailAt: now,
          messagesAfterId: state.messagesLastId,
          messagesLastId,
          leadsAfterId: state.leadsLastId,
          leadsLastId,
        });
        return composed;
      });
    } catch (err) {
      if (err instanceof ClaimLost) return null;
      throw err;
    }
  }

  /**
   * For contact exchange's leads (repositories/lead.repository.ts): whether the owner hears of them,
   * and in a lead's transaction, before the insert, the e-mail that will count it.
   */
  leadNotifier(): {
    hears(customerId: number): Promise<boolean>;
    before(trx: Knex.Transaction, customerId: number, now: number): Promise<(leadId: number) => Promise<void>>;
  } {
    return {
      hears: async (customerId) => this.hearsOfEntriesOf(customerId),
      before: async (trx, customerId, now) => {
        // First in the lead's transaction, before its insert: one new-entries e-mail waits for the owner
        // (nothing rendered here: composeEntries counts the leads when it is claimed), due within a
        // minute, one waiting for the messages' 10 minutes brought forward.
        await queueToCompose(trx, { ...this.entriesMail(customerId), gapMs: LEAD_GAP_MS, hurry: true }, new Date(now));
        // The e-mail counts the lead when it is composed: nothing is left to do after the insert.
        return async () => {};
      },
    };
  }
}
