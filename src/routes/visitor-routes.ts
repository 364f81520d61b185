import type { RouteDeps } from './route-deps.js';
import { showLanding } from '../controllers/landing.controller.js';
import { visibleLinkOnly } from '../middleware/link-clicks.js';
import { embeddableAnywhere, uploadHeaders } from '../middleware/security-headers.js';
import { passiveAsMissing } from '../middleware/passive-as-missing.js';
import { customerOrNextRoute } from '../middleware/customer-or-next-route.js';
import type { RouteSpec, RouteTable } from './route-table.js';
import { visitor } from './route-table.js';

/** The health check and the landing page: the first routes, before any address can be taken for a slug. */
export function registerSiteRoutes(t: RouteTable, d: RouteDeps): void {
  t.get('/healthz', visitor(), d.health);
  t.get('/', visitor(), d.brandLocals, showLanding);
}

/** The links in the owner's e-mails, the agency's logo, and the public profile with what is made from it. */
export function registerVisitorRoutes(t: RouteTable, d: RouteDeps): void {
  // The agency's logo, named by its content (the pages link the current one); cached for a year.
  // Under /img, whose name no customer can take as a slug.
  t.get('/img/brand/:file', visitor(), uploadHeaders, embeddableAnywhere, d.settings.logo);

  // The links in the owner's e-mails: the token in the URL is the credential, never logged or sent on as a Referer.
  // The unsubscribe POST is also the RFC 8058 one-click target a mail provider posts from its servers: no CSRF
  // token, cookie or Origin asked for, and no body read (`List-Unsubscribe=One-Click` says nothing more).
  const emailLink = (csrfReason?: string): RouteSpec => ({
    access: { kind: 'secret-link', reason: "the token of the owner's e-mail is checked by the handler" },
    throttle: [d.notificationLinkThrottle],
    ...(csrfReason ? { csrf: { kind: 'none', reason: csrfReason }, origin: 'any', body: 'none' } : {}),
  });
  const oneClick = 'RFC 8058 one-click unsubscribe: a mail provider posts it from its own servers, with no cookie';
  t.get('/notifications/confirm/:token', emailLink(), d.notificationLinks.confirm);
  t.get('/notifications/unsubscribe/:token', emailLink(), d.notificationLinks.ask);
  t.post('/notifications/unsubscribe/:token', emailLink(oneClick), d.notificationLinks.unsubscribe);

  // Visitor: the public profile and what is made from it. A GET of an address in another spelling
  // (`/Ayşe-Kaya`) or of an old address answers 301 to the current one, the rest of the path and the
  // query kept (loadPublicCustomer); a POST there is the 404 it was.
  const page = visitor({ load: [d.loadPublicCustomer] });
  // A passive customer's file or form is a 404, as an unknown address's is.
  const hidden = visitor({ load: [d.loadPublicCustomer, passiveAsMissing] });
  // A visitor's forms: no session, so no token; another site's post is refused by its origin, and the form's stamp
  // and the throttle stand against scripts.
  const visitorForm = 'a visitor has no session to hold a token; the origin check refuses another site';
  // A card code written on an NFC card or a QR sticker before it was sold (docs/product.md, Card codes): under /k/,
  // two segments no slug route takes. Unknown codes are throttled per client address against guessing.
  t.get('/k/:code', visitor({ throttle: [d.codeGuessThrottle] }), d.cardCode.open);
  // An address no customer has nor had goes on to the next route: a company's team page, or the 404.
  // While the database is away, an address whose team page is held goes on to it as well (docs/product.md, Faults).
  t.get('/:slug', visitor({ load: [customerOrNextRoute(d.loadPublicCustomer, d.teamPage.holds)] }), d.profile.show);
  t.get('/:slug', visitor(), d.teamPage.show);
  t.post(
    '/:slug/messages',
    visitor({
      load: [d.loadPublicCustomer],
      csrf: { kind: 'none', reason: visitorForm },
      body: 'message-form',
      throttle: [d.messageThrottle],
    }),
    d.profile.sendMessage,
  );
  // Contact exchange: a form that is off, or a passive customer's, is a 404; the information text is one link away.
  t.post(
    '/:slug/leads',
    visitor({
      load: [d.loadPublicCustomer, passiveAsMissing],
      csrf: { kind: 'none', reason: visitorForm },
      body: 'message-form',
      throttle: [d.leadThrottle],
    }),
    d.leadForm.submit,
  );
  t.get('/:slug/aydinlatma', hidden, d.leadForm.notice);
  t.get('/:slug/vcard.vcf', page, d.profileFiles.vcard);
  t.get('/:slug/qr.svg', page, d.profileFiles.qrSvg);
  t.get('/:slug/qr.png', page, d.profileFiles.qrPng);
  // The sharing image, drawn once per page version; a passive customer's is a 404 like its photo.
  t.get('/:slug/og.png', hidden, d.sharingImage.show);
  // The price list and its A4 PDF: no visible item is a 404; a passive customer's is the profile's 403 page.
  t.get('/:slug/fiyat-listesi', page, d.priceList.show);
  t.get('/:slug/fiyat-listesi.pdf', page, d.priceList.pdf);
  t.get('/:slug/links/:linkId/qr.svg', page, d.loadPublicLink, d.profileFiles.linkQrSvg);
  // A tap on a visible link, sent by the browser itself (`<a ping>`, else sendBeacon): no body is read, and no CSRF
  // token or Origin is asked for (a ping has neither); another site's page is refused. Answers 204.
  t.post(
    '/:slug/links/:linkId/click',
    visitor({
      load: [d.loadPublicCustomer, d.loadPublicLink, visibleLinkOnly],
      csrf: { kind: 'none', reason: 'a ping carries no token and no Origin; a cross-site one is refused' },
      origin: 'not-cross-site',
      body: 'none',
      throttle: [d.clickThrottle],
    }),
    d.linkClicks.record,
  );
  // A tap on a shared link of the customer's company, counted for the company (docs/product.md, Companies).
  t.post(
    '/:slug/company-links/:linkId/click',
    visitor({
      load: [d.loadPublicCustomer, d.loadPublicCompanyLink, visibleLinkOnly],
      csrf: { kind: 'none', reason: 'a ping carries no token and no Origin; a cross-site one is refused' },
      origin: 'not-cross-site',
      body: 'none',
      throttle: [d.clickThrottle],
    }),
    d.linkClicks.record,
  );
}
