/**
 * A flood of distinct keys against the simulator's memory bounds, at their real size: the request
 * budget and the IP bans hold one entry per key (per endpoint and IP, per IP), and past 10,000 they
 * sweep out what no longer matters. A flood (one key per made-up IP, which a trusted client-IP
 * header allows) must not reset anyone's count or lift anyone's ban, and the sweeps must wait for
 * the keys held to double, so that a flood inside one window is not swept again on every request.
 * (The request budget's sweep against a model at small thresholds: rate-limit-model.test.ts.)
 */
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { createIpBans, SWEEP_AT_IPS } from '../../src/simulator/ip-ban.js';
import { createRateLimiter, SWEEP_AT_KEYS } from '../../src/simulator/rate-limit.js';

const FLOOD = 25_000;
const ip = (i: number): string => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;

describe('the request budget under a flood of distinct keys', () => {
  it('keeps a count at its limit through the flood, and sweeps only once the keys held have doubled', () => {
    const limiter = createRateLimiter({ limit: 2, windowMs: 1000 });
    expect([limiter.take('M2:victim', 0), limiter.take('M2:victim', 0), limiter.take('M2:victim', 0)]).toEqual([undefined, undefined, 1000]);
    for (let i = 0; i < FLOOD; i += 1) limiter.take(`M2:${ip(i)}`, 500);
    // The victim is still refused until its window ends: the flood reset nothing.
    expect(limiter.take('M2:victim', 999)).toBe(1);
    expect(limiter.held()).toBe(FLOOD + 1);
    // The sweeps at 10,000 and 20,000 found every window current; the next waits for 40,000, so the
    // next window's first key is added beside the old ones.
    expect(limiter.take('M2:late', 1000)).toBeUndefined();
    expect(limiter.held()).toBe(FLOOD + 2);
    let i = FLOOD;
    while (limiter.held() < 40_000) limiter.take(`M2:${ip(i++)}`, 1500);
    // At 40,000 the next new key sweeps out every window of the first second: what is left is the
    // second's keys ('late', the ones just added) and the new one.
    limiter.take('M2:after', 1500);
    expect(limiter.held()).toBe(1 + (i - FLOOD) + 1);
  });

  it('keeps a window from a later time through a sweep, after the clock was set back', () => {
    const limiter = createRateLimiter({ limit: 1, windowMs: 1000 }, 1);
    expect([limiter.take('victim', 5000), limiter.take('victim', 5000)]).toEqual([undefined, 1000]);
    // The clock set back to 0: a new key makes it sweep; then the clock set forward again.
    limiter.take('other', 0);
    expect(limiter.take('victim', 5500)).toBe(500);
  });

  it('sweeps when it holds exactly the threshold, not before', () => {
    const under = createRateLimiter({ limit: 1, windowMs: 1000 });
    const at = createRateLimiter({ limit: 1, windowMs: 1000 });
    for (let i = 0; i < SWEEP_AT_KEYS - 1; i += 1) {
      under.take(`k${i}`, 0);
      at.take(`k${i}`, 0);
    }
    at.take('one more', 0);
    under.take('next window', 1000);
    at.take('next window', 1000);
    expect([under.held(), at.held()]).toEqual([SWEEP_AT_KEYS, 1]);
  });
});

describe('reset after a flood', () => {
  it('starts both thresholds over', () => {
    const limiter = createRateLimiter({ limit: 1, windowMs: 1000 });
    const bans = createIpBans({ after429s: 3, withinMs: 1000, firstBanMs: 1000, maxBanMs: 1000, forgetAfterMs: 1000 });
    for (let i = 0; i < FLOOD; i += 1) {
      limiter.take(ip(i), 0);
      bans.noteTooMany(ip(i), 0);
    }
    limiter.reset();
    bans.reset();
    expect([limiter.held(), bans.held()]).toEqual([0, 0]);
    for (let i = 0; i < SWEEP_AT_KEYS; i += 1) limiter.take(ip(i), 0);
    for (let i = 0; i < SWEEP_AT_IPS; i += 1) bans.noteTooMany(ip(i), 0);
    limiter.take('next window', 1000);
    bans.noteTooMany('a second later', 1000);
    expect([limiter.held(), bans.held()]).toEqual([1, 1]);
  });
});

describe('the IP bans under a flood of distinct IPs', () => {
  const rule = { after429s: 3, withinMs: 60_000, firstBanMs: 120_000, maxBanMs: 3 * 86_400_000, forgetAfterMs: 86_400_000 };

  it('keep a ban, a count of recent 429s and a ban level through a flood of one 429 per IP', () => {
    const bans = createIpBans(rule);
    for (let n = 0; n < 3; n += 1) bans.noteTooMany('banned', 0);
    for (let n = 0; n < 3; n += 1) bans.noteTooMany('banned before', 0);
    bans.noteTooMany('counting', 50_000);
    bans.noteTooMany('counting', 50_000);
    for (let i = 0; i < FLOOD; i += 1) bans.noteTooMany(ip(i), 100_000);
    expect(bans.bannedFor('banned', 100_000)).toBe(20_000);
    expect(bans.held()).toBe(FLOOD + 3);
    // A third 429 within the minute bans the IP that had two.
    bans.noteTooMany('counting', 100_000);
    expect(bans.bannedFor('counting', 100_000)).toBe(120_000);
    // The sweeps at 10,000 and 20,000 kept everything; the next waits for 40,000 IPs held, though
    // the flood's 429s no longer count a minute later.
    bans.noteTooMany('first later', 200_000);
    expect(bans.held()).toBe(FLOOD + 4);
    // After its ban ended, 'banned before' is banned again for twice as long: its level was kept.
    let i = FLOOD;
    while (bans.held() < 4 * SWEEP_AT_IPS) bans.noteTooMany(ip(i++), 200_000);
    bans.noteTooMany('sweeper', 200_000);
    for (let n = 0; n < 3; n += 1) bans.noteTooMany('banned before', 200_000);
    expect(bans.bannedFor('banned before', 200_000)).toBe(240_000);
  });

  it('forget the IPs that no longer matter once they are many', () => {
    const bans = createIpBans(rule);
    for (let i = 0; i < SWEEP_AT_IPS; i += 1) bans.noteTooMany(ip(i), 0);
    // A minute later none of those single 429s counts any more: the next new IP sweeps them all.
    bans.noteTooMany('later', 60_000);
    expect(bans.held()).toBe(1);
  });
});

describe('the IP bans sweeping at 1 to 4 IPs held', () => {
  /** Small numbers, so that random steps land on every edge: a 429 exactly `withinMs` old, a ban's last ms, a level exactly forgotten. */
  const small = { after429s: 2, withinMs: 6, firstBanMs: 4, maxBanMs: 16, forgetAfterMs: 9 };
  const IPS = ['a', 'b', 'c'];
  /** Rules as small, each number drawn: up to three 429s to a ban, so that more than one is pending. */
  const rules = fc.record({
    after429s: fc.integer({ min: 1, max: 3 }),
    withinMs: fc.integer({ min: 1, max: 8 }),
    firstBanMs: fc.integer({ min: 1, max: 6 }),
    maxBanMs: fc.integer({ min: 1, max: 24 }),
    forgetAfterMs: fc.integer({ min: 1, max: 12 }),
  });
  /** A 429 to one of the IPs asked about, or to a new IP (which makes the tracker sweep), or only time passing. */
  const action = fc.record({
    to: fc.oneof({ arbitrary: fc.constantFrom(...IPS), weight: 3 }, { arbitrary: fc.constant('new IP'), weight: 2 }, { arbitrary: fc.constant('nobody'), weight: 1 }),
    wait: fc.oneof({ arbitrary: fc.integer({ min: 0, max: 2 }), weight: 3 }, { arbitrary: fc.integer({ min: 0, max: 12 }), weight: 1 }),
  });

  it('answer every question as a tracker that never forgets', () => {
    fc.assert(
      fc.property(rules, fc.integer({ min: 1, max: 4 }), fc.array(action, { minLength: 1, maxLength: 80 }), (rule, sweepAt, actions) => {
        const sweeping = createIpBans(rule, sweepAt);
        const keeping = createIpBans(rule, Number.POSITIVE_INFINITY);
        let now = 0;
        let newIps = 0;
        const answers = (bans: typeof sweeping): string => IPS.map((each) => String(bans.bannedFor(each, now))).join(' ');
        for (const { to, wait } of actions) {
          now += wait;
          const ip = to === 'new IP' ? `new ${newIps++}` : to;
          if (ip !== 'nobody') {
            sweeping.noteTooMany(ip, now);
            keeping.noteTooMany(ip, now);
          }
          expect(`${now}: ${answers(sweeping)}`).toBe(`${now}: ${answers(keeping)}`);
        }
      }),
      { numRuns: 1000 },
    );
  });

  /** A tracker sweeping at one IP held, with `ip` answered 429 at each of `times`. */
  function tracker(ip: string, times: readonly number[]) {
    const bans = createIpBans(small, 1);
    for (const at of times) bans.noteTooMany(ip, at);
    return bans;
  }

  it('keep a level until exactly forgetAfterMs after its ban ended', () => {
    // 'a' banned at 0 until 4 (level 1); 9 ms after that its level is forgotten.
    const kept = tracker('a', [0, 0]);
    kept.noteTooMany('sweeper', 12);
    expect(kept.held()).toBe(2);
    kept.noteTooMany('a', 12);
    kept.noteTooMany('a', 12);
    expect(kept.bannedFor('a', 12)).toBe(8); // the second ban, twice as long
    const forgotten = tracker('a', [0, 0]);
    forgotten.noteTooMany('sweeper', 13);
    expect(forgotten.held()).toBe(1);
  });

  it('keep a level above one through a sweep', () => {
    const bans = tracker('a', [0, 0, 5, 5]); // banned at 0 until 4, then at 5 until 13 (level 2)
    bans.noteTooMany('sweeper', 14);
    bans.noteTooMany('a', 14);
    bans.noteTooMany('a', 14);
    expect(bans.bannedFor('a', 14)).toBe(16); // the third ban: four times the first
  });

  it('keep a ban in force whatever the rule, even one without forgetAfterMs', () => {
    // A caller in plain JavaScript may leave a number out; a ban in force still holds through a sweep.
    const bans = createIpBans({ ...small, forgetAfterMs: Number.NaN }, 1);
    bans.noteTooMany('a', 0);
    bans.noteTooMany('a', 0);
    bans.noteTooMany('sweeper', 1);
    expect(bans.bannedFor('a', 1)).toBe(3);
  });

  it('keep a 429 that still counts behind an older one that no longer does', () => {
    const bans = createIpBans({ ...small, after429s: 3 }, 1);
    bans.noteTooMany('a', 0);
    bans.noteTooMany('a', 5);
    bans.noteTooMany('sweeper', 7); // the 429 at 0 is out of the period, the one at 5 is not
    bans.noteTooMany('a', 8);
    bans.noteTooMany('a', 9);
    expect(bans.bannedFor('a', 9)).toBe(4); // 5, 8 and 9: three within 6 ms
  });

  it('keep a 429 until exactly withinMs after it', () => {
    const kept = tracker('a', [0]);
    kept.noteTooMany('sweeper', 5);
    kept.noteTooMany('a', 5);
    expect(kept.bannedFor('a', 5)).toBe(4); // the 429 at 0 still counted: two within 6 ms
    const forgotten = tracker('a', [0]);
    forgotten.noteTooMany('sweeper', 6);
    expect(forgotten.held()).toBe(1);
  });
});
