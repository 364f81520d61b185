import type { RequestHandler } from 'express';
import { NotFoundError } from '../errors.js';
import { idParam } from '../http/id-param.js';
import { loadedCustomer } from '../http/loaded-customer.js';
import type { SocialLink } from '../repositories/profile.repository.js';
import { linkMessages } from '../services/link.service.js';

interface LinkFinder {
  findLink(customerId: number, linkId: number): Promise<SocialLink | null>;
}

/**
 * `:linkId`, after a customer loader: the link is looked up together with the customer it must
 * belong to, so another customer's id, a missing one and a malformed one are the same 404.
 */
function loadLink(links: LinkFinder, notFound?: string): RequestHandler {
  return async (req, _res, next) => {
    const id = idParam(req.params.linkId);
    const link = id === null ? null : await links.findLink(loadedCustomer(req).id, id);
    if (!link) {
      next(new NotFoundError(notFound));
      return;
    }
    req.link = link;
    next();
  };
}

/** The owner's link routes: 404 'Bağlantı bulunamadı.' */
export function loadOwnerLink(links: LinkFinder): RequestHandler {
  return loadLink(links, linkMessages.notFound);
}

/** A visitor's link route (the link QR code): the plain 404 page, as for any unknown address. */
export function loadPublicLink(links: LinkFinder): RequestHandler {
  return loadLink(links);
}

/**
 * A visitor's tap on a shared link of the loaded customer's company (`:linkId` is the company link's own id): found
 * among the links the customer's page shows, under its negated id as the page has it (docs/product.md, Companies).
 */
export function loadPublicCompanyLink(links: {
  companyLinks(customerId: number): Promise<SocialLink[]>;
}): RequestHandler {
  return async (req, _res, next) => {
    const id = idParam(req.params.linkId);
    const link = id === null ? undefined : (await links.companyLinks(loadedCustomer(req).id)).find((l) => l.id === -id);
    if (!link) {
      next(new NotFoundError());
      return;
    }
    req.link = link;
    next();
  };
}
