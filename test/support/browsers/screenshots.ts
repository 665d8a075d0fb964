/**
 * Where a suite's screenshots go: Chromium's where they always were, each other browser's beside
 * them with its name in front (`test-output/react/firefox-phone-390.png`).
 *
 * @module
 */
import type { BrowserName } from './driven-page.js';

/**
 * The desktop (1000 px) and phone (390 px) screenshots of a suite writing to `folder`, in `browser`.
 *
 * @example
 * ```ts
 * screenshotPaths('test-output/react', 'firefox');
 * // { desktop: 'test-output/react/firefox-desktop-1000.png', phone: 'test-output/react/firefox-phone-390.png' }
 * ```
 */
export function screenshotPaths(folder: string, browser: BrowserName): { readonly desktop: string; readonly phone: string } {
  const prefix = browser === 'chromium' ? '' : `${browser}-`;
  return { desktop: `${folder}/${prefix}desktop-1000.png`, phone: `${folder}/${prefix}phone-390.png` };
}
