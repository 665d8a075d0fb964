/**
 * What a page is told when the broker cannot serve it now: too many account reads at once (429
 * with `Retry-After`, the read not run), and a service that failed (502) or asked to wait (503
 * with the wait it asked for, in whole seconds), never with the service's own words.
 */
import { describe, expect, it } from '@jest/globals';
import { ApiError, HttpError, NetworkError, RateLimitedError } from '../../src/index.js';
import { ReadGate } from '../../src/server/repair-routes.js';
import { retryAfterSeconds } from '../../src/server/responses.js';
import { upstreamRefusal } from '../../src/server/upstream.js';

const operation = 'A1';
const target = { method: 'GET', path: '/api/v3/account' } as const;

async function bodyOf(response: Response): Promise<unknown> {
  return JSON.parse(await response.text()) as unknown;
}

describe('the read gate', () => {
  it('runs at most its bound of reads at once, refusing the next with 429 and Retry-After without running it', async () => {
    const gate = new ReadGate(2);
    const releases: (() => void)[] = [];
    const held = (): Promise<Response> => new Promise((resolve) => releases.push(() => resolve(new Response('{}'))));
    const first = gate.run(held);
    const second = gate.run(held);
    let ran = false;
    const refused = await gate.run(() => {
      ran = true;
      return Promise.resolve(new Response('{}'));
    });
    expect(ran).toBe(false);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(await bodyOf(refused)).toMatchObject({ error: 'busy' });
    releases.forEach((release) => release());
    await Promise.all([first, second]);
    expect((await gate.run(() => Promise.resolve(new Response('{}', { status: 200 })))).status).toBe(200);
  });

  it('frees its place when a read fails', async () => {
    const gate = new ReadGate(1);
    await expect(gate.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect((await gate.run(() => Promise.resolve(new Response('{}')))).status).toBe(200);
  });
});

describe('upstreamRefusal', () => {
  it('asks the page to wait as long as the service or the budget asked (503), in whole seconds', async () => {
    const paused = upstreamRefusal(new RateLimitedError({ operation: 'L1', scope: 'endpoint', pausedUntil: 10_500 }), 'creating a listen key', 1_000);
    expect(paused.status).toBe(503);
    expect(paused.headers.get('retry-after')).toBe('10');
    expect(await bodyOf(paused)).toEqual({ error: 'upstream-paused', message: 'the service asked to wait before creating a listen key' });
    const asked = upstreamRefusal(new ApiError({ code: 429, msg: 'Too many requests', status: 429, operation: 'L1', retryAfterMs: 2_500 }), 'x', 0);
    expect(asked.headers.get('retry-after')).toBe('3');
    // Without Retry-After: a first ban's 2 minutes for a 418, the service's 10 s window for a 429.
    const banned = upstreamRefusal(new HttpError({ status: 418, operation, target }), 'x', 0);
    expect([banned.status, banned.headers.get('retry-after')]).toEqual([503, '120']);
    const tooMany = upstreamRefusal(new HttpError({ status: 429, operation, target }), 'x', 0);
    expect([tooMany.status, tooMany.headers.get('retry-after')]).toEqual([503, '10']);
    // A Retry-After past the longest ban (3 days), or of 0, is bounded as every wait is.
    const forever = upstreamRefusal(new HttpError({ status: 429, operation, target, retryAfterMs: 10 * 365 * 86_400_000 }), 'x', 0);
    expect(forever.headers.get('retry-after')).toBe(String(3 * 86_400));
    const now = upstreamRefusal(new ApiError({ code: 429, msg: 'Too many requests', status: 429, operation: 'L1', retryAfterMs: 0 }), 'x', 0);
    expect(now.headers.get('retry-after')).toBe('1');
  });

  it('says the service failed (502) without its words or the request', async () => {
    for (const error of [new ApiError({ code: 700007, msg: 'No permission: account 12345', status: 403, operation: 'A1' }), new NetworkError({ operation, target, cause: new Error('ECONNRESET') }), new Error('?')]) {
      const answer = upstreamRefusal(error, 'reading the balances', 0);
      expect(answer.status).toBe(502);
      expect(answer.headers.get('retry-after')).toBeNull();
      expect(await bodyOf(answer)).toEqual({ error: 'upstream-failed', message: 'the service failed reading the balances' });
    }
  });

  it('never asks for less than a second', () => {
    expect([retryAfterSeconds(0), retryAfterSeconds(1), retryAfterSeconds(1000), retryAfterSeconds(1001)]).toEqual(['1', '1', '1', '2']);
  });
});
