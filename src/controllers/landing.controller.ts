import type { RequestHandler } from 'express';

export const showLanding: RequestHandler = (_req, res) => {
  res.render('landing', { title: 'Vizit — Dijital kartvizit ve link sayfası' });
};
