/** The React example end to end in headless Chromium, driven by playwright-core (`example-suite.ts` holds the tests). */
import { describeReactExample } from './example-suite.js';

describeReactExample('chromium');
