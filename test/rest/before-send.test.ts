/**
 * A call's `beforeSend`: awaited for each attempt after the request budget let it through and it is
 * stamped, before it is signed and sent, with the timestamp the request carries. A rejection ends
 * the call with that error and nothing is sent, even for a money-moving call (never an
 * UnknownOutcomeError: nothing left); anything but a function is refused before anything happens.
 */
import { describe, expect, it } from '@jest/globals';
import { firstValueFrom, Subject, takeUntil } from 'rxjs';
import { ApiError, UnknownOutcomeError, ValidationError } from '../../src/index.js';
import { fakeFetch, json } from '../support/fake-fetch.js';
import { drain, errorOf, makeClient, NOW, queryPairs, resultOf } from '../support/harness.js';
import { operationCase } from '../support/operations.js';

const M6 = operationCase('M6');
const M2 = operationCase('M2');

/** A promise and the function that settles it, for a hook held open by the test. */
function gate(): { readonly opened: Promise<void>; readonly open: () => void } {
  let open = (): void => undefined;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe('beforeSend', () => {
  it('is awaited before the request leaves, with the timestamp the request carries', async () => {
    const fake = fakeFetch(json(M6.example));
    const stamps: number[] = [];
    const held = gate();
    const call = resultOf(M6.run(makeClient(fake.fetch), { beforeSend: async (timestamp) => { stamps.push(timestamp); await held.opened; } }));
    await drain();
    expect([stamps, fake.calls.length]).toEqual([[NOW], 0]);
    held.open();
    await call;
    expect(fake.calls).toHaveLength(1);
    expect(new Map(queryPairs(fake.calls[0]?.rawQuery ?? '')).get('timestamp')).toBe(String(NOW));
  });

  it('runs for each attempt of a call that is retried', async () => {
    const fake = fakeFetch([json({ code: 500, msg: 'busy' }, 500), json(M2.example)]);
    let told = 0;
    await resultOf(M2.run(makeClient(fake.fetch, { retry: { limit: 1, baseDelayMs: 0, maxDelayMs: 0 } }), { beforeSend: () => void (told += 1) }));
    expect([told, fake.calls.length]).toEqual([2, 2]);
  });

  it('a rejection ends a money-moving call with that very error, and nothing is sent', async () => {
    for (const reason of [new Error('journal unavailable'), new ApiError({ code: 1, msg: 'mine', status: 400, operation: 'M6' }), 'not even an Error']) {
      const fake = fakeFetch(json(M6.example));
      const error = await errorOf(M6.run(makeClient(fake.fetch), { beforeSend: () => Promise.reject(reason) }));
      expect(error).toBe(reason);
      expect(error).not.toBeInstanceOf(UnknownOutcomeError);
      expect(fake.calls).toHaveLength(0);
    }
  });

  it('a call given up while its hook runs sends nothing', async () => {
    const fake = fakeFetch(json(M6.example));
    const held = gate();
    const stop = new Subject<void>();
    const ended = firstValueFrom(M6.run(makeClient(fake.fetch), { beforeSend: () => held.opened }).pipe(takeUntil(stop)), { defaultValue: 'given up' });
    await drain();
    stop.next();
    held.open();
    expect(await ended).toBe('given up');
    await drain();
    expect(fake.calls).toHaveLength(0);
  });

  it('anything but a function is a ValidationError, nothing sent', async () => {
    for (const beforeSend of [1, 'later', {}, null]) {
      const fake = fakeFetch(json(M6.example));
      const error = await errorOf(M6.run(makeClient(fake.fetch), { beforeSend } as never));
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).issues.map((i) => i.field)).toEqual(['beforeSend']);
      expect(fake.calls).toHaveLength(0);
    }
  });
});
