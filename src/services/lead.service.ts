import { DEFAULT_LEAD_RETENTION, LEAD_RETENTION_MONTHS, noticeTemplate } from '../domain/lead-notice.js';
import { displayPhone } from '../domain/phone-display.js';
import { dayKey } from '../lib/calendar.js';
import type { Customer } from '../repositories/customer.repository.js';
import type { Lead, LeadRefusal, LeadRepository, NewLead } from '../repositories/lead.repository.js';
import type {
  LeadSettings,
  LeadSettingsInput,
  LeadSettingsRepository,
} from '../repositories/lead-settings.repository.js';
import type { ProfileRepository } from '../repositories/profile.repository.js';

/** Customers whose form settings are kept in memory (openFormOf). */
const OPEN_FORMS_KEPT = 500;

/** The settings as the owner's form shows them: a notice is always there, the template until one was saved. */
export type LeadSettingsView = LeadSettings & { notice: string };

/** The month `months` before `at`, same day and time (clamped to the month's last day), in UTC. */
export function monthsBefore(at: number, months: number): number {
  const date = new Date(at);
  const day = date.getUTCDate();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() - months);
  const lastDay = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(day, lastDay));
  return date.getTime();
}

/** Contact exchange (docs/product.md, Contact exchange): the owner's settings, the visitor's leads, their retention. */
export class LeadService {
  private readonly openForms = new Map<number, { version: number; settings: LeadSettings | null }>();

  constructor(
    private readonly leads: LeadRepository,
    private readonly settings: LeadSettingsRepository,
    private readonly profiles: ProfileRepository,
    private readonly timeZone: string,
    private readonly now: () => number,
    /** Leads per day for the statistics, written in batches. */
    private readonly dayCounts: { add(customerId: number, day: string): void } = { add: () => {} },
  ) {}

  /** The KVKK template with the business's name and the e-mail (else phone) of the card filled in. */
  async template(customer: Customer, retentionMonths = DEFAULT_LEAD_RETENTION): Promise<string> {
    const profile = await this.profiles.findProfile(customer.id);
    const person = `${customer.name} ${customer.surname}`.trim();
    const business = profile?.company ? `${profile.company} (${person})` : person;
    const contact = profile?.email
      ? { email: profile.email }
      : profile?.phone
        ? { phone: displayPhone(profile.phone) }
        : null;
    return noticeTemplate({ business, contact }, retentionMonths);
  }

  /** The owner's form: what was saved, or off with every field and the template. */
  async settingsFor(customer: Customer): Promise<LeadSettingsView> {
    const saved = await this.settings.find(customer.id);
    if (saved?.notice) return { ...saved, notice: saved.notice };
    return {
      enabled: saved?.enabled ?? false,
      fields: saved?.fields ?? { phone: true, email: true, note: true },
      prompt: saved?.prompt ?? '',
      noticeVersion: saved?.noticeVersion ?? 0,
      retentionMonths: saved?.retentionMonths ?? DEFAULT_LEAD_RETENTION,
      notice: await this.template(customer, saved?.retentionMonths),
    };
  }

  saveSettings(customerId: number, input: LeadSettingsInput): Promise<LeadSettings> {
    return this.settings.save(customerId, input, this.now());
  }

  /** The settings of a form the public page shows; null while it is off. */
  async openForm(customerId: number): Promise<LeadSettings | null> {
    const saved = await this.settings.find(customerId);
    return saved?.enabled && saved.notice ? saved : null;
  }

  /**
   * openForm for a posted form, kept per customer version: saving the settings raises the version,
   * and the row a request loaded is read afresh, so a kept copy is never stale (on any instance).
   * The lead's own transaction checks the form again.
   */
  async openFormOf(customer: Customer): Promise<LeadSettings | null> {
    const kept = this.openForms.get(customer.id);
    if (kept && kept.version === customer.version) return kept.settings;
    const settings = await this.openForm(customer.id);
    this.openForms.delete(customer.id);
    this.openForms.set(customer.id, { version: customer.version, settings });
    // The oldest first out: a few hundred small objects at most.
    if (this.openForms.size > OPEN_FORMS_KEPT) this.openForms.delete(this.openForms.keys().next().value as number);
    return settings;
  }

  /** The current information text of a form that is on, for its page; null otherwise. */
  async currentNotice(customerId: number): Promise<{ text: string; version: number } | null> {
    const open = await this.openForm(customerId);
    return open?.notice ? { text: open.notice, version: open.noticeVersion } : null;
  }

  /** Stores a lead with consent given now under `noticeVersion`; the id, or why it was not stored. */
  async submit(customerId: number, lead: NewLead, noticeVersion: number): Promise<number | LeadRefusal> {
    const at = this.now();
    const stored = await this.leads.create(customerId, lead, noticeVersion, at);
    if (typeof stored === 'number') this.dayCounts.add(customerId, dayKey(at, this.timeZone));
    return stored;
  }

  /** Deletes every lead past its customer's retention (3, 6 or 12 months); how many went. */
  async deleteExpired(): Promise<number> {
    const at = this.now();
    let deleted = 0;
    for (const months of LEAD_RETENTION_MONTHS) {
      deleted += await this.leads.deleteExpired(months, monthsBefore(at, months), months === DEFAULT_LEAD_RETENTION);
    }
    return deleted;
  }

  /** The owner's "Kişiler" page: how many leads, how many unread, and the newest `limit` of them. */
  async page(customerId: number, limit: number): Promise<{ total: number; unread: number; leads: Lead[] }> {
    const [total, unread, leads] = await Promise.all([
      this.leads.count(customerId),
      this.leads.countUnread(customerId),
      this.leads.list(customerId, limit),
    ]);
    return { total, unread, leads };
  }

  /** Every lead, newest first (the downloads). */
  all(customerId: number): Promise<Lead[]> {
    return this.leads.list(customerId);
  }

  /** One lead of this customer's, or null (another customer's too). */
  find(customerId: number, id: number): Promise<Lead | null> {
    return this.leads.find(customerId, id);
  }

  /** The owner saw the leads that arrived up to `at`: they no longer count as new. */
  markRead(customerId: number, at: number): Promise<void> {
    return this.leads.markRead(customerId, at);
  }

  countUnread(customerId: number): Promise<number> {
    return this.leads.countUnread(customerId);
  }

  /** Leads a day ('YYYY-MM-DD') from `from` to `to`, for the statistics. */
  perDay(customerId: number, from: string, to: string): Promise<Map<string, number>> {
    return this.leads.perDay(customerId, from, to);
  }

  /** False when this customer has no such lead. */
  delete(customerId: number, id: number): Promise<boolean> {
    return this.leads.delete(customerId, id);
  }

  deleteAll(customerId: number): Promise<number> {
    return this.leads.deleteAll(customerId);
  }
}
