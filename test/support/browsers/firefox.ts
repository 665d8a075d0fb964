/**
 * Headless Firefox for the browser tests, driven by puppeteer-core over WebDriver BiDi (no driver
 * program between them): Debian's own Firefox ESR at /usr/bin/firefox-esr, never a downloaded
 * one. Missing, it fails the test with what to do (`npm run test:all` installs it with apt-get).
 *
 * @module
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import puppeteer, { type Page } from 'puppeteer-core';
import { fileConsoleMessage, fileUncaught, type ConsoleRecord, type DrivenBrowser, type DrivenPage } from './driven-page.js';
import { recordFirefoxTraffic } from './firefox-traffic.js';

/** The Firefox to drive: `FIREFOX_PATH` (set by `npm run test:all`), else where Debian installs it. */
export const FIREFOX_PATH = process.env['FIREFOX_PATH'] ?? '/usr/bin/firefox-esr';

/** The first Firefox whose WebDriver BiDi serves everything puppeteer-core asks of it (an ESR line). */
export const OLDEST_FIREFOX = 128;

/** The major version `firefox --version` prints (`Mozilla Firefox 153.8.0esr`), or `undefined` when it prints none. */
export function firefoxMajor(printed: string): number | undefined {
  const match = /Firefox (\d+)\./.exec(printed);
  return match?.[1] === undefined ? undefined : Number(match[1]);
}

/**
 * An uncaught error as Chromium's driver reports it: BiDi's text of it, which puppeteer-core makes
 * the message, starts with the error's name (`Error: boom`), where the DevTools protocol gives
 * the message alone (`boom`).
 */
function asChromiumReports(error: unknown): unknown {
  return error instanceof Error ? new Error(error.message.replace(/^[A-Za-z]*Error: /, '')) : error;
}

async function drive(page: Page): Promise<DrivenPage> {
  const record: ConsoleRecord = { problems: [], notes: [] };
  page.on('pageerror', (error) => fileUncaught(record, asChromiumReports(error)));
  page.on('console', (message) => fileConsoleMessage(record, message.type(), message.text()));
  const traffic = await recordFirefoxTraffic(page);
  return {
    browser: 'firefox',
    console: record,
    traffic,
    async goto(url) {
      await page.goto(url, { waitUntil: 'load' });
    },
    async waitFor(selector, timeoutMs) {
      await page.waitForSelector(selector, { visible: true, timeout: timeoutMs });
    },
    async text(selector, timeoutMs) {
      const element = await page.waitForSelector(selector, { timeout: timeoutMs });
      return (await element?.evaluate((node) => node.textContent)) ?? '';
    },
    async attribute(selector, name) {
      const element = await page.$(selector);
      return (await element?.evaluate((node, attribute) => node.getAttribute(attribute), name)) ?? undefined;
    },
    count: async (selector) => (await page.$$(selector)).length,
    async isVisible(selector) {
      const element = await page.$(selector);
      return (await element?.isVisible()) ?? false;
    },
    evaluate: (fn) => page.evaluate(fn),
    content: () => page.content(),
    setViewport: (size) => page.setViewport(size),
    async screenshot(path) {
      await page.screenshot({ path: path as `${string}.png`, fullPage: true });
    },
  };
}

/**
 * Launches headless Firefox.
 *
 * @throws Error naming the missing executable and how to install it.
 * @example
 * ```ts
 * const browser = await launchFirefox();
 * const page = await browser.newPage({ width: 1000, height: 900 });
 * ```
 */
export async function launchFirefox(): Promise<DrivenBrowser> {
  if (!existsSync(FIREFOX_PATH)) {
    throw new Error(`Firefox is not installed at ${FIREFOX_PATH}: install it (apt-get install firefox-esr) or set FIREFOX_PATH; the browser tests do not download browsers`);
  }
  const printed = execFileSync(FIREFOX_PATH, ['--version'], { encoding: 'utf8', timeout: 30_000 });
  const major = firefoxMajor(printed);
  if (major === undefined || major < OLDEST_FIREFOX) {
    throw new Error(`${FIREFOX_PATH} is ${printed.trim() || 'not a Firefox'}: the browser tests drive Firefox ${OLDEST_FIREFOX} or later over WebDriver BiDi (apt-get install firefox-esr)`);
  }
  const browser = await puppeteer.launch({ browser: 'firefox', executablePath: FIREFOX_PATH, headless: true, timeout: 30_000 });
  return {
    name: 'firefox',
    version: () => browser.version(),
    async newPage(viewport) {
      const page = await browser.newPage();
      await page.setViewport(viewport);
      return drive(page);
    },
    close: () => browser.close(),
  };
}
