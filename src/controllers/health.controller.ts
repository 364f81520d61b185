import type { RequestHandler } from 'express';
import { type Db, isDbHealthy } from '../db.js';
import type { BucketHealth } from '../storage/bucket-health.js';

/**
 * `/healthz`: 200 while the database answers. With uploads in a bucket it also says how the
 * bucket is (`storage`), without failing for it: pages still render while it is away, and a
 * restart would not bring it back (docs/product.md, Object storage).
 */
export function healthCheck(db: Db, bucket: BucketHealth | null = null): RequestHandler {
  return async (_req, res) => {
    const [healthy, storage] = await Promise.all([isDbHealthy(db), bucket?.state()]);
    res.set('Cache-Control', 'no-store');
    res.status(healthy ? 200 : 503).json({ status: healthy ? 'ok' : 'unavailable', ...(storage ? { storage } : {}) });
  };
}
