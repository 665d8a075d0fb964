/**
 * The supervisor's transition table, one test per row (ids as in docs/architecture.md, "The user
 * data stream"): given a state and an input, the next state and the effects, exactly.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { ApiError } from '../../src/errors.js';
import type { AccountEvent } from '../../src/stream/events.js';
import { ruledInputs, transition } from '../../src/stream/supervisor/transition.js';
import {
  ACQUIRING, brokenBy, cancel, clientClosed, close, closeKey, complete, connecting, createKey, deliver, diagnose, due, emit, ended, event, failWith, HEALTHY, IDLE, K1, K2, keepAlive,
  keepAliveFailed, keepAliveOk, keyCloseFailed, keyCreated, keyFailed, live, liveTimersCancelled, liveTimersStarted, MINUTE, NOW, open, overlap, overlapBegins, overlapEnds,
  overlapOver, probe, problem, ready, reconnecting, renewing, replacing, rollover, row, S, schedule, scheduleOverlapEnd, SETTINGS, start,
  stop, STOPPED, WAITING, type Row,
} from './table.js';

const REFUSED = new ApiError({ code: 700002, msg: 'Signature for this request is not valid.', status: 400, operation: 'L1' });
const HANG_UP = new Error('socket hang up');
const ONE_MINUTE_LATER = schedule('rollover-due', MINUTE);
const KEEPALIVE_FAILED = diagnose('keepalive-failed', 'keeping the listen key key-…aaaa alive failed: timeout');
const DEPOSIT: AccountEvent = { type: 'account', channel: 'spot@private.account.v3.api.pb', asset: 'USDT', coinId: 'c', free: '1', freeChange: '1', frozen: '0', frozenChange: '0', changeType: 'DEPOSIT', time: 1, sendTime: 1, createTime: undefined };
const SINCE = 990_000;
const STALL = 950_000;

// id, what the row says, given, input, then, effects
const TABLE: readonly Row[] = [
  row('A1', 'stop: every socket closed, the key DELETEd', S(live(2), { overlaps: [overlap(2, SINCE, 1)] }), stop, S(STOPPED, { key: undefined, opened: 2 }), [close(2), close(1), closeKey(K1)]),
  row('A1', 'stop during a key replacement: the unused new key DELETEd too', S(replacing(1, 2)), stop, S(STOPPED, { key: undefined, opened: 2 }), [close(2), close(1), closeKey(K1), closeKey(K2)]),
  row('A1', 'stop before a key was had: nothing to close', S(ACQUIRING, { key: undefined }), stop, S(STOPPED, { key: undefined }), []),
  row('A2', 'an event of the live connection is delivered', S(live(1)), event(1, DEPOSIT), S(live(1)), [deliver(1, DEPOSIT)]),
  row('A2', 'an event of a replaced connection in its overlap is delivered', S(live(2), { overlaps: [overlap(2, SINCE, 1)] }), event(1, DEPOSIT), S(live(2), { overlaps: [overlap(2, SINCE, 1)] }), [deliver(1, DEPOSIT)]),
  row('A2', 'an event of a handover successor not yet subscribed is delivered', S(rollover(1, 2)), event(2, DEPOSIT), S(rollover(1, 2)), [deliver(2, DEPOSIT)]),
  row('A3', 'an event of a connection not held is dropped', S(live(2)), event(1, DEPOSIT), S(live(2)), []),
  row('A4', "a malformed frame with onMalformedFrame 'error' ends the stream", S(live(1)), problem(1, 'malformed-frame', 'bad'), S(STOPPED, { key: undefined, opened: 1 }), [close(1), closeKey(K1), failWith('stream frame refused: bad')], { onMalformedFrame: 'error' }),
  row('A5', 'a malformed frame is a diagnostic', S(live(1)), problem(1, 'malformed-frame', 'bad'), S(live(1)), [diagnose('malformed-frame', 'bad')]),
  row('A5', 'a refused channel is a diagnostic, whatever onMalformedFrame says', S(live(1)), problem(1, 'subscription-refused', 'no'), S(live(1)), [diagnose('subscription-refused', 'no')], { onMalformedFrame: 'error' }),
  row('A6', 'a stable period resets the backoff', S(live(1), { attempt: 3 }), due('stable-period-over'), S(live(1)), []),
  row('A7', 'keepalive due: keep the key alive', S(live(1)), due('keepalive-due'), S(live(1)), [keepAlive(K1)]),
  row('A7', 'keepalive due with no key: nothing', S(WAITING, { key: undefined }), due('keepalive-due'), S(WAITING, { key: undefined }), []),
  row('A8', 'keepalive done: the next one in 30 minutes', S(live(1)), keepAliveOk(K1), S(live(1)), [schedule('keepalive-due', 30 * MINUTE)]),
  row('A9', 'a keepalive answer for a key no longer held changes nothing', S(live(3), { key: K2 }), keepAliveOk(K1), S(live(3), { key: K2 }), []),
  row('A9', 'a keepalive failure for a key no longer held changes nothing', S(live(3), { key: K2 }), keepAliveFailed(K1), S(live(3), { key: K2 }), []),
  row('A10', 'overlap over: the replaced connection closed', S(live(2), { overlaps: [overlap(2, SINCE, 1)] }), overlapOver(2, SINCE), S(live(2)), [close(1), overlapEnds]),
  row('A10', 'overlap over, the replaced connection stalled: a gap', S(live(2), { overlaps: [overlap(2, SINCE, 1)] }), overlapOver(2, STALL), S(live(2)), [close(1), overlapEnds, emit({ type: 'gap', from: STALL, to: SINCE, reason: 'stalled' })]),
  row('A10', "overlap over after a key replacement: the old key DELETEd", S(live(2), { key: K2, overlaps: [overlap(2, SINCE, undefined, K1)] }), overlapOver(2, undefined), S(live(2), { key: K2 }), [overlapEnds, closeKey(K1)]),
  row('A10', 'an overlap already over changes nothing', S(live(2)), overlapOver(2, SINCE), S(live(2)), []),
  row('A11', 'a replaced connection ended in its overlap, stalled: a gap', S(live(2), { overlaps: [overlap(2, SINCE, 1)] }), ended(1, 'stalled', STALL), S(live(2), { overlaps: [overlap(2, SINCE, undefined)] }), [emit({ type: 'gap', from: STALL, to: SINCE, reason: 'stalled' })]),
  row('A11', 'a replaced connection ended in its overlap, having delivered: nothing missing', S(live(2), { overlaps: [overlap(2, SINCE, 1)] }), ended(1, 'closed-by-server', SINCE), S(live(2), { overlaps: [overlap(2, SINCE, undefined)] }), []),
  row('A12', 'stopped: nothing happens any more', S(STOPPED), ready(1), S(STOPPED), []),
  row('A12', 'stopped: a DELETE failing after the stop tells nobody (the shell counts it)', S(STOPPED, { key: undefined }), keyCloseFailed(K1, HANG_UP), S(STOPPED, { key: undefined }), []),
  row('A12', 'stopped: the client closed after the last subscriber left tells nobody', S(STOPPED, { key: undefined }), clientClosed, S(STOPPED, { key: undefined }), []),
  row('A13', 'client closed: as the stop, then `stopped` and completion', S(live(2), { overlaps: [overlap(2, SINCE, 1)] }), clientClosed, S(STOPPED, { key: undefined, opened: 2 }), [close(2), close(1), closeKey(K1), emit({ type: 'stopped', reason: 'client-closed', at: NOW }), complete]),
  row('A13', 'client closed while the key is being created: nothing to close yet, still told', S(ACQUIRING, { key: undefined }), clientClosed, S(STOPPED, { key: undefined }), [emit({ type: 'stopped', reason: 'client-closed', at: NOW }), complete]),
  row('A14', 'a DELETE failed while the stream runs: a diagnostic', S(live(2), { key: K2 }), keyCloseFailed(K1, HANG_UP), S(live(2), { key: K2 }), [diagnose('key-close-failed', 'closing the listen key key-…aaaa failed: socket hang up')]),

  row('I1', 'start: create a key', S(IDLE, { key: undefined }), start, S(ACQUIRING, { key: undefined }), [createKey]),

  row('Q1', 'key created: keep it alive, connect with it', S(ACQUIRING, { key: undefined }), keyCreated(K1), S(connecting(1)), [schedule('keepalive-due', 30 * MINUTE), open(1, K1)]),
  row('Q2', 'credentials refused: the stream fails', S(ACQUIRING, { key: undefined }), keyFailed(REFUSED), S(STOPPED, { key: undefined }), [failWith('the listen key source refused the credentials')]),
  row('Q3', 'key failed: a diagnostic, reconnect after the backoff', S(ACQUIRING, { key: undefined }), keyFailed(HANG_UP), S(WAITING, { key: undefined, attempt: 1, broken: brokenBy('key-unavailable', NOW) }), [diagnose('key-create-failed', 'creating a listen key failed: socket hang up'), ...reconnecting(1, 'key-unavailable')]),
  row('Q3', 'no key at all: the same', S(ACQUIRING, { key: undefined }), keyCreated(''), S(WAITING, { key: undefined, attempt: 1, broken: brokenBy('key-unavailable', NOW) }), [diagnose('key-create-failed', 'the listen key source completed without a key'), ...reconnecting(1, 'key-unavailable')]),

  row('C1', 'subscribed: connected', S(connecting(1)), ready(1), S(live(1)), [emit({ type: 'connected', connection: 1, listenKey: 'key-…aaaa', at: NOW }), ...liveTimersStarted]),
  row('C1', 'subscribed after a loss: the gap, then connected', S(connecting(2), { attempt: 1, broken: brokenBy('closed-by-server') }), ready(2), S(live(2), { attempt: 1 }), [emit({ type: 'gap', from: HEALTHY, to: NOW, reason: 'closed-by-server' }), emit({ type: 'connected', connection: 2, listenKey: 'key-…aaaa', at: NOW }), ...liveTimersStarted]),
  row('C1', 'another connection subscribed: nothing', S(connecting(2)), ready(1), S(connecting(2)), []),
  row('C2', 'the connection ended: reconnect after the backoff', S(connecting(1)), ended(1, 'connect-timeout'), S(WAITING, { opened: 1, attempt: 1, broken: brokenBy('connect-timeout') }), [...liveTimersCancelled, ...reconnecting(1, 'connect-timeout')]),
  row('C3', 'keepalive failed: drop the key, connect with a new one', S(connecting(1)), keepAliveFailed(K1), S(ACQUIRING, { key: undefined, opened: 1 }), [KEEPALIVE_FAILED, close(1), cancel('keepalive-due'), createKey]),

  row('L1', 'the live connection ended: reconnect after the backoff', S(live(1)), ended(1, 'closed-by-server'), S(WAITING, { opened: 1, attempt: 1, broken: brokenBy('closed-by-server') }), [...liveTimersCancelled, ...reconnecting(1, 'closed-by-server')]),
  row('L1', 'ended with the key refused: dropped, not DELETEd', S(live(1), { attempt: 1 }), ended(1, 'invalid-listen-key'), S(WAITING, { key: undefined, opened: 1, attempt: 2, broken: brokenBy('invalid-listen-key') }), [...liveTimersCancelled, cancel('keepalive-due'), ...reconnecting(2, 'invalid-listen-key')]),
  row('L1', 'another connection ended: nothing', S(live(2)), ended(1, 'closed-by-server'), S(live(2)), []),
  row('L2', 'rollover due: a second connection, same key', S(live(1)), due('rollover-due'), S(rollover(1, 2)), [overlapBegins, open(2, K1)]),
  row('L3', 'keepalive failed: create a new key', S(live(1)), keepAliveFailed(K1), S(renewing(1)), [KEEPALIVE_FAILED, createKey]),

  row('R1', 'new key: its connection opens beside the live one', S(renewing(1)), keyCreated(K2), S(replacing(1, 2)), [overlapBegins, open(2, K2)]),
  row('R2', 'new key after the live connection was lost: it is the reconnect', S(renewing(), { opened: 1, attempt: 1, broken: brokenBy('closed-by-server') }), keyCreated(K2), S(replacing(undefined, 2), { attempt: 1, broken: brokenBy('closed-by-server') }), [cancel('backoff-over'), overlapBegins, open(2, K2)]),
  row('R3', 'no new key: keep the current one, try again at the next keepalive', S(renewing(1)), keyFailed(HANG_UP), S(live(1)), [diagnose('key-create-failed', 'creating a listen key failed: socket hang up'), schedule('keepalive-due', 30 * MINUTE)]),
  row('R3', 'no new key, nothing live: wait for the backoff', S(renewing(), { opened: 1, attempt: 1, broken: brokenBy('closed-by-server') }), keyCreated(''), S(WAITING, { opened: 1, attempt: 1, broken: brokenBy('closed-by-server') }), [diagnose('key-create-failed', 'the listen key source completed without a key'), schedule('keepalive-due', 30 * MINUTE)]),
  row('Q2', 'credentials refused while renewing: the stream fails', S(renewing(1)), keyFailed(REFUSED), S(STOPPED, { key: undefined, opened: 1 }), [close(1), closeKey(K1), failWith('the listen key source refused the credentials')]),
  row('R4', 'the live connection ended: reconnecting; the new key still comes', S(renewing(1)), ended(1, 'closed-by-server'), S(renewing(), { opened: 1, attempt: 1, broken: brokenBy('closed-by-server') }), [...liveTimersCancelled, ...reconnecting(1, 'closed-by-server')]),
  row('R5', 'backoff over before the new key: wait for it; the old key given up', S(renewing(), { opened: 1, attempt: 1, broken: brokenBy('closed-by-server') }), due('backoff-over'), S(ACQUIRING, { key: undefined, opened: 1, attempt: 1, broken: brokenBy('closed-by-server') }), [closeKey(K1)]),
  row('R5', 'backoff over before the new key, the old one refused already: wait for it', S(renewing(), { key: undefined, opened: 1, attempt: 1, broken: brokenBy('invalid-listen-key') }), due('backoff-over'), S(ACQUIRING, { key: undefined, opened: 1, attempt: 1, broken: brokenBy('invalid-listen-key') }), []),
  row('R6', 'rollover due: tried again in a minute', S(renewing(1)), due('rollover-due'), S(renewing(1)), [ONE_MINUTE_LATER]),

  row('H1', 'rollover subscribed: it is live; the old one PINGed, kept for the overlap', S(rollover(1, 2)), ready(2), S(live(2), { overlaps: [overlap(2, NOW, 1)] }), [probe(1), emit({ type: 'rolled-over', connection: 2, at: NOW }), scheduleOverlapEnd(2, 1), ...liveTimersStarted]),
  row('H1', 'new key subscribed: adopted, key-replaced', S(replacing(1, 2)), ready(2), S(live(2), { key: K2, overlaps: [overlap(2, NOW, 1, K1)] }), [probe(1), emit({ type: 'key-replaced', listenKey: 'key-…bbbb', reason: 'keepalive-failed', at: NOW }), schedule('keepalive-due', 30 * MINUTE), scheduleOverlapEnd(2, 1), ...liveTimersStarted]),
  row('H1', 'new key subscribed after the live one was lost: the gap, then key-replaced', S(replacing(undefined, 2), { attempt: 1, broken: brokenBy('closed-by-server') }), ready(2), S(live(2), { key: K2, attempt: 1, overlaps: [overlap(2, NOW, undefined, K1)] }), [emit({ type: 'gap', from: HEALTHY, to: NOW, reason: 'closed-by-server' }), emit({ type: 'key-replaced', listenKey: 'key-…bbbb', reason: 'keepalive-failed', at: NOW }), schedule('keepalive-due', 30 * MINUTE), scheduleOverlapEnd(2, undefined), ...liveTimersStarted]),
  row('H2', 'the live connection died during a key replacement: the new one takes over when subscribed, the gap from the lost one\'s last healthy moment', S(replacing(1, 2)), ended(1, 'closed-by-server'), S(replacing(undefined, 2), { broken: brokenBy('closed-by-server') }), [...liveTimersCancelled]),
  row('H2', 'the live connection died during a rollover: the same', S(rollover(1, 2)), ended(1, 'stalled'), S(rollover(undefined, 2), { broken: brokenBy('stalled') }), [...liveTimersCancelled]),
  row('H3', 'the live connection died with the key refused, during a rollover on that key: reconnect', S(rollover(1, 2)), ended(1, 'invalid-listen-key'), S(WAITING, { key: undefined, opened: 2, attempt: 1, broken: brokenBy('invalid-listen-key') }), [close(2), overlapEnds, ...liveTimersCancelled, cancel('keepalive-due'), ...reconnecting(1, 'invalid-listen-key')]),
  row('H4', 'rollover failed: the live one runs on, rollover again in a minute', S(rollover(1, 2)), ended(2, 'subscription-refused'), S(live(1), { opened: 2 }), [overlapEnds, ONE_MINUTE_LATER]),
  row('H5', 'key replacement failed: the live one runs on, the unused key DELETEd', S(replacing(1, 2)), ended(2, 'connect-timeout'), S(live(1), { opened: 2 }), [overlapEnds, closeKey(K2), schedule('keepalive-due', 30 * MINUTE)]),
  row('H6', 'the successor failed with nothing live: reconnect', S(replacing(undefined, 2), { attempt: 1, broken: brokenBy('closed-by-server') }), ended(2, 'connect-timeout'), S(WAITING, { opened: 2, attempt: 2, broken: brokenBy('closed-by-server') }), [overlapEnds, closeKey(K2), schedule('keepalive-due', 30 * MINUTE), ...reconnecting(2, 'connect-timeout')]),
  row('H6', "the rollover's key refused with nothing live: dropped, reconnect", S(rollover(undefined, 2), { broken: brokenBy('closed-by-server') }), ended(2, 'invalid-listen-key'), S(WAITING, { key: undefined, opened: 2, attempt: 1, broken: brokenBy('closed-by-server') }), [overlapEnds, cancel('keepalive-due'), ...reconnecting(1, 'invalid-listen-key')]),
  row('H7', 'rollover due during a handover: tried again in a minute', S(replacing(1, 2)), due('rollover-due'), S(replacing(1, 2)), [ONE_MINUTE_LATER]),
  row('H8', 'keepalive failed during a rollover: the rollover gives way to a key replacement', S(rollover(1, 2)), keepAliveFailed(K1), S(renewing(1), { opened: 2 }), [KEEPALIVE_FAILED, close(2), overlapEnds, ONE_MINUTE_LATER, createKey]),
  row('H9', 'keepalive failed during a rollover with nothing live: a new key', S(rollover(undefined, 2), { broken: brokenBy('closed-by-server') }), keepAliveFailed(K1), S(ACQUIRING, { key: undefined, opened: 2, broken: brokenBy('closed-by-server') }), [KEEPALIVE_FAILED, close(2), overlapEnds, cancel('keepalive-due'), createKey]),
  row('H10', 'a keepalive failure during a key replacement changes nothing (none runs)', S(replacing(1, 2)), keepAliveFailed(K1), S(replacing(1, 2)), []),

  row('W1', 'backoff over: connect with the key held', S(WAITING, { opened: 1, attempt: 1 }), due('backoff-over'), S(connecting(2), { attempt: 1 }), [open(2, K1)]),
  row('W2', 'backoff over with no key: create one', S(WAITING, { key: undefined, opened: 1 }), due('backoff-over'), S(ACQUIRING, { key: undefined, opened: 1 }), [createKey]),
  row('W3', 'keepalive failed while waiting: the key dropped', S(WAITING, { opened: 1 }), keepAliveFailed(K1), S(WAITING, { key: undefined, opened: 1 }), [KEEPALIVE_FAILED, cancel('keepalive-due')]),
];

describe('the stream supervisor, row by row', () => {
  it.each(TABLE.map((r) => [`${r.id} ${r.given.phase.name} | ${r.input.type}: ${r.says}`, r] as const))('%s', (_name, r) => {
    const next = transition(r.given, r.input, { ...SETTINGS, ...r.settings });
    expect(next.effects).toEqual(r.effects);
    expect(next.state).toEqual(r.then);
  });

  it('has the rows of the table in docs/architecture.md, and no others', () => {
    const doc = readFileSync(new URL('../../docs/architecture.md', import.meta.url), 'utf8');
    const documented = [...doc.matchAll(/^\| ([AIQCLRHW]\d+) \|/gm)].map((match) => match[1]);
    expect(new Set(TABLE.map((r) => r.id))).toEqual(new Set(documented));
  });

  it('has a row for every rule of the table', () => {
    const ruled = ruledInputs();
    const covered = new Set(
      TABLE.map((r) => {
        const own = ruled.some(([phase, input]) => phase === r.given.phase.name && input === r.input.type);
        return `${own ? r.given.phase.name : 'any'} ${r.input.type}`;
      }),
    );
    expect(ruled.map(([phase, input]) => `${phase} ${input}`).filter((rule) => !covered.has(rule))).toEqual([]);
  });
});
