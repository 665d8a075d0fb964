/**
 * Random scenarios for the fleet property tests: one or two accounts with scripted pushes, the
 * second worker's start, a kill and restart, dropped sockets, the rollover period, and (with
 * `withLag`) a window in which one worker's publishes are held back.
 */
import fc from 'fast-check';
import { STEP_MS, type Scenario } from './fleet.js';
import { materialize, pushOps } from './push-script.js';

/** Pushes start here (steps), once worker 0 is connected. */
const FIRST_PUSH = 20;
/** A script tick of `ms` lasts this many times `ms` steps. */
const STEPS_PER_TICK = 6;

/**
 * Scenarios whose pushes span up to about `maxOps * 6` steps. They are drawn in steps and
 * given in virtual ms (each time a multiple of {@link STEP_MS}).
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
      const pushes = new Map(scripts.map((ops, i) => [`acct${i}`, materialize(ops, FIRST_PUSH * STEP_MS, STEPS_PER_TICK * STEP_MS)]));
      const last = Math.max(FIRST_PUSH, ...[...pushes.values()].flatMap((p) => p.map((e) => e.sendTime / STEP_MS)));
      // The step `permille` of the way from step 5 to the last push.
      const at = (permille: number): number => 5 + Math.round(((last - 5) * permille) / 1000);
      const ms = (steps: number): number => steps * STEP_MS;
      const scenario: Scenario = {
        pushes,
        secondStart: ms(at(second)),
        // Killed once it runs (worker 1 only after its start), restarted after `downMs`.
        kill: { worker: killWorker, at: ms(Math.max(killWorker === 0 ? 6 : at(second) + 3, at(killAt))), downMs: ms(downMs) },
        drops: drops.map((d) => ({ at: ms(at(d.at)), pick: d.pick })),
        rolloverAfterMs: ms(rolloverAfterMs),
        // A lag from the start (nothing of the worker stored yet) a third of the time.
        ...(lag === undefined ? {} : { lag: { worker: lag.worker, from: lag.from < 333 ? 0 : ms(at(lag.from)), to: ms(at(lag.from) + lag.length) } }),
      };
      return scenario;
    });
}
