/** The browser example end to end in headless Firefox ESR, driven by puppeteer-core over WebDriver BiDi (`example-suite.ts` holds the tests). */
import { describeBrowserExample } from './example-suite.js';

describeBrowserExample('firefox');
