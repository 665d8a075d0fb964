/**
 * One way for the browser tests to drive a page, whichever browser renders it: Debian's Chromium
 * through playwright-core, Debian's Firefox ESR through puppeteer-core over WebDriver BiDi. A
 * suite written against {@link DrivenPage} runs unchanged on both (`launchBrowser` in
 * `launch.ts` starts either); neither browser is ever downloaded.
 *
 * @module
 */

/** The browsers the tests run the pages in. */
export type BrowserName = 'chromium' | 'firefox';

/** Every browser the tests run the pages in, in the order their suites are named. */
export const BROWSERS: readonly BrowserName[] = ['chromium', 'firefox'];

/** A viewport's size, in CSS pixels. */
export interface Viewport {
  readonly width: number;
  readonly height: number;
}

/** What the page's console said, and what it threw, since the page was opened. */
export interface ConsoleRecord {
  /** Console errors and warnings (`console error: ...`, `console warning: ...`) and uncaught errors (`uncaught: ...`). */
  readonly problems: string[];
  /** The console's other messages (info, log, debug), as their text. */
  readonly notes: string[];
}

/** Everything a page sends and receives, as text, so a test can prove a value never reached it. */
export interface Traffic {
  /** `METHOD URL` of every HTTP request, in order (websocket handshakes are in {@link sockets}, not here). */
  readonly requests: string[];
  /** URLs of the websockets the page opened, in order. */
  readonly sockets: string[];
  /** All exchanged text: URLs, request headers and bodies, response bodies, websocket frames. */
  texts(): Promise<string[]>;
}

/** A page open in one of the browsers. */
export interface DrivenPage {
  /** Which browser renders it. */
  readonly browser: BrowserName;
  /** Its console, recorded from before its first navigation. */
  readonly console: ConsoleRecord;
  /** Its traffic, recorded from before its first navigation. */
  readonly traffic: Traffic;
  /** Navigates, and resolves once the document has loaded. */
  goto(url: string): Promise<void>;
  /** Waits until an element matching the CSS `selector` is shown (in the layout, not hidden), for at most `timeoutMs`. */
  waitFor(selector: string, timeoutMs: number): Promise<void>;
  /** The text content of the first element matching `selector`, once there is one (at most `timeoutMs`). */
  text(selector: string, timeoutMs: number): Promise<string>;
  /** The attribute `name` of the first element matching `selector` (`undefined` without the element or attribute). */
  attribute(selector: string, name: string): Promise<string | undefined>;
  /** How many elements match `selector` now. */
  count(selector: string): Promise<number>;
  /** Whether the first element matching `selector` is shown (a non-empty box, not `visibility: hidden`). */
  isVisible(selector: string): Promise<boolean>;
  /**
   * Runs `fn` in the page and returns its JSON-serialisable result. `fn` is sent as its source
   * text: it may use only its own variables and the page's globals.
   */
  evaluate<R>(fn: () => R): Promise<R>;
  /** The document's HTML as it is now. */
  content(): Promise<string>;
  /** Resizes the viewport. */
  setViewport(size: Viewport): Promise<void>;
  /** Writes a PNG of the whole page (beyond the viewport) to `path`. */
  screenshot(path: string): Promise<void>;
}

/** A running browser. */
export interface DrivenBrowser {
  readonly name: BrowserName;
  /** The browser's own name and version, e.g. `firefox/153.8.0`. */
  version(): Promise<string>;
  /** Opens a page of `viewport`'s size with its console and traffic recorded, at `about:blank`. */
  newPage(viewport: Viewport): Promise<DrivenPage>;
  /** Closes every page and ends the browser's process. */
  close(): Promise<void>;
}

/**
 * Files one console message: an `error` or a `warning` (puppeteer's `warn`) among the problems,
 * anything else among the notes. Both drivers file through here, so a page's console is judged
 * the same way in either browser.
 *
 * @example
 * ```ts
 * fileConsoleMessage(record, 'warn', 'deprecated');
 * record.problems; // ['console warning: deprecated']
 * ```
 */
export function fileConsoleMessage(record: ConsoleRecord, type: string, text: string): void {
  const kind = type === 'warn' ? 'warning' : type;
  if (kind === 'error' || kind === 'warning') record.problems.push(`console ${kind}: ${text}`);
  else record.notes.push(text);
}

/**
 * Files an uncaught error of the page among the problems.
 *
 * @example
 * ```ts
 * fileUncaught(record, new Error('boom'));
 * record.problems; // ['uncaught: boom']
 * ```
 */
export function fileUncaught(record: ConsoleRecord, error: unknown): void {
  record.problems.push(`uncaught: ${error instanceof Error ? error.message : String(error)}`);
}
