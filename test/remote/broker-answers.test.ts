/**
 * What a page takes of its broker's answers, through `remoteListenKeys` and `remoteRepairSources`:
 * a whole answer within `timeoutMs` (a broker that never answers, or trickles its body, fails the
 * call in time, with status 0), at most 4 MiB of a body (a huge one is cancelled, not read), only
 * the broker's own answer (a redirect, followed or not, or an answer from another origin is
 * refused), and a `Retry-After` bounded to 3 days. Real servers on 127.0.0.1 where a socket
 * matters; a fake `fetch` where a `Response` is enough.
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import { firstValueFrom, VirtualAction, VirtualTimeScheduler } from 'rxjs';
import { BrokerError, remoteListenKeys, remoteRepairSources, type FetchLike } from '../../src/index.js';
import { advanceTo, drain } from '../support/harness.js';
import { json, startServer, type HostileServer } from '../support/hostile-server.js';

const KEY = 'k'.repeat(64);
const CREATED = { listenKey: KEY, renewIntervalMs: 60_000 };
const MIB = 1024 * 1024;

let servers: HostileServer[] = [];
afterEach(async () => {
  await Promise.all(servers.map((server) => server.close()));
  servers = [];
});

async function server(...args: Parameters<typeof startServer>): Promise<HostileServer> {
  const started = await startServer(...args);
  servers.push(started);
  return started;
}

/** `work`'s outcome, or a failure of the test when it takes longer than `ms` (real time). */
async function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_resolve, reject) => (timer = setTimeout(() => reject(new Error(`still pending after ${ms} ms`)), ms)));
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** What a failed promise failed with (a failure of the test when it succeeds). */
async function failure(work: Promise<unknown>, ms = 8_000): Promise<BrokerError> {
  const outcome = await within(ms, work.then((value) => ({ value }), (error: unknown) => ({ error })));
  if (!('error' in outcome)) throw new Error(`succeeded with ${JSON.stringify(outcome.value)}`);
  expect(outcome.error).toBeInstanceOf(BrokerError);
  return outcome.error as BrokerError;
}

/** A key made by a source on a scheduler nobody runs unless told (no renewal is sent). */
function created(url: string, options: Parameters<typeof remoteListenKeys>[1] = {}): Promise<string> {
  return firstValueFrom(remoteListenKeys(url, { scheduler: new VirtualTimeScheduler(VirtualAction, 0), ...options }).create());
}

describe('a broker that does not answer in time', () => {
  it('fails a create with status 0 once timeoutMs has passed, when the broker never answers', async () => {
    const broker = await server(() => undefined);
    const scheduler = new VirtualTimeScheduler(VirtualAction, 0);
    let settled = false;
    const failed = failure(created(`${broker.url}/api/mexc`, { timeoutMs: 100, scheduler }));
    void failed.then(() => (settled = true), () => (settled = true));
    await within(8_000, (async () => {
      while (broker.received.length === 0) await drain(1);
    })());
    // The bound is counted on the source's scheduler: not a moment before it has passed.
    await advanceTo(scheduler, 99);
    expect(settled).toBe(false);
    await advanceTo(scheduler, 100);
    const error = await failed;
    expect(error.status).toBe(0);
    expect(error.message).toBe('POST /api/mexc/listen-key: no answer: none came within 100 ms');
    expect(broker.received).toHaveLength(1);
  });

  it('fails a read whose body trickles: the bound covers the body, not just the headers', async () => {
    const broker = await server((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('{"balances":[');
      const drip = setInterval(() => response.write(' '), 20);
      response.on('close', () => clearInterval(drip));
    });
    const repairs = remoteRepairSources(`${broker.url}/api/mexc`, { timeoutMs: 200 });
    const error = await failure(firstValueFrom(repairs.balances.seed));
    expect(error).toMatchObject({ status: 0, message: 'GET /api/mexc/balances: no answer: none came within 200 ms' });
  });

  it('fails a call within the bound when the fetch ignores the abort', async () => {
    const deaf: FetchLike = () => new Promise<Response>(() => undefined);
    const scheduler = new VirtualTimeScheduler(VirtualAction, 0);
    const failed = failure(created('https://app.example/api/mexc', { fetch: deaf, timeoutMs: 50, scheduler }));
    await advanceTo(scheduler, 50);
    const error = await failed;
    expect(error.status).toBe(0);
  });
});

/** A fetch answering with a body of `total` bytes made as it is read (64 KiB at a time), and what was read of it. */
function hugeAnswer(total: number, headers: Record<string, string> = {}): { fetch: FetchLike; pulled: () => number; cancelled: () => boolean } {
  let pulled = 0;
  let cancelled = false;
  const chunk = new Uint8Array(64 * 1024).fill(0x20);
  const fetch: FetchLike = () => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        const head = new TextEncoder().encode(JSON.stringify(CREATED));
        pulled += head.byteLength;
        controller.enqueue(head);
      },
      pull(controller) {
        if (pulled >= total) return controller.close();
        pulled += chunk.byteLength;
        controller.enqueue(chunk);
      },
      cancel() {
        cancelled = true;
      },
    });
    return Promise.resolve(new Response(body, { status: 201, headers: { 'content-type': 'application/json', ...headers } }));
  };
  return { fetch, pulled: () => pulled, cancelled: () => cancelled };
}

describe('a huge answer', () => {
  it('is refused past 4 MiB and its body cancelled, not read: a valid key padded to 48 MB is not taken', async () => {
    const answer = hugeAnswer(48_000_000);
    const error = await failure(created('https://app.example/api/mexc', { fetch: answer.fetch }));
    expect(error).toMatchObject({ status: 201, message: `POST /api/mexc/listen-key: HTTP 201: a body longer than ${4 * MIB} bytes, not read` });
    expect(answer.cancelled()).toBe(true);
    expect(answer.pulled()).toBeLessThan(4 * MIB + 3 * 64 * 1024);
  });

  it('is refused without reading when its Content-Length is past the bound', async () => {
    const answer = hugeAnswer(48_000_000, { 'content-length': '48000000' });
    const error = await failure(created('https://app.example/api/mexc', { fetch: answer.fetch }));
    expect(error.status).toBe(201);
    expect(answer.pulled()).toBeLessThan(2 * 64 * 1024);
  });

  it('still reads an answer of nearly 4 MiB', async () => {
    const answer = hugeAnswer(4 * MIB - 64 * 1024);
    await expect(within(10_000, created('https://app.example/api/mexc', { fetch: answer.fetch }))).resolves.toBe(KEY);
  });
});

describe('an answer that is not the broker’s', () => {
  it('refuses what a fetch that follows redirects brought from another host, and takes no key of it', async () => {
    const elsewhere = await server(json({ listenKey: 'e'.repeat(64), renewIntervalMs: 60_000 }));
    const broker = await server((_request, response) => {
      response.writeHead(302, { location: `${elsewhere.url}/login` });
      response.end();
    });
    const following: FetchLike = (input, init) => fetch(input, { ...init, redirect: 'follow' });
    const error = await failure(created(`${broker.url}/api/mexc`, { fetch: following }));
    expect(error.status).toBe(200);
    expect(error.message).toMatch(/^POST \/api\/mexc\/listen-key: HTTP 200: an answer reached through a redirect/);
    expect(elsewhere.received).toHaveLength(1);
  });

  it('refuses a redirect the fetch did not follow, with its status', async () => {
    const broker = await server((_request, response) => {
      response.writeHead(307, { location: 'https://login.evil.example/' });
      response.end();
    });
    const error = await failure(firstValueFrom(remoteRepairSources(`${broker.url}/api/mexc`).balances.seed));
    expect(error).toMatchObject({ status: 307, code: undefined });
    expect(error.message).toMatch(/a redirect, which is not the broker's answer/);
  });

  it('refuses an answer from another origin, even when the fetch does not say it was redirected', async () => {
    const foreign: FetchLike = () => {
      const response = new Response(JSON.stringify(CREATED), { status: 201 });
      Object.defineProperty(response, 'url', { value: 'https://login.evil.example/api/mexc/listen-key' });
      return Promise.resolve(response);
    };
    const error = await failure(created('https://app.example/api/mexc', { fetch: foreign }));
    expect(error.status).toBe(201);
    expect(error.message).toMatch(/another origin than the broker's/);
  });

  it('takes an answer whose url is the broker’s own', async () => {
    const own: FetchLike = () => {
      const response = new Response(JSON.stringify(CREATED), { status: 201 });
      Object.defineProperty(response, 'url', { value: 'https://app.example/api/mexc/listen-key' });
      return Promise.resolve(response);
    };
    await expect(created('https://app.example/api/mexc', { fetch: own })).resolves.toBe(KEY);
  });
});

describe('a broker’s Retry-After', () => {
  const refusing =
    (retryAfter: string): FetchLike =>
    () =>
      Promise.resolve(new Response(JSON.stringify({ error: 'upstream-paused', message: 'wait' }), { status: 503, headers: { 'retry-after': retryAfter } }));

  it('is bounded to 3 days: 20 digits of seconds never make a wait past what a timer holds', async () => {
    const error = await failure(created('https://app.example/api/mexc', { fetch: refusing('9'.repeat(20)) }));
    expect(error).toMatchObject({ status: 503, code: 'upstream-paused', retryAfterMs: 3 * 24 * 3_600_000 });
  });

  it('is kept as said within the bounds', async () => {
    const error = await failure(firstValueFrom(remoteRepairSources('https://app.example/api/mexc', { fetch: refusing('5') }).balances.seed));
    expect(error.retryAfterMs).toBe(5_000);
  });
});
