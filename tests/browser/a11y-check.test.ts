/**
 * The stories' accessibility check itself (tests/helpers/browser.ts, checkA11y): on a page with a serious violation it
 * fails and names it, on a clean one it passes, with JavaScript on and off, and a second check of the same document
 * reuses the axe already in it. A check that could not fail would pass every story's page unseen.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { checkA11y, launchBrowser, openPage } from '../helpers/browser.js';

const PAGES: Record<string, string> = {
  '/clean':
    '<!doctype html><html lang="tr"><head><title>Temiz</title></head>' +
    '<body><main><h1>Merhaba</h1><img src="data:," alt="Logo"></main></body></html>',
  '/broken':
    '<!doctype html><html lang="tr"><head><title>Eksik</title></head>' +
    '<body><main><h1>Merhaba</h1><img src="data:,">' +
    '<p style="color:#bbb;background:#fff">Soluk</p></main></body></html>',
};

let server: Server;
let baseURL: string;
let browser: Browser;

beforeAll(async () => {
  server = createServer((req, res) => {
    const body = PAGES[req.url ?? ''];
    res.writeHead(body ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' }).end(body ?? '');
  }).listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe.each([true, false])('with JavaScript %s', (javaScript) => {
  it('fails on a serious violation and names it, and passes a clean page twice', async () => {
    const { context, page } = await openPage(browser, { baseURL, javaScript });
    try {
      await page.goto('/broken');
      const failure = await checkA11y(page, 'broken').then(
        () => null,
        (err: unknown) => String(err),
      );
      expect(failure).toContain('[critical] image-alt');
      expect(failure).toContain('[serious] color-contrast');

      await page.goto('/clean');
      await checkA11y(page, 'clean');
      await checkA11y(page, 'clean again');
      expect(await page.evaluate('typeof window.axe')).toBe('object');
      expect(await page.evaluate('document.querySelectorAll("script").length')).toBe(0);
    } finally {
      await context.close();
    }
  });
});
