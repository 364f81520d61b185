import type { Request, Response } from 'express';
import type { Config } from '../config.js';
import { orFail, ValidationError } from '../errors.js';
import { loadedCustomer } from '../http/loaded-customer.js';
import { ownerBase } from '../http/owner-respond.js';
import { wantsJson } from '../http/respond.js';
import { typedValues } from './admin-customer-page.js';
import {
  itemFormValues,
  KIND_CHOICES,
  LABEL_GROUPS,
  lastUpdated,
  LIMITS,
  newItemValues,
  presentCategories,
  typedItemValues,
  type ItemFormValues,
} from '../presenters/price-list-editor.js';
import type { PriceListEditService } from '../services/price-list-edit.service.js';

export const pageMessages = {
  loadFailed: 'Fiyat listesi yüklenirken hata oluştu',
} as const;

/** The anchors of the price list page: its forms, and where a change sends the owner back. */
export const priceListAnchors = {
  addCategory: 'kategori-ekle',
  kind: 'liste-turu',
  category: (id: number) => `kategori-${id}`,
  renameCategory: (id: number) => `kategori-adi-${id}`,
  deleteCategory: (id: number) => `kategori-sil-${id}`,
  item: (id: number) => `urun-${id}`,
  /** On an item's page: the confirmation before it is deleted. */
  deleteItem: 'urun-sil',
} as const;

/** Notices after a change (`?durum=`): the redirect names a code, never a text. */
export const priceListNotices = {
  kaydedildi: 'Değişiklikler kaydedildi.',
  'kategori-eklendi': 'Kategori eklendi.',
  'kategori-silindi': 'Kategori ve içindeki ürünler silindi.',
  'urun-eklendi': 'Ürün eklendi.',
  'urun-guncellendi': 'Ürün güncellendi.',
  'urun-silindi': 'Ürün silindi.',
  siralama: 'Sıralama güncellendi.',
  'ice-aktarildi': 'CSV dosyasındaki ürünler fiyat listesine aktarıldı.',
} as const;

export type PriceListNotice = keyof typeof priceListNotices;

/** A refused form of the list page: which one (its anchor), what was typed, the errors. */
export interface ListFormState {
  form: string;
  values: Record<string, string>;
  errors: Record<string, string>;
}

function noticeFrom(raw: unknown): string | null {
  return typeof raw === 'string' && Object.hasOwn(priceListNotices, raw)
    ? priceListNotices[raw as PriceListNotice]
    : null;
}

/** `/edit/{token}/price-list`. */
export function listBase(req: Request): string {
  return `${ownerBase(req)}/price-list`;
}

/** After a change: JSON for widgets, or the list page with the notice at `anchor` (post/redirect/get). */
export function listDone(
  req: Request,
  res: Response,
  notice: PriceListNotice,
  json: Record<string, unknown> = {},
  anchor = '',
): void {
  if (wantsJson(req)) {
    res.json({ ok: true, message: priceListNotices[notice], ...json });
    return;
  }
  res.redirect(303, `${listBase(req)}?durum=${notice}${anchor ? `#${anchor}` : ''}`);
}

/**
 * The owner's price list pages (not a controller: the edit controller's helper): the list with
 * its category forms, and an item's own form page (a 500-item list has no room for a dialog per
 * item). A refused form comes back with what was typed and the errors, status 422; a widget
 * asking for JSON gets `{ ok: false, error, fields }`.
 */
export class PriceListPages {
  constructor(
    private readonly edits: PriceListEditService,
    private readonly config: Pick<Config, 'timeZone'>,
  ) {}

  async list(req: Request, res: Response, status = 200, refused: ListFormState | null = null): Promise<void> {
    const customer = loadedCustomer(req);
    const data = await orFail(pageMessages.loadFailed, () => this.edits.editor(customer.id));
    const base = listBase(req);
    res.status(status).render('edit/price-list', {
      title: 'Fiyat Listesi',
      customer,
      base: ownerBase(req),
      listBase: base,
      kind: data.kind,
      kinds: KIND_CHOICES,
      updated: lastUpdated(data.updatedAt, this.config.timeZone),
      counts: data.counts,
      limits: LIMITS,
      categories: presentCategories(data.sections, base),
      anchors: priceListAnchors,
      refused,
      notice: refused ? null : noticeFrom(req.query.durum),
    });
  }

  /** An item's form: a new one (`itemId` null) or a stored one, as stored or as typed. */
  async item(
    req: Request,
    res: Response,
    itemId: number | null,
    status = 200,
    typed: { values: ItemFormValues; errors: Record<string, string> } | null = null,
  ): Promise<void> {
    const customer = loadedCustomer(req);
    const [data, stored] = await Promise.all([
      orFail(pageMessages.loadFailed, () => this.edits.editor(customer.id)),
      itemId === null ? Promise.resolve(null) : this.edits.item(customer.id, itemId),
    ]);
    const wanted =
      typeof req.query.kategori === 'string' && /^[1-9]\d{0,9}$/.test(req.query.kategori)
        ? Number(req.query.kategori)
        : null;
    const firstCategory = data.sections.find((section) => section.id === wanted)?.id ?? data.sections[0]?.id ?? null;
    res.status(status).render('edit/price-list-item', {
      title: stored ? 'Ürünü Düzenle' : 'Ürün Ekle',
      customer,
      listBase: listBase(req),
      item: stored,
      photo: stored?.photoPath ?? null,
      categories: data.sections.map((section) => ({ id: section.id, name: section.name })),
      values: typed?.values ?? (stored ? itemFormValues(stored) : newItemValues(firstCategory)),
      errors: typed?.errors ?? {},
      labelGroups: LABEL_GROUPS,
      limits: LIMITS,
      full: !stored && data.counts.items >= LIMITS.items,
      anchors: priceListAnchors,
    });
  }

  /** The list page again with `form`'s refusal, or 422 JSON. */
  async refuseList(req: Request, res: Response, form: string, err: ValidationError): Promise<void> {
    if (wantsJson(req)) {
      res.status(422).json({ ok: false, error: err.message, fields: err.fields });
      return;
    }
    await this.list(req, res, 422, { form, values: typedValues(req.body ?? {}), errors: { ...err.fields } });
  }

  /** The item's page again with the refusal and what was typed (`status` 413/503 for a refused file), or JSON. */
  async refuseItem(
    req: Request,
    res: Response,
    itemId: number | null,
    err: ValidationError,
    status = 422,
  ): Promise<void> {
    if (wantsJson(req)) {
      res.status(status).json({ ok: false, error: err.message, fields: err.fields });
      return;
    }
    await this.item(req, res, itemId, status, { values: typedItemValues(req.body ?? {}), errors: { ...err.fields } });
  }
}
