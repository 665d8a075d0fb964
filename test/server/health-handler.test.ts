/**
 * The health handler of `mexc-rx/server`: readiness decided from the streams' health (503 when not
 * ready, the unhealthy accounts listed), liveness from the event loop's delay alone, both forms
 * (`fetch`, and `node` behind a real server on 127.0.0.1), HEAD, 404, 405, the close, a failed
 * health source, and settings refused when the handler is made.
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Subject } from 'rxjs';
import type { StreamsHealth } from '../../src/scale/streams-health.js';
import { createHealthHandler, type HealthHandler, type ReadinessBody } from '../../src/server/index.js';
import { countStatuses, type StreamHealth } from '../../src/stream/health.js';
import type { StreamStatus } from '../../src/stream/status.js';
import { configIssues, loose } from '../support/settings.js';

const handlers: HealthHandler[] = [];
const servers: Server[] = [];
afterEach(async () => {
  for (const h of handlers.splice(0)) h.close();
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

function health(status: StreamStatus, since = 1000): StreamHealth {
  return { status, since, lastEventAt: undefined, lastPongAt: 900, pongRoundTripMs: 4 };
}

function picture(statuses: Record<string, StreamStatus>, running = true): StreamsHealth {
  const accounts = new Map(Object.entries(statuses).map(([account, status]) => [account, health(status)]));
  return { running, at: 2000, accounts, summary: countStatuses(Object.values(statuses)) };
}

function handler(options: Omit<Parameters<typeof createHealthHandler>[0], 'health'> = {}): { source: Subject<StreamsHealth | StreamHealth>; health: HealthHandler } {
  const source = new Subject<StreamsHealth | StreamHealth>();
  const made = createHealthHandler({ ...options, health: source });
  handlers.push(made);
  return { source, health: made };
}

async function ask(h: HealthHandler, path: string, method = 'GET'): Promise<{ status: number; body: string; headers: Headers }> {
  const response = await h.fetch(new Request(`http://127.0.0.1${path}`, { method }));
  return { status: response.status, body: await response.text(), headers: response.headers };
}

async function readyBody(h: HealthHandler): Promise<{ status: number; body: ReadinessBody }> {
  const { status, body } = await ask(h, '/readyz');
  return { status, body: JSON.parse(body) as ReadinessBody };
}

describe('readiness', () => {
  it('is 503 before any health, 200 while every stream is live, 503 listing the others', async () => {
    const { source, health: h } = handler();
    expect(await readyBody(h)).toMatchObject({ status: 503, body: { ready: false, reason: 'no health yet' } });
    source.next(picture({ desk01: 'live', desk02: 'live' }));
    const ready = await ask(h, '/readyz');
    expect(ready.status).toBe(200);
    expect(ready.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(ready.headers.get('cache-control')).toBe('no-store');
    expect(JSON.parse(ready.body)).toEqual({ ready: true, running: true, summary: { connecting: 0, live: 2, reconnecting: 0, stale: 0, stopped: 0 }, notLive: 0, unhealthy: [] });
    source.next(picture({ desk01: 'live', desk02: 'reconnecting', desk03: 'stale' }));
    const { status, body } = await readyBody(h);
    expect(status).toBe(503);
    expect(body.reason).toBe('2 not live (at most 0 allowed)');
    expect(body.unhealthy).toEqual([
      { account: 'desk02', status: 'reconnecting', since: 1000, lastEventAt: null, lastPongAt: 900, pongRoundTripMs: 4 },
      { account: 'desk03', status: 'stale', since: 1000, lastEventAt: null, lastPongAt: 900, pongRoundTripMs: 4 },
    ]);
  });

  it('takes a threshold of accounts not live, and stale as live when asked', async () => {
    const { source, health: h } = handler({ maxNotLive: 1 });
    source.next(picture({ a: 'live', b: 'connecting' }));
    expect(await readyBody(h)).toMatchObject({ status: 200, body: { ready: true, notLive: 1, unhealthy: [{ account: 'b', status: 'connecting' }] } });
    source.next(picture({ a: 'stopped', b: 'connecting' }));
    expect((await readyBody(h)).status).toBe(503);
    const stale = handler({ staleIsReady: true });
    stale.source.next(picture({ a: 'live', b: 'stale' }));
    expect((await readyBody(stale.health)).status).toBe(200);
    stale.source.next(picture({ a: 'reconnecting', b: 'stale' }));
    expect(await readyBody(stale.health)).toMatchObject({ status: 503, body: { notLive: 1, unhealthy: [{ account: 'a' }] } });
  });

  it('is 503 while the streams do not run, even with nothing unhealthy', async () => {
    const { source, health: h } = handler({ maxNotLive: Infinity });
    source.next(picture({}, false));
    expect(await readyBody(h)).toMatchObject({ status: 503, body: { ready: false, reason: 'the streams are not running' } });
  });

  it('lists at most maxListed accounts, and always says how many', async () => {
    const { source, health: h } = handler({ maxListed: 2 });
    source.next(picture(Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`acct${i}`, 'reconnecting' as const]))));
    const { body } = await readyBody(h);
    expect(body.notLive).toBe(50);
    expect(body.unhealthy.map((u) => u.account)).toEqual(['acct0', 'acct1']);
  });

  it('lists one stream as the account "stream"', async () => {
    const { source, health: h } = handler();
    source.next(health('live'));
    expect(await readyBody(h)).toMatchObject({ status: 200, body: { running: true, summary: { live: 1 } } });
    source.next(health('stopped'));
    expect(await readyBody(h)).toMatchObject({ status: 503, body: { running: false, unhealthy: [{ account: 'stream', status: 'stopped' }] } });
  });

  it('is 503 once the health source fails, and after the close', async () => {
    const { source, health: h } = handler();
    source.next(picture({ a: 'live' }));
    source.error(new Error('broken'));
    expect((await readyBody(h)).status).toBe(503);
    const other = handler();
    other.source.next(picture({ a: 'live' }));
    other.health.close();
    other.health.close();
    expect(await readyBody(other.health)).toMatchObject({ status: 503, body: { reason: 'the handler is closed' } });
    expect(other.source.observed).toBe(false);
    expect((await ask(other.health, '/livez')).status).toBe(503);
  });
});

describe('liveness', () => {
  it('never looks at the streams', async () => {
    const { source, health: h } = handler();
    source.next(picture({ a: 'reconnecting' }, false));
    const live = await ask(h, '/livez');
    expect(live.status).toBe(200);
    expect(JSON.parse(live.body)).toMatchObject({ live: true });
  });

  it('is 503 when the event loop was blocked longer than allowed since the last probe, then 200 again', async () => {
    const { health: h } = handler({ maxEventLoopDelayMs: 100 });
    // Let the monitor take its first samples (its first period measures nothing).
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect((await ask(h, '/livez')).status).toBe(200);
    // The monitor's first period after a probe measures nothing (Node's histogram, once reset), and
    // on a loaded machine that period may outlast a short wait: a block begun within it goes unseen
    // (documented), so a block is tried at most three times, each after its own wait.
    let blocked = { status: 0, body: '' };
    for (let attempt = 0; attempt < 3 && blocked.status !== 503; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 60));
      // Block the loop for 400 ms (real time: the delay is what is measured), then let the monitor sample.
      const until = Date.now() + 400;
      while (Date.now() < until);
      await new Promise((resolve) => setTimeout(resolve, 60));
      blocked = await ask(h, '/livez');
    }
    expect(blocked.status).toBe(503);
    const body = JSON.parse(blocked.body) as { maxEventLoopDelayMs: number; reason: string };
    expect(body.maxEventLoopDelayMs).toBeGreaterThan(100);
    expect(body.reason).toMatch(/^the event loop was blocked for \d+ ms \(at most 100 allowed\)$/);
    expect((await ask(h, '/livez')).status).toBe(200);
  });
});

describe('requests', () => {
  it('answers HEAD without a body, refuses other methods with 405 and Allow, other paths with 404', async () => {
    const { source, health: h } = handler({ livenessPath: '/health/live', readinessPath: '/health/ready' });
    source.next(picture({ a: 'live' }));
    expect(await ask(h, '/health/ready', 'HEAD')).toMatchObject({ status: 200, body: '' });
    const post = await ask(h, '/health/ready', 'POST');
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
    expect((await ask(h, '/readyz')).status).toBe(404);
    expect((await ask(h, '/health/live?verbose=1')).status).toBe(200);
  });

  it('answers the same through node:http', async () => {
    const { source, health: h } = handler();
    source.next(picture({ a: 'live', b: 'stale' }));
    const server = createServer((req, res) => h.node(req, res));
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
    expect(ready.status).toBe(503);
    expect(ready.headers.get('cache-control')).toBe('no-store');
    expect(await ready.json()).toMatchObject({ ready: false, unhealthy: [{ account: 'b', status: 'stale' }] });
    expect((await fetch(`http://127.0.0.1:${port}/livez`)).status).toBe(200);
    expect((await fetch(`http://127.0.0.1:${port}/nowhere`)).status).toBe(404);
  });
});

describe('settings', () => {
  it('are checked when the handler is made', () => {
    expect(configIssues(() => createHealthHandler(loose({})))).toEqual([{ field: 'health', rule: 'an Observable' }]);
    const health = new Subject<StreamsHealth>();
    expect(configIssues(() => createHealthHandler({ health, livenessPath: 'livez' }))).toEqual([{ field: 'livenessPath', rule: 'a path starting with /' }]);
    expect(configIssues(() => createHealthHandler({ health, readinessPath: '/ready?x' }))).toHaveLength(1);
    expect(configIssues(() => createHealthHandler({ health, readinessPath: '/livez' }))).toEqual([{ field: 'readinessPath', rule: 'not the livenessPath' }]);
    expect(configIssues(() => createHealthHandler({ health, maxEventLoopDelayMs: 0 }))).toHaveLength(1);
    expect(configIssues(() => createHealthHandler({ health, maxNotLive: -1 }))).toHaveLength(1);
    expect(configIssues(() => createHealthHandler({ health, maxNotLive: 1.5 }))).toHaveLength(1);
    expect(configIssues(() => createHealthHandler({ health, staleIsReady: loose('yes') }))).toHaveLength(1);
    expect(configIssues(() => createHealthHandler({ health, maxListed: 10_001 }))).toHaveLength(1);
    expect(health.observed).toBe(false);
  });
});
