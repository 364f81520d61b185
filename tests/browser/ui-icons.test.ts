/**
 * The interface's drawn icons (views/partials/ui-icon.ejs) in real Chromium, at phone (390 px)
 * and desktop (1280 px) width: on the landing, sign-in, admin list (empty, no result, paged),
 * new-customer, welcome and messages pages every icon is drawn (its shapes have a size and a
 * colour), as tall as its text, and centred on the text's line. No icon there depends on an
 * emoji font. Every screen is checked with axe and photographed (tests/browser/screenshots/ui-icons-*).
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../helpers/app.js';
import {
  SCREENSHOT_DIR,
  inspect,
  launchBrowser,
  openPage,
  startApp,
  type RunningApp,
  type VIEWPORTS,
} from '../helpers/browser.js';

/** Icons that fill a tile or a badge of their own, sized by it rather than by a line of text. */
const TILES = '.feature__icon, .tile__icon, .empty__icon, .welcome__wave';

interface IconProblem {
  where: string;
  problem: string;
}

/** Every visible interface icon, measured against the text it stands beside. */
async function iconProblems(page: Page): Promise<{ count: number; problems: IconProblem[] }> {
  return page.evaluate((tiles) => {
    const problems: Array<{ where: string; problem: string }> = [];
    const wrappers = Array.from(document.querySelectorAll<HTMLElement>('.ui-icon')).filter(
      (el) => el.getClientRects().length > 0,
    );
    for (const wrapper of wrappers) {
      const svg = wrapper.querySelector('svg');
      const host = wrapper.parentElement!;
      const where = `${host.className || host.tagName}: ${(host.textContent ?? '').trim().slice(0, 30)}`;
      if (wrapper.getAttribute('aria-hidden') !== 'true') problems.push({ where, problem: 'not aria-hidden' });
      if (!svg || svg.getAttribute('class') !== 'icon icon--line') {
        problems.push({ where, problem: 'no drawn icon' });
        continue;
      }
      const box = svg.getBoundingClientRect();
      const shapes = Array.from(svg.children).map((shape) => (shape as SVGGraphicsElement).getBBox());
      if (shapes.length === 0 || shapes.every((b) => b.width === 0 && b.height === 0))
        problems.push({ where, problem: 'empty drawing' });
      const stroke = getComputedStyle(svg).color;
      if (/rgba\(.*, 0\)$|transparent/.test(stroke)) problems.push({ where, problem: `invisible colour ${stroke}` });
      if (wrapper.matches(tiles) || host.matches(tiles)) {
        const tile = wrapper.matches(tiles) ? wrapper : host;
        const t = tile.getBoundingClientRect();
        const offset = Math.max(
          Math.abs(box.x + box.width / 2 - (t.x + t.width / 2)),
          Math.abs(box.y + box.height / 2 - (t.y + t.height / 2)),
        );
        if (offset > 1.5) problems.push({ where, problem: `${offset.toFixed(1)}px off its tile's centre` });
        if (box.width < t.width * 0.35 || box.width > t.width * 0.7)
          problems.push({ where, problem: `${box.width}px in a ${t.width}px tile` });
        continue;
      }
      // Beside text: about a capital's height, and its middle on the middle of the text.
      const size = parseFloat(getComputedStyle(host).fontSize);
      if (box.height < size * 0.95 || box.height > size * 1.25)
        problems.push({ where, problem: `${box.height}px tall beside ${size}px text` });
      const range = document.createRange();
      const text = Array.from(host.childNodes).find(
        (node) => node.nodeType === Node.TEXT_NODE && node.textContent!.trim() !== '',
      );
      if (!text) {
        problems.push({ where, problem: 'no text beside it' });
        continue;
      }
      range.selectNodeContents(text);
      const line = range.getClientRects()[0]!;
      const offset = box.y + box.height / 2 - (line.y + line.height / 2);
      if (Math.abs(offset) > size * 0.15)
        problems.push({ where, problem: `${offset.toFixed(1)}px off the text's middle` });
    }
    return { count: wrappers.length, problems };
  }, TILES);
}

async function expectIcons(page: Page, atLeast: number): Promise<void> {
  const { count, problems } = await iconProblems(page);
  expect(problems).toEqual([]);
  expect(count).toBeGreaterThanOrEqual(atLeast);
  // Nothing of the interface is an emoji or an arrow character any more.
  const text = await page.locator('body').innerText();
  expect(
    text.match(/[\u{1F300}-\u{1FAFF}\u{2600}-\u{27BF}\u{2190}-\u{21FF}\u{2B00}-\u{2BFF}\u{25A0}-\u{25FF}]/gu) ?? [],
  ).toEqual([]);
}

/** A close photograph of one part of a long page (its full-page photograph is too small to judge). */
async function closeUp(page: Page, selector: string, name: string): Promise<void> {
  await page.locator(selector).screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), animations: 'disabled' });
}

function iconStory(device: keyof typeof VIEWPORTS): void {
  const shot = (step: string) => `ui-icons-${device}-${step}`;
  let browser: Browser;
  let app: RunningApp;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    app = await startApp();
    ({ context, page } = await openPage(browser, { baseURL: app.baseURL, javaScript: true, device }));
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await app?.close();
  });

  // One page a test: a screen's axe check and full-page picture take seconds on a busy machine,
  // and a test of five screens ran out of its time there. The tests go on in one window, in order.
  it('landing', async () => {
    await page.goto('/');
    await expectIcons(page, 9);
    await inspect(page, shot('landing'));
  });

  it('sign-in', async () => {
    await page.goto('/login');
    await expectIcons(page, 1);
    await inspect(page, shot('login'));
  });

  it('admin: the empty list', async () => {
    await page.getByLabel('E-posta').fill(ADMIN_EMAIL);
    await page.getByLabel('Şifre').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Giriş Yap' }).click();
    await page.waitForURL('**/admin');
    await expectIcons(page, 1);
    await inspect(page, shot('admin-empty'));
  });

  it('admin: a search without a result', async () => {
    await page.goto('/admin?q=yok');
    await expectIcons(page, 1);
    await inspect(page, shot('admin-no-result'));
  });

  it('admin: a new customer', async () => {
    const created = await app.test.services.customers.create({ name: 'Ayşe', surname: 'Kaya' });
    await page.goto(`/admin/customers/${created.id}?created=1`);
    await page.locator('#olusturuldu').waitFor({ state: 'visible' });
    await expectIcons(page, 2);
    await inspect(page, shot('created'));
  });

  it('admin: a middle page of the list', async () => {
    for (let i = 0; i < 104; i += 1) await app.test.services.customers.create({ name: `Kişi${i}`, surname: 'Test' });
    await page.goto('/admin?sayfa=2');
    await expectIcons(page, 2);
    await inspect(page, shot('admin-page-2'));
    await closeUp(page, 'nav.pagination', shot('admin-pager'));
  });

  describe("the owner's pages", () => {
    let customer: { id: number; editToken: string };
    const base = () => `/edit/${customer.editToken}`;

    beforeAll(async () => {
      customer = await app.test.services.customers.create({ name: 'Zeynep', surname: 'Yılmaz' });
    });

    it('welcome', async () => {
      await page.goto(base());
      await expectIcons(page, 5);
      await inspect(page, shot('welcome'));
    });

    it('messages, none yet', async () => {
      await page.goto(`${base()}/messages`);
      await expectIcons(page, 2);
      await inspect(page, shot('messages-empty'));
    });

    it('messages, the second page', async () => {
      const now = Date.now();
      await app.test.db('anonymous_messages').insert(
        Array.from({ length: 110 }, (_, i) => ({
          customer_id: customer.id,
          message: `Mesaj ${110 - i}: kurs saatleri uzatılabilir mi?`,
          created_at: now - i * 60_000,
        })),
      );
      await page.goto(`${base()}/messages?sayfa=2`);
      // The back arrow, a visitor and a bin on each of the 50 messages, and the two page arrows.
      await expectIcons(page, 1 + 50 * 2 + 2);
      await inspect(page, shot('messages-page-2'));
      await closeUp(page, 'ol.messages > li:last-child', shot('messages-last'));
      await closeUp(page, 'nav.pager', shot('messages-pager'));
    });
  });
}

describe('interface icons in Chromium', () => {
  describe('at phone size', () => iconStory('phone'));
  describe('at desktop size', () => iconStory('desktop'));
});
