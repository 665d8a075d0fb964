/** The browser example end to end in headless Chromium, driven by playwright-core (`example-suite.ts` holds the tests). */
import { describeBrowserExample } from './example-suite.js';

describeBrowserExample('chromium');
