/**
 * The seed and the stream's first connection. The seed is asked when the operator is subscribed,
 * which is before a fresh stream is connected: whatever happens on the account between the seed's
 * read and the connection is pushed to no one. So the first `connected` asks the seed again, and
 * the book is stale until that second answer. A source already connected (a shared stream, which
 * sends no `connected`) keeps its first seed; a later connection follows a gap, whose resync
 * repairs it, and asks nothing more.
 */
import { describe, expect, it } from '@jest/globals';
import { defer, of, Subject, type Observable } from 'rxjs';
import { balanceSnapshots, type BalanceSeed, type BalanceSnapshot, type UserDataEvent } from '../../src/index.js';

const T0 = 1_700_000_000_000;
const connected = (connection: number, at: number): UserDataEvent => ({ type: 'connected', connection, listenKey: 'pqia…65a1', at });

/** A seed whose every subscription reads the account as it is now (`balance`, changed by the test). */
function liveSeed(): { seed: Observable<BalanceSeed[]>; reads: () => number; set: (free: string) => void } {
  let free = '10';
  let reads = 0;
  const seed = defer(() => {
    reads += 1;
    return of([{ asset: 'USDT', free, locked: '0' }]);
  });
  return { seed, reads: () => reads, set: (value) => (free = value) };
}

function follow(events: Subject<UserDataEvent>, options: Parameters<typeof balanceSnapshots>[0]): BalanceSnapshot[] {
  const snapshots: BalanceSnapshot[] = [];
  events.pipe(balanceSnapshots(options)).subscribe((s) => snapshots.push(s));
  return snapshots;
}

const summary = (s: BalanceSnapshot): string => `${s.cause} ${s.stale ? 'stale' : 'fresh'} ${s.balances.get('USDT')?.free ?? '-'}`;

describe('the seed and the first connection', () => {
  it('asks the seed again at the first connected: a change made before the connection is not lost', () => {
    const events = new Subject<UserDataEvent>();
    const account = liveSeed();
    const snapshots = follow(events, { seed: account.seed });
    // Between the seed's read and the connection, 3 USDT leave the account: no event says so.
    account.set('7');
    events.next(connected(1, T0));

    expect(account.reads()).toBe(2);
    expect(snapshots.map(summary)).toEqual(['seed fresh 10', 'seed-pending stale 10', 'seed fresh 7']);
  });

  it('stays stale until the second answer, and drops a first answer that comes after the connection', () => {
    const events = new Subject<UserDataEvent>();
    const answers: Subject<BalanceSeed[]>[] = [];
    const seed = defer(() => answers[answers.push(new Subject<BalanceSeed[]>()) - 1]!);
    const snapshots = follow(events, { seed });
    events.next(connected(1, T0));
    answers[0]!.next([{ asset: 'USDT', free: '10', locked: '0' }]);
    expect(snapshots.map(summary)).toEqual(['seed-pending stale -']);

    answers[1]!.next([{ asset: 'USDT', free: '7', locked: '0' }]);
    expect(answers).toHaveLength(2);
    expect(snapshots.map(summary)).toEqual(['seed-pending stale -', 'seed fresh 7']);
  });

  it('keeps the first seed of a source that is already connected (no connected event)', () => {
    const events = new Subject<UserDataEvent>();
    const account = liveSeed();
    const snapshots = follow(events, { seed: account.seed });
    events.next({
      type: 'account',
      channel: 'spot@private.account.v3.api.pb',
      asset: 'USDT',
      coinId: 'c1',
      free: '11',
      freeChange: '1',
      frozen: '0',
      frozenChange: '0',
      changeType: 'DEPOSIT',
      time: T0,
      sendTime: T0,
      createTime: undefined,
    });

    expect(account.reads()).toBe(1);
    expect(snapshots.at(-1)?.stale).toBe(false);
  });

  it('asks nothing more at a later connection: its gap asks the resync', () => {
    const events = new Subject<UserDataEvent>();
    const account = liveSeed();
    let resyncs = 0;
    follow(events, { seed: account.seed, resync: () => ((resyncs += 1), account.seed) });
    events.next(connected(1, T0));
    events.next({ type: 'gap', from: T0 + 10, to: T0 + 20, reason: 'socket-error' });
    events.next(connected(2, T0 + 20));

    expect(resyncs).toBe(1);
    expect(account.reads()).toBe(3);
  });

  it('without a seed, a connection changes nothing', () => {
    const events = new Subject<UserDataEvent>();
    const snapshots = follow(events, {});
    events.next(connected(1, T0));
    expect(snapshots.map(summary)).toEqual(['start fresh -']);
  });
});
