/**
 * The browser driver the example suites share (test/support/browsers), held to one behaviour in
 * each browser against a page of its own on 127.0.0.1: the console's warnings, errors and uncaught
 * errors filed as problems and its other messages as notes; text, attributes, counts and
 * visibility read alike; and the traffic holding what went each way, the websocket frames
 * included (in Firefox a watcher in the page sees them: were it to miss them, a suite's "no
 * secret in the traffic" would pass on nothing).
 */
import { mkdir, readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { WebSocketServer } from 'ws';
import { BROWSERS, type DrivenBrowser, type DrivenPage } from '../support/browsers/driven-page.js';
import { launchBrowser } from '../support/browsers/launch.js';

const WAIT_MS = 10_000;
const MARKS = { body: 'BODY-SENT-MARK', response: 'RESPONSE-MARK', sent: 'FRAME-SENT-MARK', text: 'TEXT-FRAME-MARK', binary: 'BINARY-FRAME-MARK' };

const PAGE = `<!doctype html>
<html><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>driver</title></head><body>
<p id="shown" data-kind="greeting">hello</p>
<p id="hidden" style="visibility: hidden">ghost</p>
<ul><li>a</li><li>b</li><li>c</li></ul>
<p id="late"></p>
<script>
console.info('a note');
console.warn('a warning');
console.error('an error');
setTimeout(() => { document.getElementById('late').textContent = 'arrived'; }, 200);
fetch('/echo', { method: 'POST', body: '${MARKS.body}' }).then((r) => r.text()).then((t) => { document.body.dataset.echo = t; });
const socket = new WebSocket('ws://' + location.host + '/ws');
socket.binaryType = 'arraybuffer';
socket.onopen = () => socket.send('${MARKS.sent}');
socket.onmessage = (event) => { if (typeof event.data !== 'string') document.body.dataset.binary = String(event.data.byteLength); };
setTimeout(() => { throw new Error('thrown on purpose'); }, 300);
</script>
</body></html>`;

let server: Server;
let sockets: WebSocketServer;
let origin: string;

beforeAll(async () => {
  await mkdir('test-output/browser', { recursive: true });
  server = createServer((req, res) => {
    if (req.url === '/echo') {
      req.resume();
      res.writeHead(200, { 'content-type': 'text/plain' }).end(MARKS.response);
    } else res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE);
  });
  sockets = new WebSocketServer({ server, path: '/ws' });
  sockets.on('connection', (socket) =>
    socket.on('message', () => {
      socket.send(MARKS.text);
      socket.send(Buffer.from(MARKS.binary));
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const client of sockets.clients) client.terminate();
  await new Promise<void>((resolve) => sockets.close(() => resolve()));
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe.each(BROWSERS)('the browser driver in %s', (name) => {
  let browser: DrivenBrowser | undefined;
  let page: DrivenPage;

  beforeAll(async () => {
    browser = await launchBrowser(name);
    page = await browser.newPage({ width: 800, height: 600 });
    await page.goto(`${origin}/`);
    await page.waitFor('body[data-echo][data-binary]', WAIT_MS);
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
  }, 60_000);

  it('is the browser it was asked for', async () => {
    expect(page.browser).toBe(name);
    expect(await browser?.version()).toMatch(name === 'chromium' ? /^chromium\/\d+\./ : /^firefox\/\d+\./);
  });

  it("files the console's warnings, errors and uncaught errors as problems, its other messages as notes", async () => {
    await page.waitFor('#late:not(:empty)', WAIT_MS);
    const deadline = Date.now() + WAIT_MS;
    while (!page.console.problems.some((line) => line.startsWith('uncaught:')) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect([...page.console.problems].sort()).toEqual(['console error: an error', 'console warning: a warning', 'uncaught: thrown on purpose']);
    expect(page.console.notes).toContain('a note');
  }, 30_000);

  it('reads text, attributes, counts and visibility alike', async () => {
    expect(await page.text('#shown', WAIT_MS)).toBe('hello');
    expect(await page.text('#late', WAIT_MS)).toBe('arrived');
    expect(await page.attribute('#shown', 'data-kind')).toBe('greeting');
    expect(await page.attribute('#shown', 'data-none')).toBeUndefined();
    expect(await page.attribute('#nowhere', 'data-kind')).toBeUndefined();
    expect(await page.count('li')).toBe(3);
    expect(await page.count('#nowhere')).toBe(0);
    expect(await page.isVisible('#shown')).toBe(true);
    expect(await page.isVisible('#hidden')).toBe(false);
    expect(await page.isVisible('#nowhere')).toBe(false);
    expect(await page.evaluate(() => document.querySelectorAll('p').length)).toBe(3);
    expect(await page.content()).toContain('data-kind="greeting"');
  });

  it('waits for what is shown, and gives up on what never is', async () => {
    await expect(page.waitFor('#hidden', 500)).rejects.toThrow();
    await expect(page.waitFor('#nowhere', 500)).rejects.toThrow();
  });

  it('holds every HTTP request but the data: icon, each socket, and the text that went each way, frames included', async () => {
    const { traffic } = page;
    expect(traffic.requests).toEqual(expect.arrayContaining([`GET ${origin}/`, `POST ${origin}/echo`]));
    expect(traffic.requests.filter((request) => !request.includes(` ${origin}/`) || request.includes('/ws'))).toEqual([]);
    expect(traffic.sockets).toEqual([`ws://${origin.slice('http://'.length)}/ws`]);
    const texts = (await traffic.texts()).join('\n');
    for (const mark of Object.values(MARKS)) expect([mark, texts.includes(mark)]).toEqual([mark, true]);
  });

  it('resizes the viewport and shoots the whole page as a PNG', async () => {
    await page.setViewport({ width: 390, height: 844 });
    expect(await page.evaluate(() => window.innerWidth)).toBe(390);
    const path = `test-output/browser/driver-${name}.png`;
    await page.screenshot(path);
    expect((await readFile(path)).subarray(1, 4).toString('latin1')).toBe('PNG');
  });
});
