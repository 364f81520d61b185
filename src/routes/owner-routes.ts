import type { RequestHandler } from 'express';
import type { RouteDeps } from './route-deps.js';
import { csvUpload } from '../middleware/csv-upload.js';
import { backgroundUpload, catalogUpload, photoUpload } from '../middleware/upload.js';
import { priceItemUpload } from '../middleware/price-item-upload.js';
import { owner, type RouteSpec, type RouteTable } from './route-table.js';

/**
 * Owner: the edit token in the URL is the only credential; every write is scoped to its customer. The agency's brand
 * names the owner's pages and what they download, not Vizit; its accent colours them as it does the public page they
 * preview.
 */
export function registerOwnerRoutes(t: RouteTable, d: RouteDeps): void {
  // `loaders` run before the parser, so that a refused file can name its dialog (and a wrong id is a 404 unread).
  const upload = (parser: RequestHandler, ...load: RequestHandler[]): RouteSpec =>
    owner({ body: { kind: 'multipart', parser }, load });
  // `link` loads `:linkId` among this customer's links: another's, a missing or a malformed id is a 404.
  const link = d.loadOwnerLink;
  const p = d.ownerPages;
  const e = d.ownerEdits;
  const u = d.ownerUploads;

  t.get('/edit/:token', owner(), p.welcome);
  t.get('/edit/:token/profile', owner(), p.editor);
  t.get('/edit/:token/messages', owner(), d.ownerMessages.list);
  t.get('/edit/:token/notifications', owner(), d.ownerNotifications.show);
  t.post('/edit/:token/notifications', owner(), d.ownerNotifications.save);
  t.get('/edit/:token/languages', owner(), d.ownerLanguages.show);
  t.post('/edit/:token/languages', owner(), d.ownerLanguages.saveLanguages);
  t.post('/edit/:token/translations', owner({ body: 'translations-form' }), d.ownerLanguages.saveTranslations);
  t.get('/edit/:token/leads', owner(), d.ownerLeads.list);
  t.get('/edit/:token/leads.csv', owner(), d.ownerLeads.csv);
  t.get('/edit/:token/leads.vcf', owner(), d.ownerLeads.vcards);
  t.get('/edit/:token/leads/:leadId/vcard.vcf', owner(), d.ownerLeads.vcard);
  t.get('/edit/:token/stats', owner(), p.stats);
  t.get('/edit/:token/stats.csv', owner(), p.statsCsv);
  t.get('/edit/:token/print.pdf', owner(), d.printKit.customerKit);
  t.post('/edit/:token/profile', owner(), e.profileText);
  t.post('/edit/:token/settings', owner(), e.settings);
  t.post('/edit/:token/contact-buttons/:type', owner(), e.contactButton);
  t.post('/edit/:token/background', owner(), e.background);
  t.post('/edit/:token/iban', owner(), e.iban);
  t.post('/edit/:token/iban/visibility', owner(), e.ibanVisibility);
  t.post('/edit/:token/iban/delete', owner(), e.removeIban);
  t.post('/edit/:token/hours', owner(), d.ownerHours.save);
  // Back to the company's default hours: the member's own are deleted (docs/product.md, Companies).
  t.post('/edit/:token/hours/company', owner(), d.ownerHours.backToCompany);
  t.post('/edit/:token/links', owner(), e.createLink);
  t.post('/edit/:token/links/order', owner(), e.reorderLinks);
  t.post('/edit/:token/links/catalog', upload(catalogUpload), u.createCatalog, u.refusedFile.newCatalog);
  t.post('/edit/:token/links/:linkId', owner(), link, e.updateLink);
  t.post('/edit/:token/links/:linkId/delete', owner(), link, e.deleteLink);
  t.post('/edit/:token/links/:linkId/visibility', owner(), link, e.linkVisibility);
  t.post('/edit/:token/links/:linkId/move', owner(), link, e.moveLink);
  t.post('/edit/:token/links/:linkId/catalog', upload(catalogUpload, link), u.updateCatalog, u.refusedFile.catalog);
  t.post('/edit/:token/photo/profile', upload(photoUpload), u.photo('profile'), u.refusedFile.photo('profile'));
  t.post('/edit/:token/photo/profile/remove', owner(), u.removeProfilePhoto);
  t.post('/edit/:token/photo/cover', upload(photoUpload), u.photo('cover'), u.refusedFile.photo('cover'));
  t.post('/edit/:token/cover/remove', owner(), u.removeCover);
  t.post('/edit/:token/cover', owner(), d.ownerCover.cover);
  t.post('/edit/:token/messages/:messageId/delete', owner(), d.ownerMessages.remove);
  t.post('/edit/:token/leads/settings', owner(), d.ownerLeads.saveSettings);
  t.post('/edit/:token/leads/delete-all', owner(), d.ownerLeads.removeAll);
  t.post('/edit/:token/leads/:leadId/delete', owner(), d.ownerLeads.remove);
  t.post('/edit/:token/background/image', upload(backgroundUpload), u.backgroundImage, u.refusedFile.background);
  registerOwnerPriceList(t, d);
}

/** The price list from a CSV (preview, then confirm carrying the file back) and to a CSV, and its editor. */
function registerOwnerPriceList(t: RouteTable, d: RouteDeps): void {
  const pi = d.priceListImport;
  const csv = owner({ body: { kind: 'csv', parser: csvUpload } });
  t.get('/edit/:token/price-list/import', owner(), pi.page('owner'));
  t.post('/edit/:token/price-list/import', csv, pi.preview('owner'), pi.refused('owner'));
  t.post('/edit/:token/price-list/import/confirm', owner({ body: 'file-form' }), pi.confirm('owner'));
  // The preview's refused rows as a file to fix (the file carried back in the form, as the confirmation carries it).
  t.post('/edit/:token/price-list/import/errors.csv', owner({ body: 'file-form' }), pi.refusedRows('owner'));
  t.get('/edit/:token/price-list.csv', owner(), pi.exportCsv);
  // The editor: its own page (a 500-item list needs more room than a dialog), an item's form a page of its own
  // (multipart: its optional photo, or a plain form without one); a category or item id of another customer is a 404.
  const pl = d.priceListEditor;
  const item = owner({ body: { kind: 'multipart', parser: priceItemUpload, thenForm: true } });
  t.get('/edit/:token/price-list', owner(), pl.show);
  t.get('/edit/:token/price-list/items/new', owner(), pl.newItem);
  t.get('/edit/:token/price-list/items/:itemId', owner(), pl.editItem);
  t.post('/edit/:token/price-list/kind', owner(), pl.setKind);
  t.post('/edit/:token/price-list/categories', owner(), pl.addCategory);
  t.post('/edit/:token/price-list/categories/order', owner(), pl.reorderCategories);
  t.post('/edit/:token/price-list/categories/:categoryId', owner(), pl.renameCategory);
  t.post('/edit/:token/price-list/categories/:categoryId/delete', owner(), pl.deleteCategory);
  t.post('/edit/:token/price-list/categories/:categoryId/move', owner(), pl.moveCategory);
  t.post('/edit/:token/price-list/categories/:categoryId/items/order', owner(), pl.reorderItems);
  t.post('/edit/:token/price-list/items', item, pl.addItem, pl.refusedFile);
  t.post('/edit/:token/price-list/items/:itemId', item, pl.updateItem, pl.refusedFile);
  t.post('/edit/:token/price-list/items/:itemId/delete', owner(), pl.deleteItem);
  t.post('/edit/:token/price-list/items/:itemId/move', owner(), pl.moveItem);
  t.post('/edit/:token/price-list/items/:itemId/sold-out', owner(), pl.itemSwitch('sold_out'));
  t.post('/edit/:token/price-list/items/:itemId/visibility', owner(), pl.itemSwitch('is_visible'));
}
