/**
 * Steps the owner's browser stories share (tests/browser/owner-*.test.ts): waiting for the page
 * a click leads to, checking a dialog shows the way the mode shows dialogs, collecting console
 * errors, and making a small real video in the browser itself (nothing is downloaded).
 */
import { expect } from 'vitest';
import type { Browser, Locator, Page, Response } from 'playwright-core';

/** Normalised visible text of the first element a locator finds, once it is visible. */
export async function textOf(locator: Locator): Promise<string> {
  await locator.first().waitFor({ state: 'visible' });
  return (await locator.first().innerText()).replace(/\s+/g, ' ').trim();
}

/** The main frame's next document after `action`: the final (non-redirect) response, loaded. */
export async function land(page: Page, action: () => Promise<unknown>): Promise<Response> {
  const committed = page.waitForEvent('framenavigated', { predicate: (frame) => frame === page.mainFrame() });
  const response = page.waitForResponse(
    (r) =>
      r.request().isNavigationRequest() &&
      r.request().frame() === page.mainFrame() &&
      ![301, 302, 303].includes(r.status()),
  );
  // Whatever fails first is reported; the other waits must not reject unobserved.
  committed.catch(() => undefined);
  response.catch(() => undefined);
  await action();
  const res = await response;
  await committed;
  await page.waitForLoadState('load');
  return res;
}

/** Closes what a story opened, the browser context first and the app last. */
export async function closeAll(...things: Array<{ close(): Promise<unknown> } | undefined>): Promise<void> {
  for (const thing of things) await thing?.close();
}

/** Clicks a link to a dialog; checks it shows as a modal (JavaScript) or as `:target`/`[open]` (without). */
export async function openDialog(page: Page, trigger: Locator, id: string, js: boolean): Promise<Locator> {
  await trigger.click();
  if (!js) await page.waitForURL((u) => u.hash === `#${id}`);
  return expectDialog(page, id, js);
}

export async function expectDialog(page: Page, id: string, js: boolean): Promise<Locator> {
  const dialog = page.locator(`dialog#${id}`);
  await dialog.waitFor({ state: 'visible' });
  const shown = await dialog.evaluate((el) => ({
    modal: el.matches(':modal'),
    target: el.matches(':target'),
    open: el.hasAttribute('open'),
  }));
  if (js) expect(shown.modal, `#${id} is modal`).toBe(true);
  else expect(shown.target || shown.open, `#${id} is :target or [open]`).toBe(true);
  return dialog;
}

/**
 * Console errors and page errors of the pages watched, except those expected (an answer with an
 * error status logs one): `take()` returns and clears them for the afterEach check.
 */
export function problemWatcher(): { watch(p: Page): void; expect(re: RegExp): void; take(): string[] } {
  const problems: string[] = [];
  const expected: RegExp[] = [];
  return {
    watch(p) {
      p.on('console', (msg) => {
        if (msg.type() !== 'error') return;
        const text = `${msg.text()} (${msg.location().url || p.url()})`;
        const i = expected.findIndex((re) => re.test(text));
        if (i >= 0) expected.splice(i, 1);
        else problems.push(`console error on ${p.url()}: ${text}`);
      });
      p.on('pageerror', (err) => problems.push(`page error on ${p.url()}: ${err.message}`));
    },
    expect(re) {
      expected.push(re);
    },
    take() {
      expected.splice(0);
      return problems.splice(0);
    },
  };
}

/** Two seconds of a moving colour field as WebM, recorded from a canvas by Chromium's MediaRecorder. */
export async function recordWebm(browser: Browser): Promise<Buffer> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const base64 = await page.evaluate(async () => {
      const canvas = document.createElement('canvas');
      canvas.width = 320;
      canvas.height = 120;
      const ctx = canvas.getContext('2d')!;
      const recorder = new MediaRecorder(canvas.captureStream(15), { mimeType: 'video/webm' });
      const chunks: Blob[] = [];
      recorder.ondataavailable = (e) => chunks.push(e.data);
      const stopped = new Promise((resolve) => (recorder.onstop = resolve));
      recorder.start();
      const started = performance.now();
      await new Promise<void>((resolve) => {
        const draw = () => {
          const t = (performance.now() - started) / 2000;
          const g = ctx.createLinearGradient(0, 0, 320, 120);
          g.addColorStop(0, `hsl(${200 + t * 80} 70% 40%)`);
          g.addColorStop(1, `hsl(${300 + t * 60} 70% 45%)`);
          ctx.fillStyle = g;
          ctx.fillRect(0, 0, 320, 120);
          if (t < 1) requestAnimationFrame(draw);
          else resolve();
        };
        draw();
      });
      recorder.stop();
      await stopped;
      const bytes = new Uint8Array(await new Blob(chunks, { type: 'video/webm' }).arrayBuffer());
      let binary = '';
      for (const b of bytes) binary += String.fromCharCode(b);
      return btoa(binary);
    });
    return Buffer.from(base64, 'base64');
  } finally {
    await context.close();
  }
}
