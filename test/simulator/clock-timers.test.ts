import { describe, expect, it } from '@jest/globals';
import { interval, take, timer, toArray, firstValueFrom } from 'rxjs';
import { clockScheduler, createSimClock } from '../../src/simulator/index.js';
import { until } from '../support/harness.js';

describe('SimClock timers (manual mode)', () => {
  it('runs timers in order of due time when advance passes them, each with the clock at its own time', () => {
    const clock = createSimClock({ start: 0, realtime: false });
    const ran: string[] = [];
    clock.setTimer(300, () => ran.push(`c@${clock.now()}`));
    clock.setTimer(100, () => ran.push(`a@${clock.now()}`));
    clock.setTimer(100, () => ran.push(`b@${clock.now()}`));
    const cancel = clock.setTimer(200, () => ran.push('canceled'));
    cancel();
    expect(clock.pendingTimers).toBe(3);
    clock.advance(99);
    expect(ran).toEqual([]);
    clock.advance(250);
    expect(ran).toEqual(['a@100', 'b@100', 'c@300']);
    expect(clock.now()).toBe(349);
    expect(clock.pendingTimers).toBe(0);
  });

  it('runs a timer set by a timer within the same advance when it falls inside it', () => {
    const clock = createSimClock({ start: 0, realtime: false });
    const ran: number[] = [];
    const tick = (): void => {
      ran.push(clock.now());
      if (ran.length < 5) clock.setTimer(10, tick);
    };
    clock.setTimer(10, tick);
    clock.advance(35);
    expect(ran).toEqual([10, 20, 30]);
    clock.advance(100);
    expect(ran).toEqual([10, 20, 30, 40, 50]);
  });

  it('runs a timer already due soon after, not synchronously', async () => {
    const clock = createSimClock({ start: 0, realtime: false });
    let ran = false;
    clock.setTimer(0, () => (ran = true));
    expect(ran).toBe(false);
    // Soon: at the clock's next real wake-up (a macrotask), bounded.
    await until(() => ran);
    expect(ran).toBe(true);
  });

  it('reports a failing timer after the others have run, and clearTimers drops everything', () => {
    const clock = createSimClock({ start: 0, realtime: false });
    const ran: number[] = [];
    clock.setTimer(1, () => {
      throw new Error('boom');
    });
    clock.setTimer(2, () => ran.push(2));
    expect(() => clock.advance(5)).toThrow('boom');
    expect(ran).toEqual([2]);
    clock.setTimer(10, () => ran.push(10));
    clock.clearTimers();
    clock.advance(100);
    expect(ran).toEqual([2]);
    expect(clock.pendingTimers).toBe(0);
  });

  it('refuses a speed that is not a positive number', () => {
    expect(() => createSimClock({ speed: 0 })).toThrow(RangeError);
    expect(() => createSimClock().setSpeed(Number.NaN)).toThrow(RangeError);
  });
});

describe('SimClock fast mode', () => {
  it('runs time `speed` times faster than its source, shifted by advance', () => {
    let real = 1_000;
    const clock = createSimClock({ start: 0, speed: 1000, source: () => real, lagLimitMs: 1_000 });
    expect(clock.realtime).toBe(true);
    expect(clock.speed).toBe(1000);
    real += 5;
    expect(clock.now()).toBe(5_000);
    clock.advance(60_000);
    expect(clock.now()).toBe(65_000);
    clock.setSpeed(10);
    real += 5;
    expect(clock.now()).toBe(65_050);
  });

  it('counts at most lagLimitMs of source time at once, so a stall pauses simulated time', () => {
    let real = 0;
    const clock = createSimClock({ start: 0, speed: 100, source: () => real });
    real += 8;
    expect(clock.now()).toBe(800);
    real += 500; // the process stalled for half a second
    expect(clock.now()).toBe(800 + 10 * 100);
  });

  it('fires timers after a real wait of delay / speed', async () => {
    const clock = createSimClock({ speed: 1000 });
    const start = clock.now();
    const realStart = Date.now();
    const firedAt = await new Promise<number>((resolve) => clock.setTimer(30_000, () => resolve(clock.now())));
    const realElapsed = Date.now() - realStart;
    expect(firedAt - start).toBeGreaterThanOrEqual(30_000);
    expect(realElapsed).toBeGreaterThanOrEqual(25);
    expect(realElapsed).toBeLessThan(1_000);
  });
});

describe('clockScheduler', () => {
  it('runs rxjs timers in manual mode when the clock is advanced, with now() from the clock', () => {
    const clock = createSimClock({ start: 1_000, realtime: false });
    const scheduler = clockScheduler(clock);
    const seen: number[] = [];
    const subscription = interval(1_000, scheduler).subscribe((n) => seen.push(n * 10_000 + (scheduler.now() - 1_000)));
    clock.advance(3_500);
    expect(seen).toEqual([1_000, 12_000, 23_000]);
    subscription.unsubscribe();
    clock.advance(10_000);
    expect(seen).toHaveLength(3);
    expect(clock.pendingTimers).toBe(0);
  });

  it('runs rxjs work in fast mode on real time divided by the speed', async () => {
    const clock = createSimClock({ speed: 1000 });
    const scheduler = clockScheduler(clock);
    const start = scheduler.now();
    const times = await firstValueFrom(timer(0, 10_000, scheduler).pipe(take(3), toArray()));
    expect(times).toEqual([0, 1, 2]);
    expect(scheduler.now() - start).toBeGreaterThanOrEqual(20_000);
    expect(clock.pendingTimers).toBe(0);
  });

  it('reuses an action rescheduled from its own work and drops it when unsubscribed', () => {
    const clock = createSimClock({ start: 0, realtime: false });
    const scheduler = clockScheduler(clock);
    const runs: number[] = [];
    const action = scheduler.schedule(function (state) {
      runs.push(state ?? -1);
      if ((state ?? 0) < 3) this.schedule((state ?? 0) + 1, 100);
    }, 100, 0);
    clock.advance(250);
    expect(runs).toEqual([0, 1]);
    action.unsubscribe();
    clock.advance(1_000);
    expect(runs).toEqual([0, 1]);
    expect(action.closed).toBe(true);
  });
});
