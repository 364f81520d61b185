/**
 * The public page in the card's other languages in real Chromium (docs/product.md, Languages): a fully seeded card
 * after a message was sent, in English and in Arabic (right to left), at phone (390 px) and desktop (1280 px) width
 * with JavaScript off; every screen is checked with axe and photographed (tests/browser/screenshots/profile-words-*).
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { TranslationRepository } from '../../src/repositories/translation.repository.js';
import { createCustomer, signIn } from '../helpers/app.js';
import { inspect, launchBrowser, openPage, startApp, type RunningApp } from '../helpers/browser.js';
import { seedFullProfile } from '../helpers/fixtures.js';

let browser: Browser;
let app: RunningApp;
let slug: string;

beforeAll(async () => {
  [browser, app] = await Promise.all([launchBrowser(), startApp()]);
  const t = app.test;
  const customer = await createCustomer(t, await signIn(t.app), 'Ayşe', 'Kaya');
  slug = customer.slug;
  await seedFullProfile(t, customer.id);
  await request(t.app)
    .post(`/edit/${customer.editToken}/hours`)
    .type('form')
    .send({
      hours_1: '09:00-18:00',
      hours_2: '09:00-18:00',
      hours_3: '09:00-18:00',
      hours_4: '09:00-18:00',
      hours_5: '09:00-18:00',
      hours_6: '',
      hours_7: '',
      closed_dates: '',
    })
    .expect(303);
  await request(t.app)
    .post(`/edit/${customer.editToken}/leads/settings`)
    .type('form')
    .send({ enabled: '1', fields: ['phone', 'email'], prompt: '', notice: 'Veri sorumlusu.', retention_months: '12' })
    .expect(303);
  await new TranslationRepository(t.db).setLanguages(customer.id, ['en', 'ar']);
});
afterAll(async () => {
  await Promise.all([browser?.close(), app?.close()]);
});

describe.each(['en', 'ar'] as const)('the page in %s', (lang) => {
  it.each(['phone', 'desktop'] as const)('reads in the language at %s width, without JavaScript', async (device) => {
    const { context, page } = await openPage(browser, { baseURL: app.baseURL, javaScript: false, device });
    try {
      await page.goto(`/${slug}?dil=${lang}&sent=1`);
      await expect.poll(() => page.locator('html').getAttribute('lang')).toBe(lang);
      const heading = lang === 'en' ? 'Suggestions and Complaints' : 'اقتراحات وشكاوى';
      expect(await page.locator('#mesaj-baslik').textContent()).toBe(heading);
      await inspect(page, `profile-words-${lang}-${device}`);
    } finally {
      await context.close();
    }
  });
});
