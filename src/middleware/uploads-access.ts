import type { RequestHandler } from 'express';
import { NotFoundError } from '../errors.js';
import { isCompanyUploadsFolder } from '../domain/company-template.js';
import type { Customer } from '../repositories/customer.repository.js';
import { isSafeFileName } from '../storage/file-storage.js';

interface CustomerFinder {
  findById(id: number): Promise<Customer | null>;
}

/**
 * `/uploads/{customerId}/{name}` exactly, as the raw path: a stored name never needs
 * percent-encoding, so anything encoded, `..`, a sub-folder or a dotfile is not a file of ours.
 */
const FILE_PATH = /^\/(\d{1,15})\/([^/]+)$/;

/**
 * Before the uploads handler (mounted at `/uploads`): a file is served only while its customer
 * is active (a company's folder always: its logo). A passive or deleted customer's files are a 404 to everyone, the
 * owner's editor included (it says why), as their public page is closed (docs/product.md, Privacy and
 * security). Any GET or HEAD that is not exactly a stored file's path is a 404 here too, so no
 * spelling of a path reaches a customer's folder around this check.
 *
 * One primary-key lookup a request, always current (several instances, a reactivation take
 * effect at once); the lookups of one customer under way together (a page asking for its
 * photo, cover and background at once) share one query.
 */
export function activeCustomerFilesOnly(customers: CustomerFinder): RequestHandler {
  const pending = new Map<number, Promise<boolean>>();
  const isActive = (id: number): Promise<boolean> => {
    let lookup = pending.get(id);
    if (!lookup) {
      lookup = customers
        .findById(id)
        .then((customer) => customer?.isActive === true)
        .finally(() => pending.delete(id));
      pending.set(id, lookup);
    }
    return lookup;
  };
  return async (req, _res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      next();
      return;
    }
    const match = FILE_PATH.exec(req.path);
    const id = Number(match?.[1]);
    const valid = match && isSafeFileName(match[2]!) && Number.isSafeInteger(id) && id > 0;
    // A company's folder holds its logo, public on its members' pages (docs/product.md, Companies).
    if (!valid || !(isCompanyUploadsFolder(id) || (await isActive(id)))) {
      next(new NotFoundError());
      return;
    }
    next();
  };
}
