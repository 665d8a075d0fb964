/**
 * The browser example end to end, in one browser (`chromium.test.ts` and `firefox.test.ts` run
 * it in each): its backend and the simulator in-process, the page bundled with esbuild, the
 * headless browser showing live balances and orders built by the library's operators from the
 * user data stream, while the test drives the simulator's market. The page never sees a
 * credential: only listen keys. Any console error or warning of the page fails the test it
 * happened in. The page is shot at desktop width and at a phone's 390 px, where nothing may be
 * wider than the viewport or overflow its card.
 */
import { mkdir } from 'node:fs/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { buildBundle } from '../../examples/browser/build.js';
import { startExampleServer, type ExampleServer } from '../../examples/browser/server.js';
import { compareDecimal } from '../../src/decimal/index.js';
import type { BrowserName, DrivenBrowser, DrivenPage } from '../support/browsers/driven-page.js';
import { launchBrowser } from '../support/browsers/launch.js';
import { screenshotPaths } from '../support/browsers/screenshots.js';

const WAIT_MS = 15_000;
const DESKTOP = { width: 1000, height: 960 };
const PHONE = { width: 390, height: 844 };

/**
 * The browser example's tests, in `name`.
 *
 * @example
 * ```ts
 * describeBrowserExample('firefox');
 * ```
 */
export function describeBrowserExample(name: BrowserName): void {
  const SCREENSHOTS = screenshotPaths('test-output/browser', name);
  let example: ExampleServer | undefined;
  let browser: DrivenBrowser | undefined;
  let page: DrivenPage;
  let bundle: string;

  function running(): ExampleServer {
    if (example === undefined) throw new Error('the example server did not start');
    return example;
  }

  /** Polls `read` until `accept` holds, then returns the value; fails with the last value after `WAIT_MS`. */
  async function eventually<T>(what: string, read: () => Promise<T> | T, accept: (value: T) => boolean): Promise<T> {
    const deadline = Date.now() + WAIT_MS;
    for (;;) {
      const value = await read();
      if (accept(value)) return value;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; last seen: ${JSON.stringify(value)}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  const orderRow = (orderId: string): string => `#orders tr[data-order-id="${orderId}"]`;

  /** Waits until the order's row shows `status`. */
  async function orderStatus(orderId: string, status: string): Promise<void> {
    await page.waitFor(`${orderRow(orderId)}[data-status="${status}"]`, WAIT_MS);
  }

  /** A cell of the balances table, as text (`undefined` while its row is missing). */
  async function balanceCell(asset: string, field: 'free' | 'frozen' | 'total'): Promise<string | undefined> {
    const cell = `#balances tr[data-asset="${asset}"] td[data-field="${field}"]`;
    return (await page.count(cell)) === 0 ? undefined : page.text(cell, WAIT_MS);
  }

  /** Waits until the page's balance of `asset` equals the simulator's own, free and frozen. */
  async function balanceMatchesSimulator(asset: string): Promise<void> {
    const { sim, account } = running();
    await eventually(
      `${asset} balance equal to the simulator's`,
      async () => ({ free: await balanceCell(asset, 'free'), frozen: await balanceCell(asset, 'frozen') }),
      (shown) => {
        const held = sim.admin.balances(account.name, 'SPOT').find((b) => b.asset === asset);
        return held !== undefined && shown.free !== undefined && shown.frozen !== undefined && compareDecimal(shown.free, held.free) === 0 && compareDecimal(shown.frozen, held.locked) === 0;
      },
    );
  }

  beforeAll(async () => {
    await mkdir('test-output/browser', { recursive: true });
    browser = await launchBrowser(name);
    bundle = await buildBundle();
    example = await startExampleServer({ bundle });
    page = await browser.newPage(DESKTOP);
    await page.goto(example.url);
  }, 60_000);

  afterEach(() => {
    // Whatever the page logged during a test fails that test.
    expect(page.console.problems.splice(0)).toEqual([]);
  });

  afterAll(async () => {
    await browser?.close();
    await example?.close();
  }, 60_000);

  describe(`the browser example in ${name}`, () => {
    it('bundles the library for the browser with no Node-only module', () => {
      expect(bundle).toContain('balanceSnapshots');
      // The browser's own WebSocket: none of ws's Node code (its compression, its environment switches).
      expect(bundle).not.toContain('permessage-deflate');
      expect(bundle).not.toContain('WS_NO_BUFFER_UTIL');
      expect(bundle).not.toMatch(/from\s*["'](node:|ws["'])|require\(["'](node:|ws["'])/);
    });

    it('connects and shows the funded balances the backend seeds', async () => {
      await page.waitFor('#connection[data-state="live"]', WAIT_MS);
      expect(await page.text('#account', WAIT_MS)).toBe(running().account.name);
      await eventually('funded balances', async () => [await balanceCell('USDT', 'free'), await balanceCell('BTC', 'free')], ([usdt, btc]) => usdt === '25000' && btc === '1.5');
      expect(await balanceCell('USDT', 'frozen')).toBe('0');
      expect(await page.attribute('#balances', 'data-stale')).toBe('false');
      expect(await page.attribute('#orders', 'data-stale')).toBe('false');
    }, 60_000);

    it('shows an order as it is placed, filled in parts, and canceled, with the balances moving', async () => {
      const { sim, account } = running();
      const buy = sim.market.placeOrder({ account: account.name, symbol: 'BTCUSDT', side: 'BUY', price: '30000', quantity: '0.01' });
      await orderStatus(buy.orderId, 'NEW');
      await eventually('300 USDT frozen for the buy', () => balanceCell('USDT', 'frozen'), (frozen) => frozen === '300');
      expect(await balanceCell('USDT', 'free')).toBe('24700');

      sim.market.fill(buy.orderId, '0.004');
      await orderStatus(buy.orderId, 'PARTIALLY_FILLED');
      expect(await page.text(`${orderRow(buy.orderId)} td[data-field="filled"]`, WAIT_MS)).toBe('0.004');

      sim.market.fill(buy.orderId);
      await orderStatus(buy.orderId, 'FILLED');
      expect(await page.text(`${orderRow(buy.orderId)} td[data-field="filled"]`, WAIT_MS)).toBe('0.01');
      await balanceMatchesSimulator('USDT');
      await balanceMatchesSimulator('BTC');
      expect(compareDecimal((await balanceCell('BTC', 'free')) ?? '0', '1.5')).toBe(1);
      expect(await balanceCell('USDT', 'frozen')).toBe('0');

      const sell = sim.market.placeOrder({ account: account.name, symbol: 'BTCUSDT', side: 'SELL', price: '31000', quantity: '0.02' });
      await orderStatus(sell.orderId, 'NEW');
      await eventually('0.02 BTC frozen for the sell', () => balanceCell('BTC', 'frozen'), (frozen) => frozen === '0.02');
      sim.market.cancel(sell.orderId);
      await orderStatus(sell.orderId, 'CANCELED');
      await balanceMatchesSimulator('BTC');
      expect(await page.text('#orders .summary', WAIT_MS)).toBe('0 open · 2 finished');
    }, 60_000);

    it('after a dropped connection, reconnects, reports the gap, and resyncs what it missed', async () => {
      const { sim, account } = running();
      expect(sim.ws.drop({ account: account.name })).toBeGreaterThan(0);
      // Placed while no connection is up: its push reaches nobody, only the resync can show it.
      const missed = sim.market.placeOrder({ account: account.name, symbol: 'BTCUSDT', side: 'BUY', price: '29000', quantity: '0.005' });
      const pushes = sim.ws.pushes(account.name).filter((p) => p.kind === 'orders' && 'orderId' in p.event && p.event.orderId === missed.orderId);
      expect(pushes.length).toBeGreaterThan(0);
      expect(pushes.flatMap((p) => p.deliveries)).toEqual([]);

      await page.waitFor('#connection[data-state="live"][data-gaps="1"]', WAIT_MS);
      await orderStatus(missed.orderId, 'NEW');
      await balanceMatchesSimulator('USDT');
      await page.waitFor('#orders[data-stale="false"]', WAIT_MS);
      await page.waitFor('#balances[data-stale="false"]', WAIT_MS);
      expect(await page.text('#connection', WAIT_MS)).toMatch(/live connection 2, listen key \w{4}…\w{4} · \d+ events · 1 gap/);
    }, 60_000);

    it('after a market session, shows exactly the simulator\'s orders and balances (screenshot)', async () => {
      const { sim, account } = running();
      const summary = sim.market.runSession({ account: account.name, orders: 8, seed: 11 });
      // Two orders left open, so the picture shows both kinds.
      sim.market.placeOrder({ account: account.name, symbol: 'BTCUSDT', side: 'SELL', price: '30500', quantity: '0.03' });
      const partly = sim.market.placeOrder({ account: account.name, symbol: 'BTCUSDT', side: 'BUY', price: '29800', quantity: '0.02' });
      sim.market.fill(partly.orderId, '0.0075');
      expect(summary.orderIds.length).toBe(8);

      const expected = sim.market.orders(account.name);
      expect(expected.length).toBeLessThanOrEqual(20);
      await eventually(
        'every order row with the simulator\'s status',
        () => page.evaluate(() => Array.from(document.querySelectorAll('#orders tbody tr')).map((r) => `${r.getAttribute('data-order-id') ?? ''}=${r.getAttribute('data-status') ?? ''}`).sort()),
        (shown) => JSON.stringify(shown) === JSON.stringify(expected.map((o) => `${o.orderId}=${o.status}`).sort()),
      );
      for (const { asset } of sim.admin.balances(account.name, 'SPOT')) await balanceMatchesSimulator(asset);
      const open = expected.filter((o) => o.status === 'NEW' || o.status === 'PARTIALLY_FILLED').length;
      expect(open).toBe(3); // the two above and the one placed while disconnected
      expect(await page.text('#orders .summary', WAIT_MS)).toBe(`${open} open · ${expected.length - open} finished`);

      await page.screenshot(SCREENSHOTS.desktop);
    }, 60_000);

    it('is readable on a 390 px wide phone: nothing wider than the viewport, no table overflowing its card (screenshot)', async () => {
      await page.setViewport(PHONE);
      const widths = await page.evaluate(() => ({
        page: document.documentElement.scrollWidth,
        cards: Array.from(document.querySelectorAll<HTMLElement>('.panel, header, footer')).map((card) => ({ id: card.id || card.tagName, scroll: card.scrollWidth, client: card.clientWidth })),
        cells: Array.from(document.querySelectorAll<HTMLElement>('.panel td')).filter((cell) => cell.scrollWidth > cell.clientWidth).map((cell) => cell.dataset['field'] ?? '?'),
      }));
      expect(widths.page).toBeLessThanOrEqual(PHONE.width);
      expect(widths.cards.filter((card) => card.scroll > card.client)).toEqual([]);
      expect(widths.cells).toEqual([]);
      // Every order and every figure is still on the page, and visible.
      const { sim, account } = running();
      expect(await page.count('#orders tbody tr')).toBe(sim.market.orders(account.name).length);
      for (const field of ['price', 'quantity', 'filled', 'status']) await expect(page.isVisible(`#orders tbody tr:first-child td[data-field="${field}"]`)).resolves.toBe(true);
      await page.screenshot(SCREENSHOTS.phone);
      await page.setViewport(DESKTOP);
    }, 60_000);

    it('never lets a credential reach the page: only listen keys travel', async () => {
      const { account, sim } = running();
      const secrets = [account.credentials.apiKey, account.credentials.secretKey, sim.master.apiKey, sim.master.secretKey];
      const { traffic } = page;
      const seen = [await page.content(), ...(await traffic.texts())].join('\n');
      for (const secret of secrets) expect(seen.includes(secret)).toBe(false);

      // Every HTTP request went to the backend; only the websocket went to the simulator, with a listen key.
      const origin = new URL(running().url).origin;
      expect(traffic.requests.filter((r) => !r.includes(` ${origin}/`))).toEqual([]);
      expect(traffic.requests).toContain(`POST ${origin}/listen-key`);
      expect(traffic.sockets.length).toBeGreaterThanOrEqual(2);
      for (const url of traffic.sockets) expect(url).toMatch(new RegExp(`^${sim.wsUrl}\\?listenKey=[0-9a-f]{64}$`));
    }, 60_000);

    it('closes its listen key through the backend when the page is left', async () => {
      const { sim, account } = running();
      const keys = () => sim.admin.listenKeys(account.name).filter((k) => k.valid).map((k) => k.key);
      const [key] = await eventually('one valid listen key', keys, (valid) => valid.length === 1);
      await page.goto('about:blank');
      // DELETEd (L4) by the backend on the page's request: not merely expired.
      await eventually('the listen key closed', () => sim.admin.listenKey(key ?? '')?.closed, (closed) => closed === true);
      await eventually('no socket left open', () => sim.ws.connections({ account: account.name, open: true }).length, (open) => open === 0);
    }, 60_000);
  });
}
