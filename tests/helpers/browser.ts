/**
 * Browser test harness: Chromium driven by playwright-core, the real app on a random local
 * port, pages with JavaScript on or off, axe checks and screenshots.
 *
 * Nothing here ever downloads a browser: playwright-core only launches the executable that
 * tests/helpers/test-chromium.ts found (Debian's, or the one an npm package ships), with the
 * fonts it names, so the pictures are the same on every machine.
 */
import { readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AxeResults } from 'axe-core';
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from 'playwright-core';
import { createTestApp, type TestApp } from './app.js';

export const SCREENSHOT_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  'browser',
  'screenshots',
);

const LAUNCH_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Launches the system Chromium. `launch()` (unlike `launchPersistentContext()`) makes a new
 * temporary user-data-dir for every launch and removes it on `close()`, so no profile,
 * cookie or cache survives from one run to the next; that is why no `--user-data-dir` is passed.
 */
export async function launchBrowser(): Promise<Browser> {
  const executablePath = process.env.VIZIT_TEST_CHROMIUM;
  if (!executablePath)
    throw new Error('no Chromium: tests/helpers/global-setup.ts finds one before the browser suites run');
  return chromium.launch({
    executablePath,
    args: LAUNCH_ARGS,
    env: { ...process.env, FONTCONFIG_FILE: process.env.VIZIT_TEST_FONTCONFIG },
    timeout: 60_000,
  });
}

export interface RunningApp {
  /** `http://127.0.0.1:{port}`, no trailing slash. */
  baseURL: string;
  test: TestApp;
  close(): Promise<void>;
}

/**
 * The real app (fresh database, one administrator) listening on 127.0.0.1 on a free port; `options` as createTestApp's.
 */
export async function startApp(options: Parameters<typeof createTestApp>[0] = {}): Promise<RunningApp> {
  const test = await createTestApp(options);
  const server = createServer(test.app).listen(0, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}`,
    test,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await test.close();
    },
  };
}

export const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const;

export interface PageOptions {
  baseURL: string;
  javaScript: boolean;
  device?: keyof typeof VIEWPORTS;
  colorScheme?: 'light' | 'dark';
  /** Browser permissions granted to the app's origin, e.g. `['clipboard-read', 'clipboard-write']`. */
  permissions?: string[];
}

/** Pages whose context has JavaScript off (axe needs a moment of script execution on them). */
const scriptlessPages = new WeakSet<Page>();

/**
 * A fresh context (own cookies) and one page in it; close the context when done.
 *
 * A story that watches a second page (the public page beside the editor) opens it with another
 * call, not with `context.newPage()`: in Chromium's full headless mode (Debian's) a second tab of
 * one context hides the first, and a hidden tab paints about once a second, so every click there
 * waits for a frame. A page of a context of its own is a window of its own, never hidden.
 */
export async function openPage(
  browser: Browser,
  options: PageOptions,
): Promise<{ context: BrowserContext; page: Page }> {
  const device = options.device ?? 'phone';
  const context = await browser.newContext({
    baseURL: options.baseURL,
    javaScriptEnabled: options.javaScript,
    viewport: VIEWPORTS[device],
    deviceScaleFactor: 1,
    isMobile: false,
    hasTouch: device === 'phone',
    colorScheme: options.colorScheme ?? 'light',
    reducedMotion: 'reduce',
    locale: 'tr-TR',
    timezoneId: 'Europe/Istanbul',
    serviceWorkers: 'block',
  });
  if (options.permissions?.length) await context.grantPermissions(options.permissions, { origin: options.baseURL });
  // The app is self-contained: anything that leaves it is a bug, and must not reach the network.
  await context.route(
    (url) => url.origin !== options.baseURL && url.protocol !== 'data:' && url.protocol !== 'about:',
    (route) => route.abort('blockedbyclient'),
  );
  context.setDefaultTimeout(10_000);
  context.setDefaultNavigationTimeout(15_000);
  const page = await context.newPage();
  if (!options.javaScript) scriptlessPages.add(page);
  return { context, page };
}

const cdpSessions = new WeakMap<Page, CDPSession>();

/**
 * Runs `fn` with script execution briefly allowed on a JavaScript-off page, so axe (which
 * needs timers) can run; the page's own scripts never run, they were skipped at load.
 *
 * Chromium applies `Emulation.setScriptExecutionDisabled` page-wide, last writer wins, but
 * each DevTools session ignores a value equal to its own last one and lifts its override
 * when it detaches. So our own session first says "disabled" (a no-op, the page already is),
 * then "enabled", and afterwards "disabled" again; it stays attached so the page stays
 * scriptless. The stories check `html.js` is never set, which would show a leak.
 */
async function withScriptsAllowed<T>(page: Page, fn: () => Promise<T>): Promise<T> {
  if (!scriptlessPages.has(page)) return fn();
  let cdp = cdpSessions.get(page);
  if (!cdp) {
    cdp = await page.context().newCDPSession(page);
    cdpSessions.set(page, cdp);
    await cdp.send('Emulation.setScriptExecutionDisabled', { value: true });
  }
  await cdp.send('Emulation.setScriptExecutionDisabled', { value: false });
  try {
    return await fn();
  } finally {
    await cdp.send('Emulation.setScriptExecutionDisabled', { value: true });
  }
}

/**
 * axe-core's browser build. A page takes it once per document, by evaluation: the app's CSP admits no script tag of
 * ours, and `@axe-core/playwright` evaluated its 580 KB twice and configured it again on every check, half of a
 * check's time.
 */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Fails on any axe violation of impact `serious` or `critical`, listing ids, targets and help. Only the violations are
 * collected, so axe keeps no node details for what passed (about a tenth of a check's time). Frames are left out: the
 * only one our pages hold is a PDF viewer, with no markup of ours inside (its element is checked in the page).
 */
export async function checkA11y(page: Page, name: string): Promise<void> {
  const results = await withScriptsAllowed(page, async () => {
    if ((await page.evaluate('typeof window.axe')) === 'undefined') await page.evaluate(AXE_SOURCE);
    return (await page.evaluate(
      'window.axe.run(document, { resultTypes: ["violations"], iframes: false })',
    )) as AxeResults;
  });
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  if (blocking.length === 0) return;
  const report = blocking
    .map((v) => {
      const targets = v.nodes.map(
        (n) =>
          `      - ${n.target.join(' ')}` +
          (n.failureSummary ? `\n        ${n.failureSummary.replace(/\n/g, '\n        ')}` : ''),
      );
      return `  [${v.impact}] ${v.id}: ${v.help}\n    ${v.helpUrl}\n${targets.join('\n')}`;
    })
    .join('\n');
  throw new Error(`Accessibility violations on "${name}" (${page.url()}):\n${report}`);
}

/**
 * A PNG in tests/browser/screenshots/{name}.png (git-ignored); returns its path. The whole
 * page, except while a dialog is showing: a fixed dialog over a stitched full-page capture
 * lands in the wrong place, so then it is the screen the user actually sees.
 */
export async function screenshot(page: Page, name: string): Promise<string> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  const dialogShowing = await page.evaluate(() => document.querySelector('dialog[open], .modal:target') !== null);
  await page.screenshot({ path: file, fullPage: !dialogShowing, animations: 'disabled', caret: 'hide' });
  return file;
}

/** The page's axe check and screenshot together: every page a story visits gets both. */
export async function inspect(page: Page, name: string): Promise<void> {
  await checkA11y(page, name);
  await screenshot(page, name);
}
