/**
 * The faults the soak injects, picked by a seeded generator, and how to tell the stream has
 * recovered from each: a gap reported after a drop, a stall or an expired key; a replaced key
 * after a refused keepalive; a diagnostic after a bad frame.
 */
import type { MalformedKind } from '../../../src/simulator/index.js';
import { pick, type Random } from './prng.js';
import { ACCOUNT } from './row.js';
import type { SoakStream } from './soak-stream.js';

/** What a round of the soak does to the stream. */
export type SoakFault = 'none' | 'drop' | 'stall' | 'malformed' | 'refuse-keepalive' | 'expire-key';

/** How often each fault is picked (by weight). */
export const FAULT_WEIGHTS: readonly (readonly [SoakFault, number])[] = [
  ['none', 40],
  ['drop', 15],
  ['stall', 10],
  ['malformed', 15],
  ['refuse-keepalive', 10],
  ['expire-key', 10],
];

const MALFORMED_KINDS: readonly (readonly [MalformedKind, number])[] = [
  ['protobuf', 1],
  ['text', 1],
  ['truncated', 1],
  ['wrong-types', 1],
  ['oversized', 1],
  ['unknown-channel', 1],
];

/** A fault's effect is over when this holds. */
export type Recovered = () => boolean;

/**
 * Injects `fault` into the running stream and returns the condition of its recovery, or
 * `undefined` when nothing could be injected (no open connection at that moment).
 */
export function inject(stream: SoakStream, fault: SoakFault, random: Random): Recovered | undefined {
  const { sim } = stream;
  const connected = stream.count('connected');
  // A cut connection is always followed by a gap: after a reconnect, or, when a rollover took
  // over from a connection that had stalled, at the end of the overlap.
  const gaps = stream.count('gap');
  const gapReported: Recovered = () => stream.count('gap') > gaps;
  switch (fault) {
    case 'none':
      return () => true;
    case 'drop':
      return sim.ws.drop({ account: ACCOUNT }) > 0 ? gapReported : undefined;
    case 'stall':
      return sim.ws.stall({ account: ACCOUNT }) > 0 ? gapReported : undefined;
    case 'malformed': {
      const diagnostics = stream.count('diagnostic:malformed-frame') + stream.count('diagnostic:unknown-frame');
      const kind = pick(random, MALFORMED_KINDS);
      const sent = sim.ws.sendMalformed({ account: ACCOUNT }, kind);
      stream.notes.push(`${kind} frame at ${sim.clock.now()} to ${JSON.stringify(sim.ws.connections({ account: ACCOUNT, open: true }).map((c) => [c.id, c.stalled, c.openedAt]))}`);
      // Reported, or lost with its connection (a gap says so).
      return sent > 0 ? () => stream.count('diagnostic:malformed-frame') + stream.count('diagnostic:unknown-frame') > diagnostics || gapReported() : undefined;
    }
    case 'refuse-keepalive': {
      const replaced = stream.count('key-replaced');
      sim.ws.refuseNextKeepAlive();
      // A refused keepalive with no connection open is a new key on the next reconnect instead.
      return () => stream.count('key-replaced') > replaced || (sim.faults.pending('L3').length === 0 && (stream.count('connected') > connected || gapReported()));
    }
    case 'expire-key': {
      // The key of the newest connection: the one in use (an older key may still be in its overlap).
      const key = sim.ws.connections({ account: ACCOUNT, open: true }).at(-1)?.listenKey;
      if (key === undefined) return undefined;
      sim.ws.expireKey(key);
      return gapReported;
    }
  }
}
