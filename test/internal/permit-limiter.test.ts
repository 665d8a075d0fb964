/**
 * The kit's permit limiter, in virtual time: never more permits held than its bound, a released
 * permit lets the next waiter go (once, however often it is released), the timer wakes it when
 * its rule says "not before then", a release from inside a grant does not recurse, and a closed
 * limiter hands out nothing and leaves no timer.
 */
import { describe, expect, it } from '@jest/globals';
import { TestScheduler } from 'rxjs/testing';
import { PermitLimiter, type Permit } from '../../src/internal/permit-limiter.js';
import { Queue } from '../../src/internal/queue.js';

function scheduler(): TestScheduler {
  return new TestScheduler((actual, expected) => expect(actual).toEqual(expected));
}

/** A limiter over a queue of grants; `notBefore` (when set) holds every grant until that time. */
function limited(s: TestScheduler, maxHeld: number): { limiter: PermitLimiter; waiting: Queue<(permit: Permit) => void>; hold: (until: number) => void } {
  const waiting = new Queue<(permit: Permit) => void>();
  let notBefore = -Infinity;
  const limiter: PermitLimiter = new PermitLimiter(s, maxHeld, {
    waiting: () => waiting.length > 0,
    grantNext: (now) => {
      if (now < notBefore) return notBefore;
      (waiting.shift() as (permit: Permit) => void)(limiter.take());
      return true;
    },
  });
  return { limiter, waiting, hold: (until) => (notBefore = until) };
}

describe('PermitLimiter (virtual time)', () => {
  it('holds at most maxHeld permits, and a release lets the next waiter go, once however often it is released', () => {
    const s = scheduler();
    s.run(() => {
      const { limiter, waiting } = limited(s, 2);
      const held: Permit[] = [];
      for (let i = 0; i < 4; i++) waiting.push((permit) => held.push(permit));
      limiter.pump();
      expect([held.length, limiter.held, waiting.length]).toEqual([2, 2, 2]);
      held[0]?.release();
      held[0]?.release();
      expect([held.length, limiter.held, waiting.length]).toEqual([3, 2, 1]);
      expect(limiter.hasRoom).toBe(false);
    });
  });

  it('runs a permit’s onRelease once, before the waiters are looked at again', () => {
    const s = scheduler();
    s.run(() => {
      const { limiter, waiting } = limited(s, 1);
      const log: string[] = [];
      const permit = limiter.take(() => log.push('released'));
      waiting.push(() => log.push('next granted'));
      limiter.pump();
      expect(log).toEqual([]);
      permit.release();
      permit.release();
      expect(log).toEqual(['released', 'next granted']);
    });
  });

  it('wakes itself when its rule says when, with one timer', () => {
    const s = scheduler();
    s.run(({ flush }) => {
      const { limiter, waiting, hold } = limited(s, Infinity);
      const grantedAt: number[] = [];
      hold(300);
      for (let i = 0; i < 3; i++) waiting.push(() => grantedAt.push(s.now()));
      limiter.pump();
      limiter.pump();
      expect(grantedAt).toEqual([]);
      flush();
      expect(grantedAt).toEqual([300, 300, 300]);
    });
  });

  it('does not recurse when a grant releases its permit at once: 10,000 in a row with one held at a time', () => {
    const s = scheduler();
    s.run(() => {
      const { limiter, waiting } = limited(s, 1);
      let depth = 0;
      let deepest = 0;
      let granted = 0;
      for (let i = 0; i < 10_000; i++) {
        waiting.push((permit) => {
          depth += 1;
          deepest = Math.max(deepest, depth);
          granted += 1;
          permit.release();
          depth -= 1;
        });
      }
      limiter.pump();
      expect([granted, deepest, limiter.held]).toEqual([10_000, 1, 0]);
    });
  });

  it('hands out nothing once closed and leaves no timer behind; permits held may still be released', () => {
    const s = scheduler();
    s.run(({ flush }) => {
      const { limiter, waiting, hold } = limited(s, 1);
      const permit = limiter.take();
      let granted = 0;
      waiting.push(() => (granted += 1));
      hold(1_000);
      limiter.close();
      permit.release();
      limiter.pump();
      flush();
      expect([granted, limiter.held, limiter.hasRoom]).toEqual([0, 0, false]);
      expect(s.now()).toBe(0);
    });
  });

  it('disarm cancels the pending timer (nobody waits any more)', () => {
    const s = scheduler();
    s.run(({ flush }) => {
      const { limiter, waiting, hold } = limited(s, 1);
      hold(5_000);
      waiting.push(() => undefined);
      limiter.pump();
      waiting.takeAll();
      limiter.disarm();
      flush();
      expect(s.now()).toBe(0);
    });
  });
});
