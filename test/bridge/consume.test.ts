/**
 * `consumeJetStream` against a real server: bytes from the bus are never trusted (a malformed
 * message is terminated and reported, and the stream goes on), and a message is acknowledged
 * once the subscriber's `next` has returned, so a reader that stops loses nothing and repeats
 * nothing it handed over.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { jetstream, type JetStreamClient } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/nats-core';
import { encodeEnvelope } from '../../src/bridge/envelope.js';
import { publishToJetStream } from '../../src/bridge/publish.js';
import { lastValueFrom, from, toArray } from 'rxjs';
import type { TaggedEvent } from '../../src/scale/tagged-event.js';
import { waitUntil } from '../scale/sim-accounts.js';
import { accountEvent, dealEvent, orderEvent } from '../stream/fixtures.js';
import { startNatsServer, type NatsServer } from './nats-server.js';
import { connectTo, consumerSettled, createEventStream, startReader, type Reader } from './support.js';

let server: NatsServer;
let nc: NatsConnection;
let js: JetStreamClient;
const readers: Reader[] = [];

beforeAll(async () => {
  server = await startNatsServer();
  nc = await connectTo(server);
  await createEventStream(nc);
  js = jetstream(nc);
}, 20_000);

afterAll(async () => {
  for (const reader of readers) reader.subscription.unsubscribe();
  await nc?.close();
  await server?.stop();
});

const publisher = { worker: 'x', run: 'y' };
const text = (value: unknown): Uint8Array => new TextEncoder().encode(typeof value === 'string' ? value : JSON.stringify(value));

describe('consumeJetStream', () => {
  it('terminates malformed messages with a diagnostic and goes on with the valid ones', async () => {
    await js.publish('mexc.bad1.order', text('{"v":1,'));
    await js.publish('mexc.bad1.order', text({ v: 1, account: 'bad1', publisher, event: { ...orderEvent, price: '-3' } }));
    await js.publish('mexc.bad1.order', encodeEnvelope({ account: 'someone-else', event: orderEvent }, publisher));
    await js.publish('mexc.bad1.deal', encodeEnvelope({ account: 'bad1', event: orderEvent }, publisher));
    await js.publish('mexc.bad1.order', encodeEnvelope({ account: 'bad1', event: orderEvent }, publisher));
    const r = startReader(nc, { durable: 'malformed', filterSubject: 'mexc.bad1.>' });
    readers.push(r);
    await waitUntil('five messages', () => r.events.length >= 5);
    expect(r.error).toBeUndefined();
    expect(r.events.map((e) => [e.account, e.event.type])).toEqual([
      ['bad1', 'diagnostic'],
      ['bad1', 'diagnostic'],
      ['bad1', 'diagnostic'],
      ['bad1', 'diagnostic'],
      ['bad1', 'order'],
    ]);
    const messages = r.events.flatMap((e) => (e.event.type === 'diagnostic' ? [e.event.message] : []));
    expect(messages[0]).toContain('expected UTF-8 JSON');
    expect(messages[1]).toContain('event.price');
    expect(messages[1]).not.toContain('-3');
    expect(messages[2]).toContain('account: does not match the subject');
    expect(messages[3]).toContain('event.type: does not match the subject');
    expect(r.events[4]?.event).toEqual(orderEvent);
    expect(r.events[4]?.delivery).toMatchObject({ subject: 'mexc.bad1.order', publisher, redelivered: false });
    // Nothing is left to deliver or to acknowledge: the bad ones were terminated, not left to loop.
    const info = await consumerSettled(nc, 'malformed');
    expect(info.num_redelivered).toBe(0);
  });

  it('acknowledges what it handed over; a reader that stops mid-way and a new one with the same durable name see each message once', async () => {
    // Connected before the events happened, so the publisher counts every one of them.
    const connected: TaggedEvent = { account: 'ackd', event: { type: 'connected', connection: 1, listenKey: 'abcd…wxyz', at: dealEvent.time - 1000 } };
    const events: TaggedEvent[] = [
      connected,
      ...Array.from({ length: 12 }, (_, i) => ({
        account: 'ackd',
        event: i % 3 === 0 ? { ...dealEvent, tradeId: `t${i}` } : { ...accountEvent, free: String(i) },
      })),
    ];
    const receipts = await lastValueFrom(from(events).pipe(publishToJetStream(js, { worker: 'w9', maxClockSkewMs: 0 }), toArray()));
    expect(receipts.every((x) => !x.duplicate)).toBe(true);

    // The first reader stops (unsubscribes) from inside its handler of the 4th message.
    const first = startReader(nc, { durable: 'resumable', filterSubject: 'mexc.ackd.>', ackWaitMs: 500, batch: 20 }, (_event, reader) => {
      if (reader.events.length === 4) reader.subscription.unsubscribe();
    });
    readers.push(first);
    await waitUntil('the first reader stopped', () => first.events.length >= 4 && first.subscription.closed);
    expect(first.events).toHaveLength(4);
    // The second picks up after it: messages pulled but never handed over come again (after the ack wait).
    const second = startReader(nc, { durable: 'resumable', filterSubject: 'mexc.ackd.>' });
    readers.push(second);
    await waitUntil('the rest', () => second.events.length >= 9 || second.error !== undefined, 10_000);
    expect(second.error).toBeUndefined();
    // Everything handed over and acknowledged: no further redelivery can come.
    await consumerSettled(nc, 'resumable');
    const seen = [...first.events, ...second.events];
    expect(seen.map((e) => e.event)).toEqual(events.map((e) => e.event));
    expect(seen.map((e) => e.delivery.streamSequence)).toEqual(receipts.map((x) => x.seq));
    expect(second.events[0]?.delivery.redelivered).toBe(true);
  });
});
