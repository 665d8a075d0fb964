/**
 * The React example end to end, in one browser (`chromium.test.ts` and `firefox.test.ts` run it
 * in each): its backend (the listen-key broker and the simulator trading on the sub-account)
 * in-process, the page bundled with React's development build, the headless browser rendering it
 * inside `<StrictMode>`. Over the page's whole life the simulator sees one listen key made
 * (StrictMode's mount, unmount and mount again make none more), the numbers on the page move with
 * the trading and end equal to the simulator's, every REST read goes through the backend (which
 * signs it), a dropped connection shows as `reconnecting`, `stale`, `live` with what it missed read
 * again, the console stays clean (any error or warning fails the test it happened in), and leaving
 * the page leaves no key valid two seconds later. The page is shot at 1000 px and at a phone's
 * 390 px, where nothing may be wider than the viewport.
 */
import { mkdir } from 'node:fs/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import type { Subscription } from 'rxjs';
import { buildPage } from '../../examples/react/build.js';
import { startReactExample, SYMBOL, type ReactExample } from '../../examples/react/server.js';
import type { BrowserName, DrivenBrowser, DrivenPage } from '../support/browsers/driven-page.js';
import { launchBrowser } from '../support/browsers/launch.js';
import { screenshotPaths } from '../support/browsers/screenshots.js';
import { connectionStates, layoutOf, sameView, shownOn, simulatorView, watchConnectionStates } from './page-view.js';

const WAIT_MS = 15_000;
/** How soon after the page is left its key must be closed. */
const LEAVE_MS = 2_000;
const DESKTOP = { width: 1000, height: 900 };
const PHONE = { width: 390, height: 844 };
const DEVTOOLS_NOTICE = 'Download the React DevTools';

/**
 * The React example's tests, in `name`.
 *
 * @example
 * ```ts
 * describeReactExample('firefox');
 * ```
 */
export function describeReactExample(name: BrowserName): void {
  const SCREENSHOTS = screenshotPaths('test-output/react', name);
  let example: ReactExample | undefined;
  let browser: DrivenBrowser | undefined;
  let page: DrivenPage;
  let bundle: string;
  let keyEvents: Subscription | undefined;
  /** Every listen key the simulator made for the sub-account, in order. */
  const created: string[] = [];

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

  const validKeys = (): string[] => {
    const { sim, account } = running();
    return sim.admin.listenKeys(account.name).filter((k) => k.valid).map((k) => k.key);
  };

  beforeAll(async () => {
    await mkdir('test-output/react', { recursive: true });
    browser = await launchBrowser(name);
    bundle = await buildPage('development');
    example = await startReactExample({ bundle, tradeIntervalMs: 200 });
    const uid = example.sim.admin.accountOf(example.account.name)?.uid;
    keyEvents = example.sim.events.subscribe((event) => {
      if (event.type === 'listenKey' && event.action === 'created' && event.uid === uid) created.push(event.key);
    });
    page = await browser.newPage(DESKTOP);
    await page.goto(example.url);
  }, 90_000);

  afterEach(() => {
    // Whatever the page logged during a test fails that test.
    expect(page.console.problems.splice(0)).toEqual([]);
  });

  afterAll(async () => {
    keyEvents?.unsubscribe();
    await browser?.close();
    await example?.close();
  }, 60_000);

  describe(`the React example in ${name}`, () => {
    it("runs React's development build, the one whose StrictMode mounts every component twice", async () => {
      expect(bundle).toContain('react-dom-client.development.js');
      expect(bundle).not.toContain('react-dom-client.production.js');
      expect(bundle).toMatch(/\bStrictMode\b/);
      // Only the development build says this, once it rendered.
      await eventually('the development build rendering', () => page.console.notes.some((note) => note.includes(DEVTOOLS_NOTICE)), (seen) => seen);
      await page.waitFor('#balances', WAIT_MS);
    }, 60_000);

    it('goes live and shows the funded account', async () => {
      await page.waitFor('.connection[data-state="live"]', WAIT_MS);
      expect(await page.text('.account', WAIT_MS)).toBe(running().account.name);
      const view = await eventually('both assets', () => shownOn(page), (v) => v.balances.length === 2);
      expect(view.balances.map((line) => line.split(' ')[0])).toEqual(['BTC', 'USDT']);
      await page.waitFor('#balances[data-stale="false"]', WAIT_MS);
      await page.waitFor('#orders[data-stale="false"]', WAIT_MS);
    }, 60_000);

    it('shows numbers that change as the simulator trades, and then equal its own', async () => {
      // The market trades from the start, while the page loads: an order finished between the
      // seeds' first read and the stream's first connection must not stay open on the page (the
      // operators read their seeds again at that connection).
      await page.waitFor('.connection[data-state="live"]', WAIT_MS);
      const first = await shownOn(page);
      const moved = await eventually('the balances and orders to change', () => shownOn(page), (view) => JSON.stringify(view) !== JSON.stringify(first));
      expect(moved).not.toEqual(first);
      // And once more: the page follows the trading, it did not only catch up once.
      await eventually('a second change', () => shownOn(page), (view) => JSON.stringify(view) !== JSON.stringify(moved));

      const { sim, account } = running();
      running().stopTrading();
      // Two orders of its own, so the picture shows open orders whatever the driver left.
      sim.market.placeOrder({ account: account.name, symbol: SYMBOL, side: 'BUY', price: '29500', quantity: '0.02' });
      const partly = sim.market.placeOrder({ account: account.name, symbol: SYMBOL, side: 'SELL', price: '30500', quantity: '0.03' });
      sim.market.fill(partly.orderId, '0.0125');
      await eventually("the simulator's balances and open orders", async () => ({ page: await shownOn(page), simulator: simulatorView(running()) }), (seen) => sameView(seen.page, seen.simulator));
      await page.waitFor(`#orders tr[data-order-id="${partly.orderId}"][data-status="PARTIALLY_FILLED"]`, WAIT_MS);
    }, 60_000);

    it("has made one listen key and one connection in the page's life so far", async () => {
      const { sim, account } = running();
      expect(created).toHaveLength(1);
      expect(validKeys()).toEqual(created);
      const origin = new URL(running().url).origin;
      const { traffic } = page;
      expect(traffic.requests.filter((r) => r === `POST ${origin}/api/mexc/listen-key`)).toHaveLength(1);
      expect(traffic.sockets).toHaveLength(1);
      expect(sim.ws.connections({ account: account.name })).toHaveLength(1);
      // No credential ever reached the page: only the listen key travelled.
      const seen = [await page.content(), ...(await traffic.texts())].join('\n');
      for (const secret of [account.credentials.apiKey, account.credentials.secretKey, sim.master.apiKey, sim.master.secretKey]) expect(seen.includes(secret)).toBe(false);
    }, 60_000);

    it('reads the account only through its backend, which signs each read for it: no request of the page goes to the service', async () => {
      const { sim } = running();
      const origin = new URL(running().url).origin;
      const { requests } = page.traffic;
      // The seeds on the page came from these reads; the backend made each a signed REST call with the
      // sub-account's key (the simulator refuses an unsigned one), and the figures are the simulator's.
      expect(requests).toContain(`GET ${origin}/api/mexc/balances`);
      expect(requests.filter((r) => r.startsWith(`GET ${origin}/api/mexc/open-orders?`)).length).toBeGreaterThan(0);
      expect(requests.filter((r) => !r.includes(` ${origin}/`))).toEqual([]);
      expect(requests.filter((r) => r.includes(sim.restUrl))).toEqual([]);
    }, 60_000);

    it('is laid out side by side at 1000 px, nothing wider than the viewport (screenshot)', async () => {
      await page.screenshot(SCREENSHOTS.desktop);
      const layout = await layoutOf(page);
      expect(layout.width).toBeLessThanOrEqual(DESKTOP.width);
      expect(layout.overflowing).toEqual([]);
      expect(layout.cut).toEqual([]);
      // Both panels start on the same line.
      expect(new Set(layout.panelTops).size).toBe(1);
    }, 60_000);

    it('is readable on a 390 px wide phone: one column, nothing wider than the viewport, no figure cut or hidden (screenshot)', async () => {
      await page.setViewport(PHONE);
      try {
        await page.screenshot(SCREENSHOTS.phone);
        const layout = await layoutOf(page);
        expect(layout.width).toBeLessThanOrEqual(PHONE.width);
        expect(layout.overflowing).toEqual([]);
        expect(layout.cut).toEqual([]);
        expect(layout.hidden).toEqual([]);
        expect(new Set(layout.panelTops).size).toBe(2);
      } finally {
        await page.setViewport(DESKTOP);
      }
    }, 60_000);

    it('after a dropped connection, shows it reconnecting, then stale, then live again with what it missed read through the broker', async () => {
      const { sim, account } = running();
      const origin = new URL(running().url).origin;
      const reads = (): number => page.traffic.requests.filter((r) => r === `GET ${origin}/api/mexc/balances`).length;
      await page.waitFor('.connection[data-state="live"]', WAIT_MS);
      const readsBefore = reads();
      await watchConnectionStates(page);
      expect(sim.ws.drop({ account: account.name })).toBeGreaterThan(0);
      // Placed while no connection is up: its push reaches nobody, only the repair can show it.
      const missed = sim.market.placeOrder({ account: account.name, symbol: SYMBOL, side: 'BUY', price: '29000', quantity: '0.005' });
      const pushes = sim.ws.pushes(account.name).filter((p) => p.kind === 'orders' && 'orderId' in p.event && p.event.orderId === missed.orderId);
      expect(pushes.length).toBeGreaterThan(0);
      expect(pushes.flatMap((p) => p.deliveries)).toEqual([]);

      await page.waitFor(`#orders tr[data-order-id="${missed.orderId}"][data-status="NEW"]`, WAIT_MS);
      await eventually("the simulator's balances and open orders", async () => ({ page: await shownOn(page), simulator: simulatorView(running()) }), (seen) => sameView(seen.page, seen.simulator));
      await page.waitFor('.connection[data-state="live"]', WAIT_MS);
      expect(await connectionStates(page)).toEqual(['reconnecting', 'stale', 'live']);
      expect(reads()).toBeGreaterThan(readsBefore);
      await page.waitFor('#balances[data-stale="false"]', WAIT_MS);
      await page.waitFor('#orders[data-stale="false"]', WAIT_MS);
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
}
