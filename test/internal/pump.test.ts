/**
 * The kit's pump: a call from inside the drain asks for one more pass instead of recursing, the
 * stack stays flat over a long chain, a bound on passes holds, and a drain that throws leaves the
 * pump ready for the next run.
 */
import { describe, expect, it } from '@jest/globals';
import { Pump } from '../../src/internal/pump.js';

describe('Pump', () => {
  it('runs the drain at once, and a run from inside it as one more pass after the current one', () => {
    const log: string[] = [];
    let passes = 0;
    const pump: Pump = new Pump(() => {
      passes += 1;
      log.push(`start ${passes}`);
      if (passes < 3) {
        pump.run();
        log.push(`after inner run ${passes}`);
      }
      log.push(`end ${passes}`);
    });
    expect(pump.busy).toBe(false);
    pump.run();
    expect(log).toEqual(['start 1', 'after inner run 1', 'end 1', 'start 2', 'after inner run 2', 'end 2', 'start 3', 'end 3']);
    expect(pump.busy).toBe(false);
  });

  it('asks for one more pass however many times it is called inside one', () => {
    let passes = 0;
    const pump: Pump = new Pump(() => {
      passes += 1;
      if (passes === 1) for (let i = 0; i < 5; i++) pump.run();
    });
    pump.run();
    expect(passes).toBe(2);
  });

  it('keeps the stack flat over a chain of 100,000 hand-offs (each item handing on calls back in)', () => {
    const items = Array.from({ length: 100_000 }, (_, i) => i);
    let handled = 0;
    let deepest = 0;
    let depth = 0;
    const pump: Pump = new Pump(() => {
      depth += 1;
      deepest = Math.max(deepest, depth);
      const item = items.pop();
      if (item !== undefined) {
        handled += 1;
        pump.run(); // what a subscriber releasing at once does
      }
      depth -= 1;
    });
    pump.run();
    expect(handled).toBe(100_000);
    expect(deepest).toBe(1);
  });

  it('stops after maxPasses, leaving what was asked after that for the next run', () => {
    let passes = 0;
    const pump: Pump = new Pump(() => {
      passes += 1;
      pump.run(); // a feedback loop: every pass asks for another
    }, 10);
    pump.run();
    expect(passes).toBe(10);
    pump.run();
    expect(passes).toBe(20);
  });

  it('lets an error of the drain through, and runs again afterwards', () => {
    let fail = true;
    let passes = 0;
    const pump = new Pump(() => {
      passes += 1;
      if (fail) throw new Error('drain failed');
    });
    expect(() => pump.run()).toThrow('drain failed');
    expect(pump.busy).toBe(false);
    fail = false;
    pump.run();
    expect(passes).toBe(2);
  });
});
