/**
 * A budget whose window or snapshot period is longer than a timer holds (2^31 - 1 ms, about 24.8
 * days) waits it out in steps: it never asks its scheduler for a longer delay (Node would fire it
 * after 1 ms, and wake the budget every millisecond), and lets the next call go exactly when the
 * window has passed. Virtual time, through a scheduler that records every delay asked.
 */
import { describe, expect, it } from '@jest/globals';
import { VirtualTimeScheduler } from 'rxjs';
import { createRequestBudget } from '../../src/index.js';
import { recordingScheduler, TIMER_LIMIT_MS } from '../support/recording-scheduler.js';

const DAY = 86_400_000;

describe('a budget with a window of 29 days', () => {
  it('lets the next call go when the window has passed, waking a few times, never for more than a timer holds', () => {
    const virtual = new VirtualTimeScheduler();
    const scheduler = recordingScheduler(virtual);
    const budget = createRequestBudget({ windowMs: 29 * DAY, ipLimit: 1, accountLimit: 1, scheduler });
    const wentAt: number[] = [];
    for (let i = 0; i < 2; i++) {
      budget.admit({ endpoint: 'M2', account: 'a', units: 1 }).subscribe((ticket) => {
        wentAt.push(virtual.now());
        ticket.settle();
      });
    }
    virtual.flush();
    expect(wentAt).toEqual([0, 29 * DAY + 100]);
    expect(Math.max(...scheduler.delays)).toBeLessThanOrEqual(TIMER_LIMIT_MS);
    expect(scheduler.delays.length).toBeLessThanOrEqual(3);
  });

  it('sends state$ snapshots every 30 days when asked to, never asking a timer for more than it holds', () => {
    const virtual = new VirtualTimeScheduler();
    const scheduler = recordingScheduler(virtual);
    const budget = createRequestBudget({ stateIntervalMs: 30 * DAY, scheduler });
    const at: number[] = [];
    const subscription = budget.state$.subscribe((snapshot) => at.push(snapshot.at));
    virtual.schedule(() => subscription.unsubscribe(), 70 * DAY);
    virtual.flush();
    expect(at).toEqual([0, 30 * DAY, 60 * DAY]);
    expect(Math.max(...scheduler.delays)).toBeLessThanOrEqual(TIMER_LIMIT_MS);
  });
});
