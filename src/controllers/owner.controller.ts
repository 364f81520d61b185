import type { Request, RequestHandler, Response } from 'express';
import type { Config } from '../config.js';
import { orFail } from '../errors.js';
import { formatDate, formatDateTime } from '../lib/dates.js';
import { relativeTime } from '../lib/relative-time.js';
import { originOf } from '../http/urls.js';
import { loadedCustomer } from '../http/loaded-customer.js';
import { allowInlineStyle } from '../http/inline-style.js';
import { wantsJson } from '../http/respond.js';
import type { MessageRepository } from '../repositories/message.repository.js';
import type { SocialLink } from '../repositories/profile.repository.js';
import { ANIMATION_DEFAULTS, ANIMATION_TYPES, COLOR_PRESETS } from '../domain/background.js';
import { splitPair } from '../domain/link-values.js';
import { PLATFORMS, platformById } from '../domain/platforms.js';
import { presentProfile } from '../presenters/profile-page.js';
import type { ProfileService } from '../services/profile.service.js';
import type { StatsService } from '../services/stats.service.js';
import { BIO_MAX_LENGTH } from '../validation/profile.validation.js';
import { noticeFrom, ownerBase } from './owner-respond.js';

export const messages = {
  messagesFailed: 'Mesajlar yüklenirken hata oluştu',
  statsFailed: 'İstatistikler yüklenirken hata oluştu',
  profileFailed: 'Profil yüklenirken hata oluştu',
} as const;

export const MESSAGES_PER_PAGE = 50;
const CHART_RANGES: readonly number[] = [7, 30, 90];

/** A dialog of the edit page shown again with the owner's input and the errors (status 422). */
export interface EditorFormState {
  dialog: string;
  values: Record<string, string>;
  errors: Record<string, string>;
}

/** A link as its edit form shows it: the stored value split back into the fields it came from. */
export interface EditableLink extends SocialLink {
  platformLabel: string;
  defaultIcon: string;
  fields: Record<string, string>;
}

function editableFields(link: SocialLink): Record<string, string> {
  switch (link.platform) {
    case 'wifi': {
      const { first, second } = splitPair(link.url);
      return { ssid: first, password: second };
    }
    case 'iban': {
      const { first, second } = splitPair(link.url);
      return { iban: first, account_holder: second };
    }
    case 'email':
      return { url: link.url.replace(/^mailto:/i, '') };
    case 'phone':
      return { url: link.url.replace(/^tel:/i, '') };
    default:
      return { url: link.url };
  }
}

function pageNumber(raw: unknown): number {
  return typeof raw === 'string' && /^\d{1,6}$/.test(raw) ? Math.max(1, Number(raw)) : 1;
}

export class OwnerController {
  constructor(
    private readonly profiles: ProfileService,
    private readonly messageRepository: MessageRepository,
    private readonly statistics: StatsService,
    private readonly config: Pick<Config, 'baseUrl' | 'timeZone'>,
    private readonly now: () => number,
  ) {}

  welcome: RequestHandler = (req, res) => {
    res.render('edit/welcome', { title: 'Sayfanızı yönetin', customer: loadedCustomer(req), base: ownerBase(req) });
  };

  /** The edit mode: the page as visitors see it, every item opening its editor. */
  async renderEditor(req: Request, res: Response, status: number, form: EditorFormState | null): Promise<void> {
    const customer = loadedCustomer(req);
    const bundle = await orFail(messages.profileFailed, () => this.profiles.bundle(customer));
    const links: EditableLink[] = bundle.socialLinks.map((link) => {
      const platform = platformById(link.platform);
      return { ...link, platformLabel: platform?.label ?? link.platform, defaultIcon: platform?.icon ?? '🔗', fields: editableFields(link) };
    });
    const page = presentProfile(bundle, originOf(req, this.config.baseUrl));
    // The preview's own background, and the colour chips of the picker's no-JavaScript form.
    const styleCss = page.styleCss + COLOR_PRESETS.map((p) => `.swatch__chip--${p.value.slice(1)}{background:${p.value}}`).join('');
    allowInlineStyle(res, styleCss);
    res.status(status).render('edit/profile', {
      title: 'Sayfayı Düzenle',
      customer,
      base: ownerBase(req),
      page,
      styleCss,
      profile: bundle.profile,
      buttons: Object.fromEntries(bundle.contactButtons.map((b) => [b.type, b.isVisible])),
      links,
      iban: bundle.iban,
      platforms: PLATFORMS,
      presets: COLOR_PRESETS,
      animations: ANIMATION_TYPES,
      animationDefaults: ANIMATION_DEFAULTS,
      bioMax: BIO_MAX_LENGTH,
      form,
      notice: form ? null : noticeFrom(req.query.durum),
    });
  }

  editor: RequestHandler = async (req, res) => {
    await this.renderEditor(req, res, 200, null);
  };

  messages: RequestHandler = async (req, res) => {
    const customer = loadedCustomer(req);
    const page = pageNumber(req.query.sayfa);
    const [total, list] = await orFail(messages.messagesFailed, () =>
      Promise.all([
        this.messageRepository.count(customer.id),
        this.messageRepository.page(customer.id, MESSAGES_PER_PAGE, (page - 1) * MESSAGES_PER_PAGE),
      ]),
    );
    if (wantsJson(req)) {
      res.json({
        total,
        page,
        messages: list.map((m) => ({ id: m.id, message: m.message, created_at: new Date(m.createdAt).toISOString() })),
      });
      return;
    }
    const now = this.now();
    res.render('edit/messages', {
      title: 'Mesajlar',
      customer,
      base: ownerBase(req),
      total,
      page,
      totalPages: Math.max(1, Math.ceil(total / MESSAGES_PER_PAGE)),
      messages: list.map((m) => ({
        ...m,
        relative: relativeTime(m.createdAt, now, this.config.timeZone),
        exact: formatDateTime(m.createdAt, this.config.timeZone),
        iso: new Date(m.createdAt).toISOString(),
      })),
    });
  };

  stats: RequestHandler = async (req, res) => {
    const customer = loadedCustomer(req);
    const requested = Number(req.query.gun);
    const days = CHART_RANGES.includes(requested) ? requested : 7;
    const summary = await orFail(messages.statsFailed, () => this.statistics.summary(customer.id));
    if (wantsJson(req)) {
      const dailyStats = days === 7 ? summary.dailyStats : await orFail(messages.statsFailed, () => this.statistics.series(customer.id, days as 7 | 30 | 90));
      res.json({ ...summary, dailyStats });
      return;
    }
    const max = Math.max(0, ...summary.dailyStats.map((d) => d.views));
    res.render('edit/stats', {
      title: 'İstatistikler',
      customer,
      base: ownerBase(req),
      summary,
      bars: summary.dailyStats.map((d) => ({
        ...d,
        label: formatDate(Date.parse(`${d.date}T12:00:00Z`), 'UTC'),
        // Bar width relative to the busiest day, at least 10 percent (spec section 2), in steps of 5
        // so that a class can carry it (the CSP allows no style attributes).
        width: max === 0 ? 10 : Math.max(10, Math.round((d.views / max) * 20) * 5),
      })),
    });
  };
}
