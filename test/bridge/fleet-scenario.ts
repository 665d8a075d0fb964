/**
 * Random scenarios for the fleet property tests: one or two accounts with scripted pushes, the
 * second worker's start, a kill and restart, dropped sockets, the rollover period, and (with
 * `withLag`) a window in which one worker's publishes are held back.
 */
import fc from 'fast-check';
import type { Scenario } from './fleet.js';
import { materialize, pushOps } from './push-script.js';

/** Pushes start here (virtual ms), once worker 0 is connected. */
const FIRST_PUSH = 20;
/** A script tick of `ms` lasts this many times `ms` virtual milliseconds. */
const MS_PER_TICK = 6;

/**
 * Scenarios whose pushes span up to about `maxOps * 6` virtual ms.
 *
 * @example
 * ```ts
 * fc.assert(fc.asyncProperty(scenarioArbitrary(), async (scenario) => { await playFleet(scenario, bus); }));
 * ```
 */
export function scenarioArbitrary(maxOps = 80, withLag = false): fc.Arbitrary<Scenario> {
  return fc
    .record({
      scripts: fc.array(pushOps(maxOps), { minLength: 1, maxLength: 2 }),
      second: fc.integer({ min: 0, max: 1000 }),
      killWorker: fc.constantFrom(0 as const, 1 as const),
      killAt: fc.integer({ min: 0, max: 1000 }),
      downMs: fc.integer({ min: 1, max: 20 }),
      drops: fc.array(fc.record({ at: fc.integer({ min: 0, max: 1000 }), pick: fc.nat(10) }), { maxLength: 3 }),
      rolloverAfterMs: fc.integer({ min: 15, max: 60 }),
      lag: withLag ? fc.record({ worker: fc.constantFrom(0 as const, 1 as const), from: fc.integer({ min: 0, max: 1000 }), length: fc.integer({ min: 1, max: 40 }) }) : fc.constant(undefined),
    })
    .map(({ scripts, second, killWorker, killAt, downMs, drops, rolloverAfterMs, lag }) => {
      const pushes = new Map(scripts.map((ops, i) => [`acct${i}`, materialize(ops, FIRST_PUSH, MS_PER_TICK)]));
      const last = Math.max(FIRST_PUSH, ...[...pushes.values()].flatMap((p) => p.map((e) => e.sendTime)));
      const at = (permille: number): number => 5 + Math.round(((last - 5) * permille) / 1000);
      const scenario: Scenario = {
        pushes,
        secondStart: at(second),
        // Killed once it runs (worker 1 only after its start), restarted after `downMs`.
        kill: { worker: killWorker, at: Math.max(killWorker === 0 ? 6 : at(second) + 3, at(killAt)), downMs },
        drops: drops.map((d) => ({ at: at(d.at), pick: d.pick })),
        rolloverAfterMs,
        // A lag from the start (nothing of the worker stored yet) a third of the time.
        ...(lag === undefined ? {} : { lag: { worker: lag.worker, from: lag.from < 333 ? 0 : at(lag.from), to: at(lag.from) + lag.length } }),
      };
      return scenario;
    });
}
