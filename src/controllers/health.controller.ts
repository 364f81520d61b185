import type { RequestHandler } from 'express';
import { type Db, isDbHealthy } from '../db.js';

export function healthCheck(db: Db): RequestHandler {
  return async (_req, res) => {
    const healthy = await isDbHealthy(db);
    res.set('Cache-Control', 'no-store');
    res.status(healthy ? 200 : 503).json({ status: healthy ? 'ok' : 'unavailable' });
  };
}
