/**
 * The bridge's promise, over random runs: per account, random pushes with repeated contents (the
 * same balance locked, unlocked and locked again in one millisecond, order states and deals pushed
 * twice), streamed by two workers (the second starting at a random moment, so both run the
 * account from then on), each rolling its connections over (overlapping connections) and losing
 * sockets at random (reconnects), one of them killed and restarted; a reader of the stream gets
 * exactly the pushed sequence minus what lies inside the gaps it reads: nothing lost outside a
 * gap, nothing twice, the order kept; also when one worker lags (its publishes held back). The
 * stream is the in-memory model of JetStream (many runs); fleet-nats.test.ts runs the same
 * against a real nats-server.
 */
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { decodeEnvelope } from '../../src/bridge/envelope.js';
import type { ScaleEvent } from '../../src/scale/tagged-event.js';
import { checkRead, type ReadTally } from './fleet-check.js';
import { FLEET_STREAM, playFleet, type Bus, type Scenario } from './fleet.js';
import { JetStreamModel } from './jetstream-model.js';
import { scenarioArbitrary } from './fleet-scenario.js';

function modelBus(model: JetStreamModel): Bus {
  return {
    client() {
      const client = model.client();
      return {
        js: client.js,
        hold: (on) => {
          if (on) client.held = true;
          else client.release();
        },
      };
    },
    // The model answers at once: what a publish sets off runs in promise callbacks, all drained
    // by one turn of the event loop. Quiet once a whole turn passes without a publish.
    async quiet() {
      let calls: number;
      do {
        calls = model.calls;
        await new Promise((resolve) => setImmediate(resolve));
      } while (calls !== model.calls);
    },
  };
}

/** Per account, the events stored, in stream order. */
function storedByAccount(model: JetStreamModel): Map<string, ScaleEvent[]> {
  const out = new Map<string, ScaleEvent[]>();
  for (const message of model.messages) {
    const decoded = decodeEnvelope(message.data);
    if (!decoded.ok) throw new Error(`a stored message does not decode: ${decoded.problems.join('; ')}`);
    const list = out.get(decoded.envelope.account) ?? [];
    list.push(decoded.envelope.event);
    out.set(decoded.envelope.account, list);
  }
  return out;
}

async function runOnModel(scenario: Scenario): Promise<ReadTally[]> {
  const model = new JetStreamModel(FLEET_STREAM, () => 0);
  await playFleet(scenario, modelBus(model));
  const stored = storedByAccount(model);
  return [...scenario.pushes].map(([account, pushes]) => checkRead(pushes, stored.get(account) ?? []));
}

// Each property plays 300 runs: about 5 s of CPU on its own core; the limit leaves room for a loaded machine.
describe('the bridge over random runs (in-memory JetStream)', () => {
  it('delivers exactly the pushed sequence minus what lies inside reported gaps: no loss outside a gap, no duplicate, order kept', async () => {
    const tallies: ReadTally[] = [];
    await fc.assert(
      fc.asyncProperty(scenarioArbitrary(), async (scenario) => {
        tallies.push(...(await runOnModel(scenario)));
      }),
      { numRuns: 300, seed: 1919 },
    );
    // Not vacuous: most pushes lie outside every gap, and identical contents were read again and again.
    const pushed = tallies.reduce((sum, t) => sum + t.pushed, 0);
    const outside = tallies.reduce((sum, t) => sum + t.outside, 0);
    expect(outside / pushed).toBeGreaterThan(0.6);
    expect(tallies.reduce((sum, t) => sum + t.repeatsRead, 0)).toBeGreaterThan(100);
  }, 60_000);

  it('keeps that promise when a worker lags behind the other (its publishes held back for a while, even before it stored anything)', async () => {
    await fc.assert(
      fc.asyncProperty(scenarioArbitrary(80, true), async (scenario) => {
        // What the lagging worker stores late, after the other stored later pushes, is what the
        // other did not see: inside one of the other's gaps (its start, a reconnect, an ambiguous copy).
        await runOnModel(scenario);
      }),
      { numRuns: 300, seed: 2919 },
    );
  }, 60_000);
});
