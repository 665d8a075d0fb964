/**
 * A replay's REST replies as seed and resync sources: a request waits for the next reply of its
 * operation the replay reaches (as the live request waited for the live reply), so a reply lands
 * among the events where it landed live; requests of one operation are answered in order; a
 * recorded failure fails; a request left waiting completes empty when the replay ends.
 */
import { describe, expect, it } from '@jest/globals';
import { TestScheduler } from 'rxjs/testing';
import { balanceSnapshots, RecordedRestError, replaySession, type BalanceSeed, type SessionReplay } from '../../src/index.js';
import { createRecordingWriter } from '../../src/recording/write-recording.js';
import { encodePushFrame } from '../../src/simulator/ws/encode-frame.js';
import { accountEvent } from '../stream/fixtures.js';
import { headerLine, STARTED_AT } from './support.js';

const usdt = (free: string, locked = '0'): BalanceSeed[] => [{ asset: 'USDT', free, locked }];

/** M8 seed reply, an event, a gap, a failed M8 resync, another gap, a good M8 resync, an event. */
function lines(): string[] {
  const w = createRecordingWriter();
  const at = (ms: number) => STARTED_AT + ms;
  return [
    headerLine(),
    w.rest({ operation: 'L1', at: at(5), params: {}, reply: { listenKey: 'k'.repeat(64) } }),
    w.lifecycle({ at: at(10), event: { type: 'connected', connection: 1, listenKey: 'kkkk…kkkk', at: at(10) } }),
    w.frame({ connection: 1, at: at(20), data: encodePushFrame({ ...accountEvent, free: '11', time: at(19), sendTime: at(20) }) }),
    w.rest({ operation: 'M8', at: at(30), params: { subAccount: 's1' }, reply: usdt('10') }),
    w.lifecycle({ at: at(40), event: { type: 'gap', from: at(35), to: at(40), reason: 'closed-by-server' } }),
    w.rest({ operation: 'M8', at: at(50), params: { subAccount: 's1' }, error: new Error('HTTP 503') }),
    w.lifecycle({ at: at(60), event: { type: 'gap', from: at(55), to: at(60), reason: 'stalled' } }),
    w.rest({ operation: 'M8', at: at(70), params: { subAccount: 's1' }, reply: usdt('12', '3') }),
    w.frame({ connection: 1, at: at(80), data: encodePushFrame({ ...accountEvent, free: '13', time: at(79), sendTime: at(80) }) }),
  ];
}

/** Runs `body` on a TestScheduler with a session replayed at the recorded pace (virtual ms from the start). */
function onScheduler(body: (session: SessionReplay, log: (entry: string) => void, scheduler: TestScheduler) => void): string[] {
  const scheduler = new TestScheduler((a, b) => expect(a).toEqual(b));
  const entries: string[] = [];
  scheduler.run(() => body(replaySession(lines(), { pace: 'recorded', scheduler }), (entry) => entries.push(`${scheduler.now()} ${entry}`), scheduler));
  return entries;
}

describe('restReplies', () => {
  it('answers a request made before the replay starts with the first reply, where it was recorded among the events', () => {
    const log = onScheduler((session, note) => {
      session.restReplies<BalanceSeed[]>('M8').subscribe({ next: (seed) => note(`seed ${seed[0]?.free ?? ''}`), complete: () => note('seed done') });
      session.subscribe((event) => note(event.type));
    });
    expect(log).toEqual(['10 connected', '20 account', '30 seed 10', '30 seed done', '40 gap', '60 gap', '80 account']);
  });

  it('answers each request with the next reply after it, in the order the requests were made', () => {
    const log = onScheduler((session, note, scheduler) => {
      session.restReplies('M8').subscribe((r) => note(`A ${JSON.stringify(r)}`));
      session.restReplies('M8').subscribe({ error: (e: unknown) => note(`B failed: ${(e as Error).name}`) });
      scheduler.schedule(() => session.restReplies<BalanceSeed[]>('M8').subscribe((r) => note(`C ${r[0]?.locked ?? ''}`)), 55);
      session.subscribe();
    });
    expect(log).toEqual(['30 A [{"asset":"USDT","free":"10","locked":"0"}]', '50 B failed: RecordedRestError', '70 C 3']);
  });

  it('fails a request whose reply was recorded as a failure with RecordedRestError, naming it', () => {
    let failure: unknown;
    onScheduler((session, _note, scheduler) => {
      scheduler.schedule(() => session.restReplies('M8').subscribe({ error: (e: unknown) => (failure = e) }), 45);
      session.subscribe();
    });
    expect(failure).toBeInstanceOf(RecordedRestError);
    expect(failure).toMatchObject({ operation: 'M8', target: undefined, recordedName: 'Error', message: 'M8: recorded failure Error: HTTP 503' });
  });

  it('completes a request still waiting when the replay ends, without a value', () => {
    const log = onScheduler((session, note, scheduler) => {
      scheduler.schedule(() => session.restReplies('M8').subscribe({ next: () => note('value'), complete: () => note('empty') }), 75);
      session.restReplies('openOrders').subscribe({ next: () => note('value'), complete: () => note('no such reply') });
      session.subscribe();
    });
    expect(log.sort()).toEqual(['80 empty', '80 no such reply']);
  });

  it('is a request no more once unsubscribed: the reply goes to the next one waiting', () => {
    const log = onScheduler((session, note) => {
      session.restReplies('M8').subscribe(() => note('left')).unsubscribe();
      session.restReplies<BalanceSeed[]>('M8').subscribe((r) => note(`stayed ${r[0]?.free ?? ''}`));
      session.subscribe();
    });
    expect(log).toEqual(['30 stayed 10']);
  });

  it("feeds balanceSnapshots its seed and its resyncs where they came live: stale through the failed resync, fresh after the good one", () => {
    const snapshots: { at: number; cause: string; stale: boolean; free: string | undefined; frozen: string | undefined }[] = [];
    const scheduler = new TestScheduler((a, b) => expect(a).toEqual(b));
    scheduler.run(() => {
      const session = replaySession(lines(), { pace: 'recorded', scheduler });
      const assets = () => session.restReplies<readonly BalanceSeed[]>('M8');
      session.pipe(balanceSnapshots({ seed: assets(), resync: assets })).subscribe((s) => {
        const balance = s.balances.get('USDT');
        snapshots.push({ at: scheduler.now(), cause: s.cause, stale: s.stale, free: balance?.free, frozen: balance?.frozen });
      });
    });
    expect(snapshots).toEqual([
      // The first snapshot at once: empty, stale while the seed is on its way.
      { at: 0, cause: 'seed-pending', stale: true, free: undefined, frozen: undefined },
      { at: 20, cause: 'event', stale: true, free: '11', frozen: accountEvent.frozen },
      { at: 30, cause: 'seed', stale: false, free: '11', frozen: accountEvent.frozen },
      { at: 40, cause: 'gap', stale: true, free: '11', frozen: accountEvent.frozen },
      { at: 50, cause: 'resync-failed', stale: true, free: '11', frozen: accountEvent.frozen },
      { at: 60, cause: 'gap', stale: true, free: '11', frozen: accountEvent.frozen },
      { at: 70, cause: 'resync', stale: false, free: '12', frozen: '3' },
      { at: 80, cause: 'event', stale: false, free: '13', frozen: accountEvent.frozen },
    ]);
  });
});
