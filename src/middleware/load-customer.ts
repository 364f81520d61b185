import type { RequestHandler } from 'express';
import { ForbiddenError, NotFoundError } from '../errors.js';
import type { Customer, CustomerRepository } from '../repositories/customer.repository.js';
import { isWellFormedEditToken } from '../domain/edit-token.js';

export const profileMessages = {
  notFound: 'Profil bulunamadı',
  inactive: 'Bu profil şu anda aktif değil',
} as const;

/** `/admin/customers/:id`: a missing or malformed id is a 404. */
export function loadCustomerById(customers: CustomerRepository): RequestHandler {
  return async (req, _res, next) => {
    const raw = String(req.params.id ?? '');
    const customer = /^[1-9]\d{0,9}$/.test(raw) ? await customers.findById(Number(raw)) : null;
    if (!customer) {
      next(new NotFoundError('Müşteri bulunamadı.'));
      return;
    }
    req.customer = customer;
    next();
  };
}

/** `/{slug}`: the public page; unknown is 404, inactive is 403 (CONTRACT section 1). */
export function loadPublicCustomer(customers: CustomerRepository): RequestHandler {
  return async (req, _res, next) => {
    const slug = String(req.params.slug ?? '');
    const customer = /^[a-z0-9-]{1,140}$/.test(slug) ? await customers.findBySlug(slug) : null;
    if (!customer) {
      next(new NotFoundError(profileMessages.notFound));
      return;
    }
    if (!customer.isActive) {
      next(new ForbiddenError(profileMessages.inactive));
      return;
    }
    req.customer = customer;
    next();
  };
}

/** `/edit/{token}`: unknown or malformed is 404; inactive customers still edit. */
export function loadCustomerByToken(customers: CustomerRepository): RequestHandler {
  return async (req, _res, next) => {
    const token = String(req.params.token ?? '');
    const customer = isWellFormedEditToken(token) ? await customers.findByEditToken(token) : null;
    if (!customer) {
      next(new NotFoundError('Düzenleme bağlantısı geçersiz veya süresi dolmuş.'));
      return;
    }
    req.customer = customer;
    next();
  };
}

