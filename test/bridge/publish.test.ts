/**
 * `publishToJetStream` against a scripted stand-in for the JetStream client: retries, ordering per
 * account, the in-flight and backlog limits. (The real server is in the other bridge tests.)
 */
import { describe, expect, it } from '@jest/globals';
import type { JetStreamClient, PubAck } from '@nats-io/jetstream';
import { from, lastValueFrom, Subject, toArray, VirtualTimeScheduler } from 'rxjs';
import { JetStreamPublishError } from '../../src/bridge/errors.js';
import { publishToJetStream, type PublishReceipt } from '../../src/bridge/publish.js';
import type { TaggedEvent } from '../../src/scale/tagged-event.js';
import { ValidationError } from '../../src/errors.js';
import { accountEvent } from '../stream/fixtures.js';
import { drain, runOut } from '../support/harness.js';
import { JetStreamModel } from './jetstream-model.js';

interface Call {
  readonly subject: string;
  readonly msgID: string;
  settle(outcome: 'ok' | Error): void;
}

/** A JetStream client whose publishes wait until the test settles them (or settle at once with `auto`). */
class ScriptedJetStream {
  readonly calls: Call[] = [];
  private readonly stored = new Map<string, number>();
  auto = true;
  failNext = 0;

  readonly client = {
    publish: (subject: string, _data: Uint8Array, options: { msgID: string }) =>
      new Promise<PubAck>((resolve, reject) => {
        const settle = (outcome: 'ok' | Error): void => {
          if (outcome !== 'ok') return reject(outcome);
          const seq = this.stored.get(options.msgID);
          if (seq !== undefined) return resolve({ stream: 'S', seq, duplicate: true } as PubAck);
          this.stored.set(options.msgID, this.stored.size + 1);
          resolve({ stream: 'S', seq: this.stored.size, duplicate: false } as PubAck);
        };
        this.calls.push({ subject, msgID: options.msgID, settle });
        if (this.failNext > 0) {
          this.failNext -= 1;
          settle(new Error('timeout'));
        } else if (this.auto) settle('ok');
      }),
  } as unknown as JetStreamClient;
}

let n = 0;
const event = (account: string): TaggedEvent => ({ account, event: { ...accountEvent, free: String(++n) } });
/** The account's connection, subscribed before the fixture events happened: the publisher counts them all. */
const connected = (account: string): TaggedEvent => ({ account, event: { type: 'connected', connection: 1, listenKey: 'abcd…wxyz', at: accountEvent.time - 1000 } });

describe('publishToJetStream (scripted client)', () => {
  it('retries a failed publish with the same id, then goes on', async () => {
    const js = new ScriptedJetStream();
    js.failNext = 2;
    const receipts = await lastValueFrom(from([connected('a'), event('a'), event('a')]).pipe(publishToJetStream(js.client, { worker: 'w0', retryDelayMs: 1 }), toArray()));
    expect(receipts.map((r) => r.seq)).toEqual([1, 2, 3]);
    expect(js.calls.map((c) => c.msgID)).toEqual([js.calls[0]!.msgID, js.calls[0]!.msgID, js.calls[0]!.msgID, js.calls[3]!.msgID, js.calls[4]!.msgID]);
    expect(js.calls.map((c) => c.subject)).toEqual(['mexc.a.connected', 'mexc.a.connected', 'mexc.a.connected', 'mexc.a.account', 'mexc.a.account']);
  });

  it('errors with JetStreamPublishError once the retries are spent', async () => {
    const js = new ScriptedJetStream();
    js.failNext = 3;
    const failure = await lastValueFrom(from([event('a')]).pipe(publishToJetStream(js.client, { worker: 'w0', retries: 2, retryDelayMs: 1 }))).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(JetStreamPublishError);
    expect(failure).toMatchObject({ operation: undefined, target: undefined });
    expect((failure as Error).message).toContain('3 attempt(s)');
    expect(((failure as Error).cause as Error).message).toBe('timeout');
  });

  it('keeps each account in order with one publish in flight per account, accounts in parallel up to maxInFlight', async () => {
    const js = new ScriptedJetStream();
    js.auto = false;
    const source = new Subject<TaggedEvent>();
    const receipts: PublishReceipt[] = [];
    source.pipe(publishToJetStream(js.client, { worker: 'w0', maxInFlight: 2 })).subscribe((r) => receipts.push(r));
    source.next(connected('a'));
    source.next(connected('b'));
    source.next(connected('c'));
    while (receipts.length < 3) {
      for (const call of js.calls.splice(0)) call.settle('ok');
      await drain();
    }
    receipts.splice(0);
    const a1 = event('a');
    const a2 = event('a');
    const b1 = event('b');
    const c1 = event('c');
    for (const e of [a1, a2, b1, c1]) source.next(e);
    // a1 and b1 are in flight; a2 waits for a1, c1 for a free slot.
    expect(js.calls.map((c) => c.subject)).toEqual(['mexc.a.account', 'mexc.b.account']);
    js.calls[1]!.settle('ok');
    await drain();
    expect(js.calls.map((c) => c.subject)).toEqual(['mexc.a.account', 'mexc.b.account', 'mexc.c.account']);
    js.calls[2]!.settle('ok');
    js.calls[0]!.settle('ok');
    await drain();
    js.calls[3]!.settle('ok');
    await drain();
    expect(receipts.map((r) => r.event)).toEqual([b1.event, c1.event, a1.event, a2.event]);
  });

  it('errors when the backlog outgrows maxBacklog', async () => {
    const js = new ScriptedJetStream();
    js.auto = false;
    const source = new Subject<TaggedEvent>();
    let failure: unknown;
    source.pipe(publishToJetStream(js.client, { worker: 'w0', maxBacklog: 3 })).subscribe({ error: (e: unknown) => (failure = e) });
    for (let i = 0; i < 3; i++) source.next(event('a'));
    expect(failure).toBeUndefined();
    source.next(event('a'));
    expect(failure).toBeInstanceOf(JetStreamPublishError);
    expect(source.observed).toBe(false);
  });

  it('completes after the last publish is stored, and refuses a bad worker name', async () => {
    const js = new ScriptedJetStream();
    const receipts = await lastValueFrom(from([event('a'), event('b'), event('a')]).pipe(publishToJetStream(js.client, { worker: 'w0' }), toArray()));
    expect(receipts).toHaveLength(3);
    expect(() => publishToJetStream(js.client, { worker: 'w 0' })).toThrow(ValidationError);
    expect(() => publishToJetStream(js.client, { worker: 'w0', subjectPrefix: 'mexc.>' })).toThrow(ValidationError);
  });
  it('abandons a publish awaiting its ack, and a retry waiting its turn, when unsubscribed', async () => {
    const js = new ScriptedJetStream();
    js.auto = false;
    const source = new Subject<TaggedEvent>();
    const receipts: PublishReceipt[] = [];
    const scheduler = new VirtualTimeScheduler();
    const subscription = source.pipe(publishToJetStream(js.client, { worker: 'w0', retryDelayMs: 50, scheduler })).subscribe((r) => receipts.push(r));
    source.next(connected('a'));
    source.next(connected('b'));
    expect(js.calls.map((c) => c.subject)).toEqual(['mexc.a.connected', 'mexc.b.connected']);
    js.calls[1]!.settle(new Error('timeout'));
    await new Promise((resolve) => setImmediate(resolve));
    // a awaits its ack; b waits 50 ms before its retry.
    subscription.unsubscribe();
    expect(source.observed).toBe(false);
    js.calls[0]!.settle('ok');
    // The ack handled, the retry's wait run out: nothing more sent, nothing emitted.
    await runOut(scheduler);
    expect(js.calls).toHaveLength(2);
    expect(receipts).toEqual([]);
  });

  it('asks again for the stream manager of the resume look-up when it could not be had', async () => {
    const model = new JetStreamModel('MEXC', () => 0);
    const js = model.client().js;
    let refusals = 1;
    const flaky = { ...js, jetstreamManager: () => (refusals-- > 0 ? Promise.reject(new Error('no responders')) : js.jetstreamManager()) } as JetStreamClient;
    const run = [connected('a'), event('a')];
    const receipts = await lastValueFrom(from(run).pipe(publishToJetStream(flaky, { worker: 'w0', resumeFromStream: 'MEXC', retries: 1, retryDelayMs: 1 }), toArray()));
    expect(refusals).toBe(-1);
    expect(receipts.map((r) => r.event.type)).toEqual(['gap', 'connected', 'account']);
  });
});
