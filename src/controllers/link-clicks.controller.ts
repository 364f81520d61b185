import type { RequestHandler } from 'express';
import { isCountableClick } from '../http/click-filter.js';
import { loadedLink } from '../http/loaded-customer.js';
import type { ViewRecorder } from '../services/view-recorder.js';

/**
 * `POST /{slug}/links/{linkId}/click`, after the loaders have found a visible link of an active
 * customer: the tap is queued (written with the views, off the request path) and the answer is
 * an empty 204. The body (`PING`, or a beacon's) is never read, and nothing about the visitor is
 * kept: no address, user agent, cookie, Ping-From or Ping-To (docs/product.md, Statistics).
 */
export class LinkClicksController {
  constructor(
    private readonly recorder: ViewRecorder,
    private readonly now: () => number,
  ) {}

  record: RequestHandler = (req, res) => {
    const link = loadedLink(req);
    if (isCountableClick(req)) this.recorder.recordClick(link.customerId, link.id, this.now());
    res.set('Cache-Control', 'no-store').status(204).end();
  };
}
