/**
 * What the React example's page shows, read the same way in every browser, and the simulator's
 * own state in the same form, to compare them; its layout; and the connection's states as the
 * page went through them.
 *
 * @module
 */
import type { ReactExample } from '../../examples/react/server.js';
import { compareDecimal } from '../../src/decimal/index.js';
import type { DrivenPage } from '../support/browsers/driven-page.js';

/** Balances as `ASSET free/frozen`, open orders as `id=STATUS filled`. */
export interface View {
  readonly balances: readonly string[];
  readonly orders: readonly string[];
}

/**
 * What the page shows.
 *
 * @example
 * ```ts
 * (await shownOn(page)).balances; // ['BTC 1.5/0', 'USDT 25000/0']
 * ```
 */
export function shownOn(page: DrivenPage): Promise<View> {
  return page.evaluate(() => {
    const text = (row: Element, field: string): string => row.querySelector(`[data-field="${field}"]`)?.textContent ?? '?';
    return {
      balances: Array.from(document.querySelectorAll('#balances [data-asset]')).map((r) => `${r.getAttribute('data-asset') ?? '?'} ${text(r, 'free')}/${text(r, 'frozen')}`),
      orders: Array.from(document.querySelectorAll('#orders tbody tr')).map((r) => `${r.getAttribute('data-order-id') ?? '?'}=${r.getAttribute('data-status') ?? '?'} ${text(r, 'filled')}`),
    };
  });
}

/**
 * The simulator's own balances and open orders, in the form of {@link shownOn}, sorted as the page sorts them.
 *
 * @example
 * ```ts
 * sameView(await shownOn(page), simulatorView(example));
 * ```
 */
export function simulatorView({ sim, account }: ReactExample): View {
  const open = sim.market.orders(account.name).filter((o) => o.status === 'NEW' || o.status === 'PARTIALLY_FILLED');
  return {
    balances: sim.admin.balances(account.name, 'SPOT').map((b) => `${b.asset} ${b.free}/${b.locked}`).sort(),
    orders: open.map((o) => `${o.orderId}=${o.status} ${o.filledQuantity}`).sort(),
  };
}

/**
 * Whether two views show the same lines, their figures compared as decimals ('1.50' is '1.5'), in any order.
 *
 * @example
 * ```ts
 * sameView({ balances: ['BTC 1.50/0'], orders: [] }, { balances: ['BTC 1.5/0'], orders: [] }); // true
 * ```
 */
export function sameView(a: View, b: View): boolean {
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

/** The page's layout, as {@link layoutOf} reads it. */
export interface Layout {
  readonly width: number;
  readonly overflowing: string[];
  readonly cut: string[];
  readonly hidden: string[];
  readonly panelTops: number[];
}

/**
 * How the page is laid out: its scrolling width, the parts wider than their box, the figures
 * whose text is cut, the cells of the first order not shown, and where each panel starts.
 *
 * @example
 * ```ts
 * expect((await layoutOf(page)).width).toBeLessThanOrEqual(390);
 * ```
 */
export function layoutOf(page: DrivenPage): Promise<Layout> {
  return page.evaluate(() => {
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

/**
 * Starts noting each state the connection badge (`.connection[data-state]`) shows from now on,
 * every change as the page renders it, for {@link connectionStates} to read.
 *
 * @example
 * ```ts
 * await watchConnectionStates(page);
 * // ... drop the connection ...
 * await connectionStates(page); // ['reconnecting', 'stale', 'live']
 * ```
 */
export async function watchConnectionStates(page: DrivenPage): Promise<void> {
  await page.evaluate(() => {
    const badge = document.querySelector<HTMLElement>('.connection');
    if (badge === null) throw new Error('the page has no connection badge');
    const states: string[] = [];
    (window as unknown as { connectionStates: string[] }).connectionStates = states;
    new MutationObserver(() => {
      const state = badge.dataset['state'] ?? '?';
      if (states[states.length - 1] !== state) states.push(state);
    }).observe(badge, { attributes: true, attributeFilter: ['data-state'] });
  });
}

/**
 * The states noted since {@link watchConnectionStates}, in order, each change once.
 *
 * @example
 * ```ts
 * expect(await connectionStates(page)).toEqual(['reconnecting', 'stale', 'live']);
 * ```
 */
export function connectionStates(page: DrivenPage): Promise<string[]> {
  return page.evaluate(() => [...((window as unknown as { connectionStates?: string[] }).connectionStates ?? [])]);
}
