/**
 * The React example end to end: its backend (the listen-key broker and the simulator trading on
 * the sub-account) in-process, the page bundled with React's development build, headless Chromium
 * rendering it inside `<StrictMode>`. Over the page's whole life the simulator sees one listen key
 * made (StrictMode's mount, unmount and mount again make none more), the numbers on the page move
 * with the trading and end equal to the simulator's, the console stays clean (any error or warning
 * fails the test it happened in), and leaving the page leaves no key valid two seconds later. The
 * page is shot at 1000 px and at a phone's 390 px, where nothing may be wider than the viewport.
 */
import { mkdir } from 'node:fs/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import type { Subscription } from 'rxjs';
import { buildPage } from '../../examples/react/build.js';
import { startReactExample, SYMBOL, type ReactExample } from '../../examples/react/server.js';
import { compareDecimal } from '../../src/decimal/index.js';
import { launchChromium } from '../browser/chromium.js';
import { recordTraffic, type Traffic } from '../browser/traffic.js';

const WAIT_MS = 15_000;
/** How soon after the page is left its key must be closed. */
const LEAVE_MS = 2_000;
const DESKTOP = { width: 1000, height: 900 };
const PHONE = { width: 390, height: 844 };
const SCREENSHOTS = { desktop: 'test-output/react/desktop-1000.png', phone: 'test-output/react/phone-390.png' };
const DEVTOOLS_NOTICE = 'Download the React DevTools';

let example: ReactExample | undefined;
let browser: Browser | undefined;
let page: Page;
let traffic: Traffic;
let bundle: string;
let keyEvents: Subscription | undefined;
/** Every listen key the simulator made for the sub-account, in order. */
const created: string[] = [];
/** Console errors and warnings, and uncaught errors, of the page since the last test ended. */
const pageProblems: string[] = [];
/** The page's console messages of other kinds (info, log, debug). */
const pageNotes: string[] = [];

function running(): ReactExample {
  if (example === undefined) throw new Error('the example did not start');
  return example;
}

/** Polls `read` until `accept` holds, then returns the value; fails with the last value after `withinMs`. */
async function eventually<T>(what: string, read: () => Promise<T> | T, accept: (value: T) => boolean, withinMs = WAIT_MS): Promise<T> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const value = await read();
    if (accept(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; last seen: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Balances as `ASSET free/frozen`, open orders as `id=STATUS filled`. */
interface View {
  readonly balances: readonly string[];
  readonly orders: readonly string[];
}

/** What the page shows. */
async function shown(): Promise<View> {
  return page.evaluate(() => {
    const text = (row: Element, field: string): string => row.querySelector(`[data-field="${field}"]`)?.textContent ?? '?';
    return {
      balances: Array.from(document.querySelectorAll('#balances [data-asset]')).map((r) => `${r.getAttribute('data-asset') ?? '?'} ${text(r, 'free')}/${text(r, 'frozen')}`),
      orders: Array.from(document.querySelectorAll('#orders tbody tr')).map((r) => `${r.getAttribute('data-order-id') ?? '?'}=${r.getAttribute('data-status') ?? '?'} ${text(r, 'filled')}`),
    };
  });
}

/** The simulator's own balances and open orders, in the form of {@link shown}, sorted as the page sorts them. */
function simulatorView(): View {
  const { sim, account } = running();
  const open = sim.market.orders(account.name).filter((o) => o.status === 'NEW' || o.status === 'PARTIALLY_FILLED');
  return {
    balances: sim.admin.balances(account.name, 'SPOT').map((b) => `${b.asset} ${b.free}/${b.locked}`).sort(),
    orders: open.map((o) => `${o.orderId}=${o.status} ${o.filledQuantity}`).sort(),
  };
}

/** Whether two views show the same lines, their figures compared as decimals ('1.50' is '1.5'), in any order. */
function sameView(a: View, b: View): boolean {
  const same = (x: readonly string[], y: readonly string[]): boolean => {
    const figures = (line: string): string[] => line.split(/[ /]/).slice(1).filter((part) => /^[\d.]+$/.test(part));
    const label = (line: string): string => line.split(' ')[0] ?? '';
    const sorted = (lines: readonly string[]): string[] => [...lines].sort((p, q) => label(p).localeCompare(label(q)));
    const [xs, ys] = [sorted(x), sorted(y)];
    return xs.length === ys.length && xs.every((line, i) => {
      const other = ys[i] ?? '';
      const [f, g] = [figures(line), figures(other)];
      return label(line) === label(other) && f.length === g.length && f.every((value, j) => compareDecimal(value, g[j] ?? '') === 0);
    });
  };
  return same(a.balances, b.balances) && same(a.orders, b.orders);
}

/**
 * How the page is laid out: its scrolling width, the parts wider than their box, the figures
 * whose text is cut, the cells of the first order not shown, and where each panel starts.
 */
function layoutOf(target: Page): Promise<{ width: number; overflowing: string[]; cut: string[]; hidden: string[]; panelTops: number[] }> {
  return target.evaluate(() => {
    const all = (selector: string): HTMLElement[] => Array.from(document.querySelectorAll<HTMLElement>(selector));
    const name = (element: HTMLElement): string => element.id || element.dataset['field'] || element.tagName;
    return {
      width: document.documentElement.scrollWidth,
      overflowing: all('.panel, header, footer').filter((part) => part.scrollWidth > part.clientWidth).map(name),
      cut: all('.panel [data-field]').filter((cell) => cell.scrollWidth > cell.clientWidth).map(name),
      hidden: all('#orders tbody tr:first-child td').filter((cell) => cell.offsetWidth === 0).map(name),
      panelTops: all('.panel').map((panel) => Math.round(panel.getBoundingClientRect().top)),
    };
  });
}

const validKeys = (): string[] => {
  const { sim, account } = running();
  return sim.admin.listenKeys(account.name).filter((k) => k.valid).map((k) => k.key);
};

beforeAll(async () => {
  await mkdir('test-output/react', { recursive: true });
  browser = await launchChromium();
  bundle = await buildPage('development');
  example = await startReactExample({ bundle, tradeIntervalMs: 200 });
  const uid = example.sim.admin.accountOf(example.account.name)?.uid;
  keyEvents = example.sim.events.subscribe((event) => {
    if (event.type === 'listenKey' && event.action === 'created' && event.uid === uid) created.push(event.key);
  });
  page = await browser.newPage({ viewport: DESKTOP });
  page.on('pageerror', (error) => pageProblems.push(`uncaught: ${error.message}`));
  page.on('console', (message) => {
    const kind = message.type();
    if (kind === 'error' || kind === 'warning') pageProblems.push(`console ${kind}: ${message.text()}`);
    else pageNotes.push(message.text());
  });
  traffic = recordTraffic(page);
  await page.goto(example.url);
}, 90_000);

afterEach(() => {
  // Whatever the page logged during a test fails that test.
  expect(pageProblems.splice(0)).toEqual([]);
});

afterAll(async () => {
  keyEvents?.unsubscribe();
  await browser?.close();
  await example?.close();
}, 60_000);

describe('the React example', () => {
  it("runs React's development build, the one whose StrictMode mounts every component twice", async () => {
    expect(bundle).toContain('react-dom-client.development.js');
    expect(bundle).not.toContain('react-dom-client.production.js');
    expect(bundle).toMatch(/\bStrictMode\b/);
    // Only the development build says this, once it rendered.
    await eventually('the development build rendering', () => pageNotes.some((note) => note.includes(DEVTOOLS_NOTICE)), (seen) => seen);
    await page.waitForSelector('#balances', { timeout: WAIT_MS });
  }, 60_000);

  it('goes live and shows the funded account', async () => {
    await page.waitForSelector('.connection[data-state="live"]', { timeout: WAIT_MS });
    expect(await page.textContent('.account')).toBe(running().account.name);
    const view = await eventually('both assets', shown, (v) => v.balances.length === 2);
    expect(view.balances.map((line) => line.split(' ')[0])).toEqual(['BTC', 'USDT']);
    await page.waitForSelector('#balances[data-stale="false"]', { timeout: WAIT_MS });
    await page.waitForSelector('#orders[data-stale="false"]', { timeout: WAIT_MS });
  }, 60_000);

  it('shows numbers that change as the simulator trades, and then equal its own', async () => {
    // The market trades from the start, while the page loads: an order finished between the
    // seeds' first read and the stream's first connection must not stay open on the page (the
    // operators read their seeds again at that connection).
    await page.waitForSelector('.connection[data-state="live"]', { timeout: WAIT_MS });
    const first = await shown();
    const moved = await eventually('the balances and orders to change', shown, (view) => JSON.stringify(view) !== JSON.stringify(first));
    expect(moved).not.toEqual(first);
    // And once more: the page follows the trading, it did not only catch up once.
    await eventually('a second change', shown, (view) => JSON.stringify(view) !== JSON.stringify(moved));

    const { sim, account } = running();
    running().stopTrading();
    // Two orders of its own, so the picture shows open orders whatever the driver left.
    sim.market.placeOrder({ account: account.name, symbol: SYMBOL, side: 'BUY', price: '29500', quantity: '0.02' });
    const partly = sim.market.placeOrder({ account: account.name, symbol: SYMBOL, side: 'SELL', price: '30500', quantity: '0.03' });
    sim.market.fill(partly.orderId, '0.0125');
    await eventually("the simulator's balances and open orders", async () => ({ page: await shown(), simulator: simulatorView() }), (seen) => sameView(seen.page, seen.simulator));
    await page.waitForSelector(`#orders tr[data-order-id="${partly.orderId}"][data-status="PARTIALLY_FILLED"]`, { timeout: WAIT_MS });
  }, 60_000);

  it("has made one listen key and one connection in the page's life so far", async () => {
    const { sim, account } = running();
    expect(created).toHaveLength(1);
    expect(validKeys()).toEqual(created);
    const origin = new URL(running().url).origin;
    expect(traffic.requests.filter((r) => r === `POST ${origin}/api/mexc/listen-key`)).toHaveLength(1);
    expect(traffic.sockets).toHaveLength(1);
    expect(sim.ws.connections({ account: account.name })).toHaveLength(1);
    // No credential ever reached the page: only the listen key travelled.
    const seen = [await page.content(), ...(await traffic.texts())].join('\n');
    for (const secret of [account.credentials.apiKey, account.credentials.secretKey, sim.master.apiKey, sim.master.secretKey]) expect(seen.includes(secret)).toBe(false);
  }, 60_000);

  it('is laid out side by side at 1000 px, nothing wider than the viewport (screenshot)', async () => {
    await page.screenshot({ path: SCREENSHOTS.desktop, fullPage: true, animations: 'disabled' });
    const layout = await layoutOf(page);
    expect(layout.width).toBeLessThanOrEqual(DESKTOP.width);
    expect(layout.overflowing).toEqual([]);
    expect(layout.cut).toEqual([]);
    // Both panels start on the same line.
    expect(new Set(layout.panelTops).size).toBe(1);
  }, 60_000);

  it('is readable on a 390 px wide phone: one column, nothing wider than the viewport, no figure cut or hidden (screenshot)', async () => {
    await page.setViewportSize(PHONE);
    try {
      await page.screenshot({ path: SCREENSHOTS.phone, fullPage: true, animations: 'disabled' });
      const layout = await layoutOf(page);
      expect(layout.width).toBeLessThanOrEqual(PHONE.width);
      expect(layout.overflowing).toEqual([]);
      expect(layout.cut).toEqual([]);
      expect(layout.hidden).toEqual([]);
      expect(new Set(layout.panelTops).size).toBe(2);
    } finally {
      await page.setViewportSize(DESKTOP);
    }
  }, 60_000);

  it('leaves no listen key valid two seconds after the page is left, and made no other in its whole life', async () => {
    const [key] = validKeys();
    expect(key).toBeDefined();
    const left = Date.now();
    await page.goto('about:blank');
    await eventually('no valid listen key', validKeys, (valid) => valid.length === 0, LEAVE_MS - (Date.now() - left));
    // DELETEd (L4) through the broker on the page's pagehide: not expired, not closed by the backend's shutdown.
    expect(running().sim.admin.listenKey(key ?? '')?.closed).toBe(true);
    expect(created).toEqual([key]);
  }, 60_000);
});
