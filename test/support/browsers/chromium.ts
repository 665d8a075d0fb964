/**
 * Headless Chromium for the browser tests, driven by playwright-core over the DevTools protocol:
 * Debian's own build at /usr/bin/chromium, never a downloaded one. Missing, it fails the test
 * with what to do (`npm run test:all` installs it with apt-get).
 *
 * @module
 */
import { existsSync } from 'node:fs';
import { chromium, type Page } from 'playwright-core';
import { recordChromiumTraffic } from './chromium-traffic.js';
import { fileConsoleMessage, fileUncaught, type ConsoleRecord, type DrivenBrowser, type DrivenPage } from './driven-page.js';

/** The Chromium to drive: `CHROMIUM_PATH` (set by `npm run test:all`), else where Debian installs it. */
export const CHROMIUM_PATH = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

function drive(page: Page): DrivenPage {
  const record: ConsoleRecord = { problems: [], notes: [] };
  page.on('pageerror', (error) => fileUncaught(record, error));
  page.on('console', (message) => fileConsoleMessage(record, message.type(), message.text()));
  const traffic = recordChromiumTraffic(page);
  return {
    browser: 'chromium',
    console: record,
    traffic,
    async goto(url) {
      await page.goto(url);
    },
    async waitFor(selector, timeoutMs) {
      await page.waitForSelector(selector, { timeout: timeoutMs });
    },
    async text(selector, timeoutMs) {
      return (await page.textContent(selector, { timeout: timeoutMs })) ?? '';
    },
    async attribute(selector, name) {
      const element = await page.$(selector);
      return (await element?.getAttribute(name)) ?? undefined;
    },
    count: (selector) => page.locator(selector).count(),
    isVisible: (selector) => page.locator(selector).first().isVisible(),
    evaluate: (fn) => page.evaluate(fn),
    content: () => page.content(),
    setViewport: (size) => page.setViewportSize(size),
    async screenshot(path) {
      await page.screenshot({ path, fullPage: true, animations: 'disabled' });
    },
  };
}

/**
 * Launches headless Chromium.
 *
 * @throws Error naming the missing executable and how to install it.
 * @example
 * ```ts
 * const browser = await launchChromium();
 * const page = await browser.newPage({ width: 1000, height: 900 });
 * ```
 */
export async function launchChromium(): Promise<DrivenBrowser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium is not installed at ${CHROMIUM_PATH}: install it (apt-get install chromium) or set CHROMIUM_PATH; the browser tests do not download browsers`);
  }
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    timeout: 30_000,
  });
  return {
    name: 'chromium',
    version: async () => `chromium/${browser.version()}`,
    newPage: async (viewport) => drive(await browser.newPage({ viewport })),
    close: () => browser.close(),
  };
}
