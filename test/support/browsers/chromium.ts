/**
 * Headless Chromium for the browser tests: Debian's own build at /usr/bin/chromium, never a
 * downloaded one. Missing, it fails the test with what to do (`npm run test:all` installs it with apt-get).
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/** The Chromium to drive: `CHROMIUM_PATH` (set by `npm run test:all`), else where Debian installs it. */
export const CHROMIUM_PATH = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

/**
 * Launches headless Chromium.
 *
 * @throws Error naming the missing executable and how to install it.
 * @example
 * ```ts
 * const browser = await launchChromium();
 * ```
 */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium is not installed at ${CHROMIUM_PATH}: install it (apt-get install chromium) or set CHROMIUM_PATH; the browser tests do not download browsers`);
  }
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    timeout: 30_000,
  });
}
