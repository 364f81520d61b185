/**
 * The Express app's shell, before any route: view engine, request log, security headers,
 * compression, the static folders and the uploads (docs/architecture.md, Layers). `app.ts` wires
 * the services and the routes into it.
 */
import path from 'node:path';
import { constants as zlibConstants } from 'node:zlib';
import express, { type Express } from 'express';
import compression from 'compression';
import { pinoHttp } from 'pino-http';
import type { Config } from './config.js';
import type { Logger } from './logger.js';
import { redactPath } from './logger.js';
import { bodyStillComing } from './http/body-still-coming.js';
import { wantsJson } from './http/respond.js';
import { assetResolver, loadAssetManifest } from './lib/assets.js';
import { formatDate, formatDateTime } from './lib/dates.js';
import { initials } from './lib/initials.js';
import { buildDir, publicDir, viewsDir } from './lib/paths.js';
import { loadIconLibrary } from './media/icon-library.js';
import { widgetProps } from './presenters/widget-props.js';
import { LINK_FIELD_LIMITS } from './validation/link-limits.js';
import { keepDeclaration, publicFile } from './http/route-guard.js';
import { addressWarning } from './middleware/address-warning.js';
import { securityHeaders, uploadHeaders } from './middleware/security-headers.js';
import { activeCustomerFilesOnly } from './middleware/uploads-access.js';
import type { CustomerRepository } from './repositories/customer.repository.js';
import type { FileStorage } from './storage/index.js';

/**
 * Brotli for pages made per request (the public page is compressed once, page-cache.ts): quality 4
 * as the compression package sets it, with a 256 KB window and 64 KB blocks. With the default
 * 4 MB window each compressed response held 4 MB of native memory until its stream was let go;
 * 2.5 MB now, for the same size on pages far smaller than the window (docs/architecture.md, Memory).
 */
const DYNAMIC_BROTLI_PARAMS = {
  [zlibConstants.BROTLI_PARAM_QUALITY]: 4,
  [zlibConstants.BROTLI_PARAM_LGWIN]: 18,
  [zlibConstants.BROTLI_PARAM_LGBLOCK]: 16,
};

/** The app with its settings, before the shell's middleware is mounted. */
export function createExpressApp(config: Config): Express {
  const app = express();
  app.set('trust proxy', config.trustProxy);
  // /ADMIN and /AYSEKAYA are not /admin and /aysekaya: slugs are lower case, and so are our routes.
  app.set('case sensitive routing', true);
  app.set('view engine', 'ejs');
  app.set('views', viewsDir);
  app.set('view cache', process.env.NODE_ENV !== 'development');
  app.disable('x-powered-by');
  // What every view may call.
  Object.assign(app.locals, {
    asset: assetResolver(loadAssetManifest()),
    initials,
    formatDate: (ms: number) => formatDate(ms, config.timeZone),
    formatDateTime: (ms: number) => formatDateTime(ms, config.timeZone),
    linkFieldLimits: LINK_FIELD_LIMITS,
    widgetProps,
    icons: loadIconLibrary(),
    // The owner's "Bildirimler" tile (docs/product.md, Notifications).
    notificationsOffered: config.mail !== null,
  });
  return app;
}

export interface ShellDeps {
  config: Config;
  logger: Logger;
  /** One log line a request at info and below; at warn and above only errors are logged. */
  logRequests: boolean;
  storage: FileStorage;
  customers: CustomerRepository;
}

/** Mounts what every request passes before the routes, in this order. */
export function mountShell(app: Express, { config, logger, logRequests, storage, customers }: ShellDeps): void {
  if (logRequests) {
    app.use(
      pinoHttp({
        logger,
        serializers: {
          req: (req: { method: string; url: string }) => ({ method: req.method, url: redactPath(req.url) }),
          res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
        },
        autoLogging: { ignore: (req) => (req.url ?? '').startsWith('/build/') || req.url === '/healthz' },
      }),
    );
  }
  app.use(securityHeaders());
  // An answer to a request whose body is still coming (an upload refused before it was read) goes out
  // plain: compressing it delays it past the moment the connection closes on the sender's unread bytes.
  app.use(
    compression({
      brotli: { params: DYNAMIC_BROTLI_PARAMS },
      filter: (req, res) => !bodyStillComing(req) && compression.filter(req, res),
    }),
  );
  // A missing bundle is a plain 404 here, not the HTML error page a stylesheet link cannot use.
  app.use('/build', express.static(buildDir, { immutable: true, maxAge: '365d', index: false }));
  app.use('/build', (req, res) => {
    if (wantsJson(req)) res.status(404).json({ ok: false, error: 'Bulunamadı' });
    else res.status(404).type('text/plain').send('Bulunamadı');
  });
  // Only the folders and files public/ serves, so a profile request never costs a failed stat().
  app.use('/img', express.static(path.join(publicDir, 'img'), { maxAge: '1h', index: false }));
  const robots = app.route('/robots.txt');
  robots.get(express.static(publicDir, { maxAge: '1h', index: false }));
  keepDeclaration(robots, publicFile('/robots.txt'));
  // Uploaded files run nothing and may be framed only by our own pages (the catalog viewer).
  // A passive customer's files are closed with their page (404).
  app.use('/uploads', uploadHeaders, activeCustomerFilesOnly(customers), storage.handler());
  // The admin header warns while cards would carry the address of the request (BASE_URL unset).
  app.use('/admin', addressWarning(config.baseUrl));
}
