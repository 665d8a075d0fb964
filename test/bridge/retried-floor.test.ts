/**
 * The publisher's retries at their floor, in virtual time: a publish that fails at once, retried
 * for ever from a first delay of 1 ms, is tried a handful of times in its first second (the delay
 * doubles), never in a loop.
 */
import { describe, expect, it } from '@jest/globals';
import { VirtualTimeScheduler } from 'rxjs';
import { retried } from '../../src/bridge/retried.js';

describe('retried at the shortest first delay', () => {
  it('tries a publish that always fails 10 times in its first second, then ever more slowly', async () => {
    const scheduler = new VirtualTimeScheduler();
    const tries: number[] = [];
    const subscription = retried(
      'publishing',
      () => {
        tries.push(scheduler.now());
        return Promise.reject(new Error('no responders'));
      },
      { retries: Infinity, retryDelayMs: 1, scheduler },
    ).subscribe({ error: () => undefined });
    for (let step = 0; step < 100; step++) {
      for (let i = 0; i < 5; i++) await Promise.resolve();
      const next = scheduler.actions[0];
      if (next === undefined || next.delay > 4_000) break;
      scheduler.maxFrames = next.delay;
      scheduler.flush();
    }
    subscription.unsubscribe();
    // Retries wait 1, 2, 4, ... ms: tries at 0, 1, 3, 7, ..., 1023 ms, then 2047 and 4095 ms.
    expect(tries.filter((at) => at < 1_000)).toEqual([0, 1, 3, 7, 15, 31, 63, 127, 255, 511]);
    expect(tries.filter((at) => at >= 1_000)).toEqual([1023, 2047]);
  });
});
