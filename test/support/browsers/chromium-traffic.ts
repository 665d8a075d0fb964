/**
 * Everything a page in Chromium sends and receives, as text, from playwright-core's events (the
 * DevTools protocol's own view of the network): each request's method, URL, headers and body,
 * each response's body, and each websocket's URL and frames.
 *
 * @module
 */
import type { Page } from 'playwright-core';
import type { Traffic } from './driven-page.js';

/**
 * Starts recording a page's traffic (before it navigates).
 *
 * @example
 * ```ts
 * const traffic = recordChromiumTraffic(page);
 * await page.goto(url);
 * expect((await traffic.texts()).join('\n')).not.toContain(secret);
 * ```
 */
export function recordChromiumTraffic(page: Page): Traffic {
  const requests: string[] = [];
  const sockets: string[] = [];
  const texts: string[] = [];
  const pending: Promise<unknown>[] = [];
  page.on('request', (request) => {
    requests.push(`${request.method()} ${request.url()}`);
    texts.push(request.url(), JSON.stringify(request.headers()), request.postData() ?? '');
  });
  page.on('response', (response) => {
    pending.push(response.text().then((body) => texts.push(body), () => undefined));
  });
  page.on('websocket', (socket) => {
    sockets.push(socket.url());
    texts.push(socket.url());
    const frame = ({ payload }: { payload: string | Buffer }): void => void texts.push(typeof payload === 'string' ? payload : payload.toString('latin1'));
    socket.on('framesent', frame);
    socket.on('framereceived', frame);
  });
  return {
    requests,
    sockets,
    async texts() {
      await Promise.all(pending);
      return [...texts];
    },
  };
}
