import type { RequestHandler } from 'express';
import { loadedCustomer } from '../http/loaded-customer.js';
import type { SharingImageService } from '../services/sharing-image.service.js';

/**
 * An hour in any cache, as the profile QR: the page names the image with its version
 * (`og.png?v=`), so a changed card is fetched anew under its new address at once.
 */
const PUBLIC_CACHE = 'public, max-age=3600';

/** GET /{slug}/og.png: the page's sharing image (docs/product.md, Public page). */
export class SharingImageController {
  constructor(private readonly images: SharingImageService) {}

  show: RequestHandler = async (req, res) => {
    const image = await this.images.imageOf(loadedCustomer(req));
    res.set('Content-Type', image.type);
    res.set('Cache-Control', PUBLIC_CACHE);
    // Express answers a matching If-None-Match with a 304 from this ETag.
    res.set('ETag', image.etag);
    res.send(image.bytes);
  };
}
