/**
 * Retries, with a budget that spreads nothing (`budget: false`): idempotent calls (GETs, L3, L4)
 * retry on 5XX, network failures and timeouts, honouring Retry-After, at most retry.limit times;
 * POSTs are never retried. A 429 or a 418 is the budget's even then: it pauses, and sends the
 * refused call (any call: the service refused it before acting) again once a pause it may wait
 * through is over. Waits run on an injected VirtualTimeScheduler, so virtual time shows when each
 * attempt went out. (The budget's pauses in full: test/budget/.)
 */
import { describe, expect, it } from '@jest/globals';
import { VirtualTimeScheduler } from 'rxjs';
import { ApiError, HttpError, listSubAccounts, type ClientConfig } from '../../src/index.js';
import { fakeFetch, hang, json, refuse, text, type Responder } from '../support/fake-fetch.js';
import { hmac, makeClient, NOW, queryPairs, runVirtual, splitSignature } from '../support/harness.js';
import { operationCase, operationCases } from '../support/operations.js';

/** A client on virtual time whose fetch notes the virtual time of every call. */
function virtualSetup(responders: readonly Responder[], config: ClientConfig = {}) {
  const scheduler = new VirtualTimeScheduler();
  const times: number[] = [];
  const timed = responders.map((r): Responder => (req) => {
    times.push(scheduler.now());
    return r(req);
  });
  const fake = fakeFetch(timed);
  let tick = NOW;
  const client = makeClient(fake.fetch, { scheduler, clock: () => tick++, budget: false, ...config });
  return { scheduler, times, fake, client };
}

const unavailable = text('<html>503</html>', 503);
const m2 = operationCase('M2');
const idempotent = operationCases.filter((c) => c.idempotent);
const notIdempotent = operationCases.filter((c) => !c.idempotent && !c.movesMoney);

describe('idempotent calls', () => {
  it('are the GETs plus L3 and L4', () => {
    expect(idempotent.map((c) => c.id)).toEqual(['M2', 'M4', 'M7', 'M8', 'B1', 'B3', 'B4', 'B6', 'B9', 'B10', 'B11', 'B15', 'L2', 'L3', 'L4', 'A1', 'A2']);
  });

  it.each(idempotent)('$id retries after a 503, re-stamped and re-signed', async (op) => {
    const { scheduler, fake, client } = virtualSetup([unavailable, json(op.example)]);
    const outcome = await runVirtual(op.run(client), scheduler);
    expect(outcome.kind).toBe('value');
    expect(fake.calls).toHaveLength(2);
    const stamps = fake.calls.map((c) => new Map(queryPairs(c.rawQuery)).get('timestamp'));
    expect(stamps[0]).not.toBe(stamps[1]);
    for (const call of fake.calls) {
      const { unsigned, signature } = splitSignature(call.rawQuery);
      expect(signature).toBe(hmac(unsigned));
    }
  });

  it('honour Retry-After of a 503, and of a 429 as the budget’s pause (plus its margin)', async () => {
    const { scheduler, times, client } = virtualSetup([
      json({ code: 429, msg: 'Too many requests' }, 429, { 'Retry-After': '2' }),
      text('busy', 503, { 'Retry-After': '3' }),
      json(m2.example),
    ]);
    const outcome = await runVirtual(m2.run(client), scheduler);
    expect(outcome.kind).toBe('value');
    expect(times).toEqual([0, 2100, 5100]);
  });

  it('stop after retry.limit retries with the last error', async () => {
    const { scheduler, fake, client } = virtualSetup([unavailable], { retry: { limit: 2 } });
    const outcome = await runVirtual(m2.run(client), scheduler);
    expect(outcome.kind).toBe('error');
    expect(outcome.kind === 'error' && outcome.error).toBeInstanceOf(HttpError);
    expect(fake.calls).toHaveLength(3);
  });

  it('are not retried with retry.limit 0', async () => {
    const { scheduler, fake, client } = virtualSetup([unavailable], { retry: { limit: 0 } });
    expect((await runVirtual(m2.run(client), scheduler)).kind).toBe('error');
    expect(fake.calls).toHaveLength(1);
  });

  it('back off with jitter, doubling up to maxDelayMs, when no Retry-After is given', async () => {
    const { scheduler, times, client } = virtualSetup([unavailable], {
      retry: { limit: 3, baseDelayMs: 100, maxDelayMs: 150 },
      random: () => 0.5,
    });
    await runVirtual(m2.run(client), scheduler);
    expect(times).toEqual([0, 50, 125, 200]);
  });

  it('give up at once when Retry-After exceeds maxRetryAfterMs', async () => {
    const { scheduler, fake, client } = virtualSetup([json({ code: 429, msg: 'slow down' }, 429, { 'Retry-After': '31' }), json(m2.example)]);
    const outcome = await runVirtual(m2.run(client), scheduler);
    expect(outcome.kind === 'error' && outcome.error).toBeInstanceOf(ApiError);
    expect(fake.calls).toHaveLength(1);
  });

  it('retry a network failure and a timeout', async () => {
    const { scheduler, fake, client } = virtualSetup([refuse(() => new TypeError('fetch failed')), hang, json(m2.example)], { timeout: 20 });
    const outcome = await runVirtual(m2.run(client), scheduler);
    expect(outcome.kind).toBe('value');
    expect(fake.calls).toHaveLength(3);
  });
});

describe('calls that are not retried', () => {
  it.each(notIdempotent)('$id ($method) is not retried after a 503', async (op) => {
    const { scheduler, fake, client } = virtualSetup([unavailable, json(op.example)]);
    const outcome = await runVirtual(op.run(client), scheduler);
    expect(outcome.kind).toBe('error');
    expect(fake.calls).toHaveLength(1);
  });

  it.each(notIdempotent)('$id ($method) refused with a 429 is sent again once the pause is over (refused before the service acted)', async (op) => {
    const { scheduler, times, client } = virtualSetup([json({ code: 429, msg: 'Too many requests' }, 429, { 'Retry-After': '1' }), json(op.example)]);
    const outcome = await runVirtual(op.run(client), scheduler);
    expect(outcome.kind).toBe('value');
    expect(times).toEqual([0, 1100]);
  });

  it('a 418 (IP ban) is not retried, and says how long to wait', async () => {
    const { scheduler, fake, client } = virtualSetup([json({ code: 418, msg: 'banned' }, 418, { 'Retry-After': '120' }), json(m2.example)]);
    const outcome = await runVirtual(listSubAccounts(client, {}), scheduler);
    expect(outcome.kind === 'error' && outcome.error).toMatchObject({ name: 'ApiError', status: 418, retryAfterMs: 120000 });
    expect(fake.calls).toHaveLength(1);
  });

  it('a 400 is not retried', async () => {
    const { scheduler, fake, client } = virtualSetup([json({ code: 700004, msg: 'mandatory parameter missing' }, 400), json(m2.example)]);
    expect((await runVirtual(m2.run(client), scheduler)).kind).toBe('error');
    expect(fake.calls).toHaveLength(1);
  });
});
