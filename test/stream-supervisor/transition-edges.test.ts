/**
 * Rows at the edges of the supervisor's table (docs/architecture.md): a row's input from a
 * connection the row is not about, inputs no row names, what the stopped stream ignores, a key
 * replacement whose old key the service refused or whose new key is the current one, and what a
 * refused key source leaves in the stream's error. Same form as transition-table.test.ts.
 */
import { describe, expect, it } from '@jest/globals';
import { ApiError } from '../../src/errors.js';
import { StreamFatalError } from '../../src/stream/stream-fatal-error.js';
import type { Phase } from '../../src/stream/supervisor/model.js';
import { transition } from '../../src/stream/supervisor/transition.js';
import {
  ACQUIRING, brokenBy, cancel, closeKey, connecting, due, emit, ended, K1, K2, keyCreated, keyFailed, live, liveTimersCancelled, liveTimersStarted, MINUTE, NOW,
  overlap, overlapEnds, probe, problem, ready, reconnecting, renewing, replacing, rollover, row, S, schedule, scheduleOverlapEnd, SETTINGS, start, STOPPED,
  WAITING, type Row,
} from './table.js';

const REFUSED = new ApiError({ code: 700002, msg: 'Signature for this request is not valid.', status: 400, operation: 'L1' });
/** A key replacement whose "new" key is the one already held (a source that hands out its key again). */
const replacingWithSameKey: Phase = { name: 'handover', purpose: 'replace-key', from: 1, to: 2, newKey: K1 };

// id, what the row says, given, input, then, effects
const ROWS: readonly Row[] = [
  row('C2', 'another connection ended while connecting: nothing', S(connecting(2)), ended(1, 'closed-by-server'), S(connecting(2)), []),
  row('R4', 'another connection ended while renewing: nothing', S(renewing(2)), ended(1, 'closed-by-server'), S(renewing(2)), []),
  row('R5', 'backoff over while renewing with the live connection still up: nothing (the old key is kept)', S(renewing(1)), due('backoff-over'), S(renewing(1)), []),
  row('H1', 'a connection other than the successor subscribed during a handover: nothing', S(rollover(2, 3)), ready(1), S(rollover(2, 3)), []),
  row('H2', 'a connection neither side of the handover ended: nothing', S(rollover(2, 3)), ended(1, 'closed-by-server'), S(rollover(2, 3)), []),
  row('H2', 'the live connection died with its key refused during a key replacement: that key dropped, the new one takes over when subscribed', S(replacing(1, 2)), ended(1, 'invalid-listen-key'), S(replacing(undefined, 2), { key: undefined, broken: brokenBy('invalid-listen-key') }), [...liveTimersCancelled, cancel('keepalive-due')]),
  row('H6', 'the new key\'s connection failed with nothing live and the old key refused: the new key DELETEd, no keepalive for a key no longer held, reconnect', S(replacing(undefined, 2), { key: undefined, broken: brokenBy('invalid-listen-key') }), ended(2, 'connect-timeout'), S(WAITING, { key: undefined, opened: 2, attempt: 1, broken: brokenBy('invalid-listen-key') }), [overlapEnds, closeKey(K2), ...reconnecting(1, 'connect-timeout')]),
  row('H1', 'a key replacement that brought the key already held: adopted, but no old key to DELETE after the overlap', S(replacingWithSameKey), ready(2), S(live(2), { overlaps: [overlap(2, NOW, 1)] }), [probe(1), emit({ type: 'key-replaced', listenKey: 'key-…aaaa', reason: 'keepalive-failed', at: NOW }), schedule('keepalive-due', 30 * MINUTE), scheduleOverlapEnd(2, 1), ...liveTimersStarted]),
  row('A12', 'stopped: the stable period does not reset the attempts any more', S(STOPPED, { key: undefined, attempt: 2 }), due('stable-period-over'), S(STOPPED, { key: undefined, attempt: 2 }), []),
  row('A12', 'stopped: a malformed frame with onMalformedFrame \'error\' fails nothing a second time', S(STOPPED, { key: undefined }), problem(1, 'malformed-frame', 'bad'), S(STOPPED, { key: undefined }), [], { onMalformedFrame: 'error' }),
  row('-', 'live: a connection subscribed again changes nothing (no row names it)', S(live(1)), ready(1), S(live(1)), []),
  row('-', 'live: a second start changes nothing', S(live(1)), start, S(live(1)), []),
  row('-', 'live: a key answer nobody asked for changes nothing', S(live(1)), keyCreated(K2), S(live(1)), []),
  row('-', 'waiting: a rollover due changes nothing', S(WAITING, { opened: 1 }), due('rollover-due'), S(WAITING, { opened: 1 }), []),
];

describe('the stream supervisor at the edges of its table', () => {
  it.each(ROWS.map((r) => [`${r.id} ${r.given.phase.name} | ${r.input.type}: ${r.says}`, r] as const))('%s', (_name, r) => {
    const next = transition(r.given, r.input, { ...SETTINGS, ...r.settings });
    expect(next.effects).toEqual(r.effects);
    expect(next.state).toEqual(r.then);
  });

  it('Q2: the error a refused key source ends the stream with carries the refusal as its cause', () => {
    const { effects } = transition(S(ACQUIRING, { key: undefined }), keyFailed(REFUSED), SETTINGS);
    expect(effects).toHaveLength(1);
    const [failure] = effects;
    const error = failure?.type === 'fail' ? failure.error : undefined;
    expect(error).toBeInstanceOf(StreamFatalError);
    expect(error?.cause).toBe(REFUSED);
  });
});
