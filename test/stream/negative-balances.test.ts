/**
 * A live value the decoders once refused: a JSON-era account push of the service carried a
 * negative frozen amount (`frozenAmount` -30.260235258). Whatever the service meant by it, the
 * update is the service's, and an update it sends is never dropped for failing a rule of ours: a
 * balance the service reports (`free`, `frozen`, M8's `free` and `locked`) is signed decimal text,
 * passed on as sent, through both decoders, the bridge, the REST response and the balance book.
 * What is not decimal text at all is still refused.
 */
import { describe, expect, it } from '@jest/globals';
import { isRight } from 'fp-ts/lib/Either.js';
import { from, last, lastValueFrom, toArray } from 'rxjs';
import { AccountEventCodec } from '../../src/stream/event-codecs.js';
import { M8 } from '../../src/endpoints/master.js';
import { balanceSnapshots } from '../../src/operators/balance-snapshots.js';
import { decodeFrame } from '../../src/stream/decode-frame.js';
import type { AccountEvent } from '../../src/stream/events.js';
import { userDataStream, type UserDataEvent } from '../../src/stream/user-data-stream.js';
import { encodeJsonFrame, encodePushFrame } from '../../src/simulator/ws/encode-frame.js';
import { setup, testScheduler } from '../stream-lifecycle/harness.js';
import { accountEvent } from './fixtures.js';

const LIVE_FROZEN = '-30.260235258';
const JSON_CHANNEL = 'spot@private.account.v3.api';

/** The JSON-era frame as the service sent it: the balances as JSON numbers, the frozen one negative. */
function liveJsonFrame(frozen: string, free = '100'): string {
  return `{"channel":"${JSON_CHANNEL}","createTime":1736417034305,"sendTime":1736417034307,"privateAccount":{"vcoinName":"USDT","coinId":"128f589271cb4951b03e71e6323eb7be","balanceAmount":${free},"balanceAmountChange":0,"frozenAmount":${frozen},"frozenAmountChange":${frozen},"type":"ENTRUST_PLACE","time":1736416910000}}`;
}

function decoded(frame: string | Uint8Array): AccountEvent {
  const result = decodeFrame(frame);
  if (result.kind !== 'event' || result.event.type !== 'account') throw new Error(`not an account event: ${JSON.stringify(result)}`);
  return result.event;
}

describe('a negative balance the service sends', () => {
  it('reaches the user from the JSON-era frame as the service sent it, numbers and all, exactly', () => {
    const event = decoded(liveJsonFrame(LIVE_FROZEN));
    expect([event.frozen, event.frozenChange, event.free]).toEqual([LIVE_FROZEN, LIVE_FROZEN, '100']);
  });

  it.each([
    ['frozen, in a protobuf frame', (text: string) => encodePushFrame({ ...accountEvent, frozen: text })],
    ['frozen, in a JSON frame as text', (text: string) => encodeJsonFrame({ ...accountEvent, channel: JSON_CHANNEL, frozen: text })],
    ['free, in a protobuf frame', (text: string) => encodePushFrame({ ...accountEvent, free: text })],
    ['free, in a JSON frame as text', (text: string) => encodeJsonFrame({ ...accountEvent, channel: JSON_CHANNEL, free: text })],
  ])('reaches the user when it is %s', (name, frame) => {
    const event = decoded(frame(LIVE_FROZEN));
    expect(name.startsWith('frozen') ? event.frozen : event.free).toBe(LIVE_FROZEN);
  });

  it.each(['-', '-1e-8', '--1', '- 1', '-.5', 'minus 1'])('is still refused when it is not decimal text: %s', (text) => {
    expect(decodeFrame(encodePushFrame({ ...accountEvent, frozen: text })).kind).toBe('malformed');
    expect(decodeFrame(encodeJsonFrame({ ...accountEvent, channel: JSON_CHANNEL, frozen: text })).kind).toBe('malformed');
  });

  it('passes the bridge’s codec and the REST balance read (M8) as sent', () => {
    expect(isRight(AccountEventCodec.decode({ ...accountEvent, frozen: LIVE_FROZEN, free: '-1' }))).toBe(true);
    const balances = M8.response.decode({ balances: [{ asset: 'USDT', free: '-1', locked: LIVE_FROZEN }] });
    expect(isRight(balances) && balances.right).toEqual([{ asset: 'USDT', free: '-1', locked: LIVE_FROZEN }]);
  });

  it('is delivered by the stream like any update, with no malformed-frame report', () => {
    const scheduler = testScheduler();
    scheduler.run(({ flush }) => {
      const { server, keys } = setup(scheduler);
      const events: UserDataEvent[] = [];
      const subscription = userDataStream(keys, { wsUrl: 'ws://127.0.0.1:1/ws', scheduler, webSocketFactory: server.factory, format: 'json' }).subscribe((e) => events.push(e));
      scheduler.schedule(() => server.broadcast(liveJsonFrame(LIVE_FROZEN)), 100);
      scheduler.schedule(() => subscription.unsubscribe(), 1_000);
      flush();
      expect(events.map((e) => (e.type === 'diagnostic' ? e.code : e.type))).toEqual(['connected', 'account']);
      expect(events.at(-1)).toMatchObject({ type: 'account', frozen: LIVE_FROZEN });
    });
  });

  it('keeps the balance book whole: the total is exact, and later events replace it by the usual rules', async () => {
    const negative = decoded(liveJsonFrame(LIVE_FROZEN));
    const later = { ...negative, frozen: '0', frozenChange: '30.260235258', free: '100', time: negative.time + 1 };
    // Same millisecond: the event whose balance before the change is the negative one follows it.
    const follows = { ...negative, frozen: '-20', frozenChange: '10.260235258' };
    const snapshots = await lastValueFrom(from([negative, follows, later]).pipe(balanceSnapshots(), toArray()));
    // The first snapshot (on subscription) holds nothing yet.
    expect(snapshots.map((s) => s.balances.get('USDT')?.total)).toEqual([undefined, '69.739764742', '80', '100']);
    expect(snapshots.map((s) => s.balances.get('USDT')?.frozen)).toEqual([undefined, LIVE_FROZEN, '-20', '0']);
    // Reordered: the earlier negative balance never replaces the later one.
    const reordered = await lastValueFrom(from([later, follows, negative]).pipe(balanceSnapshots(), last()));
    expect(reordered.balances.get('USDT')).toMatchObject({ frozen: '0', total: '100' });
    // A seed (M8) with a negative locked amount is taken as it is too.
    const seeded = await lastValueFrom(from<UserDataEvent[]>([]).pipe(balanceSnapshots({ seed: from([[{ asset: 'USDT', free: '1', locked: LIVE_FROZEN }]]) }), last()));
    expect(seeded.balances.get('USDT')).toMatchObject({ frozen: LIVE_FROZEN, total: '-29.260235258' });
  });
});
