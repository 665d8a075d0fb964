/** The React example end to end in headless Firefox ESR, driven by puppeteer-core over WebDriver BiDi (`example-suite.ts` holds the tests). */
import { describeReactExample } from './example-suite.js';

describeReactExample('firefox');
