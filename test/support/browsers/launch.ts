/**
 * Starts the browser a suite asks for, loading only that browser's driver (playwright-core for
 * Chromium, puppeteer-core for Firefox).
 *
 * @module
 */
import type { BrowserName, DrivenBrowser } from './driven-page.js';

/**
 * Starts `name` headless, from the system's own installation (`CHROMIUM_PATH`, `FIREFOX_PATH`;
 * `npm run test:all` installs them with apt-get).
 *
 * @throws Error naming the missing executable and how to install it.
 * @example
 * ```ts
 * const browser = await launchBrowser('firefox');
 * const page = await browser.newPage({ width: 1000, height: 900 });
 * await page.goto(url);
 * expect(page.console.problems).toEqual([]);
 * await browser.close();
 * ```
 */
export async function launchBrowser(name: BrowserName): Promise<DrivenBrowser> {
  if (name === 'chromium') return (await import('./chromium.js')).launchChromium();
  return (await import('./firefox.js')).launchFirefox();
}
