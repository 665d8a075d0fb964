/**
 * Everything a page in Firefox sends and receives, as text. HTTP comes from WebDriver BiDi's
 * network events through puppeteer-core: each request's method, URL, headers and body, each
 * response's body. BiDi reports no websocket frames, so the page's websockets are watched from
 * inside the page: a script run before any of the page's own wraps the `WebSocket` constructor
 * (each socket is the browser's own, as before) and hands every URL, every frame sent and every
 * frame received to the test through an exposed function.
 *
 * @module
 */
import type { HTTPRequest, Page } from 'puppeteer-core';
import type { Traffic } from './driven-page.js';

/** The exposed function the page's websocket watcher reports through. */
const BINDING = '__mexcRxTestSocket';

/**
 * The watcher, as source text (a function would be sent as its compiled text, with whatever
 * helpers the compiler added). `new WebSocket(...)` still makes the browser's own socket:
 * `instanceof WebSocket`, its constants and its prototype are the native ones.
 */
const SOCKET_WATCHER = `(() => {
  const Native = globalThis.WebSocket;
  const report = (kind, text) => { void globalThis.${BINDING}(kind, text); };
  const asText = (data) => typeof data === 'string' ? data : data instanceof ArrayBuffer || ArrayBuffer.isView(data) ? new TextDecoder('latin1').decode(data) : String(data);
  const frame = (data) => { if (data instanceof Blob) void data.text().then((text) => report('frame', text)); else report('frame', asText(data)); };
  const send = Native.prototype.send;
  Native.prototype.send = function (data) { frame(data); return send.call(this, data); };
  const Watched = new Proxy(Native, {
    construct(target, args, newTarget) {
      const socket = Reflect.construct(target, args, newTarget === Watched ? target : newTarget);
      report('open', socket.url);
      socket.addEventListener('message', (event) => frame(event.data));
      return socket;
    },
  });
  globalThis.WebSocket = Watched;
})();`;

/** Whether a request is a websocket's opening handshake (reported by BiDi as an `http:` GET). */
function isWebSocketHandshake(request: HTTPRequest): boolean {
  return request.headers()['sec-websocket-key'] !== undefined;
}

/**
 * Starts recording a page's traffic (before it navigates).
 *
 * @example
 * ```ts
 * const traffic = await recordFirefoxTraffic(page);
 * await page.goto(url);
 * expect((await traffic.texts()).join('\n')).not.toContain(secret);
 * ```
 */
export async function recordFirefoxTraffic(page: Page): Promise<Traffic> {
  const requests: string[] = [];
  const sockets: string[] = [];
  const texts: string[] = [];
  const pending: Promise<unknown>[] = [];
  page.on('request', (request) => {
    // A `data:` URL (the page's empty icon) is read from the URL itself and sent nowhere; BiDi
    // reports it, the DevTools protocol does not.
    if (isWebSocketHandshake(request) || request.url().startsWith('data:')) return;
    requests.push(`${request.method()} ${request.url()}`);
    texts.push(request.url(), JSON.stringify(request.headers()));
    if (request.hasPostData()) pending.push(request.fetchPostData().then((body) => texts.push(body ?? ''), () => undefined));
  });
  page.on('response', (response) => {
    if (isWebSocketHandshake(response.request()) || response.url().startsWith('data:')) return;
    pending.push(response.text().then((body) => texts.push(body), () => undefined));
  });
  await page.exposeFunction(BINDING, (kind: unknown, text: unknown) => {
    if (typeof text !== 'string') return;
    if (kind === 'open') sockets.push(text);
    texts.push(text);
  });
  await page.evaluateOnNewDocument(SOCKET_WATCHER);
  return {
    requests,
    sockets,
    async texts() {
      await Promise.all(pending);
      return [...texts];
    },
  };
}
