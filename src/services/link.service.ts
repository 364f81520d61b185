import { NotFoundError, ValidationError } from '../errors.js';
import type { LinkRepository } from '../repositories/link.repository.js';
import type { SocialLink } from '../repositories/profile.repository.js';
import { parseLinkInput } from '../validation/link.validation.js';

export const linkMessages = {
  notFound: 'Bağlantı bulunamadı.',
  ibanIsCard:
    'IBAN bağlantı olarak eklenmez: sayfanızda "Banka Hesabı" kartında gösterilir. Bilgileri kontrol edip kaydedin.',
} as const;

type Form = Readonly<Record<string, unknown>>;

/** What an edit left behind: the uploaded file the link pointed to before, when the edit replaced it. */
export interface LinkEdit {
  replaced: string | null;
}

/**
 * The owner's links: each form validated into a row and written for one customer only.
 * A refused form is a ValidationError and writes nothing.
 */
export class LinkService {
  constructor(
    private readonly links: LinkRepository,
    private readonly now: () => number,
  ) {}

  /** A new link at the end of the list; `uploadedFile` is a catalog file our upload handler stored. */
  async add(customerId: number, form: Form, uploadedFile?: string): Promise<{ id: number }> {
    // One IBAN feature: a new IBAN is the Banka Hesabı card's; links saved before stay (docs/product.md).
    if (form.platform === 'iban') throw new ValidationError({ platform: linkMessages.ibanIsCard });
    const input = parseLinkInput(form, { mode: 'add', uploadedFile });
    const created = await this.links.create(customerId, input, this.now());
    return { id: created.id };
  }

  /** Saves an edit of `link` (already known to be the customer's); the platform never changes. */
  async edit(customerId: number, link: SocialLink, form: Form, uploadedFile?: string): Promise<LinkEdit> {
    // A catalog file stays what it was unless a new one was uploaded; the form can never name one.
    const keepFile = link.platform === 'catalog' && link.url.startsWith('/uploads/') && form.catalog_type !== 'url';
    const input = parseLinkInput(form, {
      mode: 'edit',
      platform: link.platform,
      uploadedFile: uploadedFile ?? (keepFile ? link.url : undefined),
    });
    // Only a custom link has an icon of its own; every other platform shows the platform's.
    const icon = link.platform === 'custom' ? { icon: input.icon } : {};
    await this.links.update(customerId, link.id, { url: input.url, label: input.label, ...icon });
    return { replaced: link.url.startsWith('/uploads/') && link.url !== input.url ? link.url : null };
  }

  async setVisible(customerId: number, id: number, visible: boolean): Promise<void> {
    if (!(await this.links.setVisible(customerId, id, visible))) throw new NotFoundError(linkMessages.notFound);
  }

  async delete(customerId: number, id: number): Promise<void> {
    if (!(await this.links.delete(customerId, id))) throw new NotFoundError(linkMessages.notFound);
  }

  async move(customerId: number, id: number, direction: 'up' | 'down'): Promise<void> {
    if (!(await this.links.move(customerId, id, direction))) throw new NotFoundError(linkMessages.notFound);
  }

  /** The whole list in a new order; false when `order` does not name every link of the customer exactly once. */
  reorder(customerId: number, order: number[]): Promise<boolean> {
    return this.links.reorder(customerId, order);
  }
}
