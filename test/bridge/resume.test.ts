/**
 * Where a restarted worker's gap begins: at the last moment up to which the stream holds the
 * account's events, not at whatever was stored last (another worker's `reconnecting` says its
 * connection was already lost), and before the run's first event, even when that is a failed
 * first attempt rather than a connection. A stream that holds nothing of the account gives a gap
 * from 0: it cannot tell a first start from a restart after a run that stored nothing.
 */
import { describe, expect, it } from '@jest/globals';
import { from, lastValueFrom, toArray } from 'rxjs';
import { decodeEnvelope, encodeEnvelope } from '../../src/bridge/envelope.js';
import { publishToJetStream } from '../../src/bridge/publish.js';
import { lastStoredTime, resumeGap, viewStart } from '../../src/bridge/resume-gap.js';
import { eventSubject } from '../../src/bridge/subject.js';
import type { ScaleEvent, TaggedEvent } from '../../src/scale/tagged-event.js';
import { JetStreamModel } from './jetstream-model.js';

const ACCOUNT = 'acct';
const publisher = { worker: 'w9', run: 'old' };

function storeAll(model: JetStreamModel, events: readonly ScaleEvent[]): void {
  for (const event of events) model.store(eventSubject('mexc', ACCOUNT, event.type), encodeEnvelope({ account: ACCOUNT, event }, publisher), undefined);
}

const connected = (at: number): ScaleEvent => ({ type: 'connected', connection: 1, listenKey: 'abcd…wxyz', at });
const reconnecting = (at: number): ScaleEvent => ({ type: 'reconnecting', attempt: 1, delayMs: 500, reason: 'closed-by-server', at });

describe('the last moment the stream holds an account up to', () => {
  it('is the latest market event, gap end or connection, never a later lost connection or diagnostic', async () => {
    const model = new JetStreamModel('MEXC', () => 0);
    const jsm = await model.client().js.jetstreamManager();
    expect(await lastStoredTime(jsm, 'MEXC', 'mexc', ACCOUNT)).toBeUndefined();
    // Nothing stored: a first start, or a restart after a run that stored nothing; reported from 0.
    expect(resumeGap(undefined, 40)).toEqual({ type: 'gap', from: 0, to: 40, reason: 'worker-restart' });
    storeAll(model, [connected(2), { type: 'gap', from: 5, to: 9, reason: 'stalled' }, reconnecting(21), { type: 'diagnostic', code: 'key-create-failed', message: 'x', at: 30 }]);
    expect(await lastStoredTime(jsm, 'MEXC', 'mexc', ACCOUNT)).toBe(9);
  });

  it('begins the restarted run\'s gap there, before its first event, whatever that is', async () => {
    const model = new JetStreamModel('MEXC', () => 0);
    storeAll(model, [connected(2), reconnecting(21)]);
    // This run's first attempt fails: its own `reconnecting` comes before any `connected`.
    const gap: ScaleEvent = { type: 'gap', from: 40, to: 45, reason: 'closed-by-server' };
    const run: TaggedEvent[] = [reconnecting(40), gap, connected(45)].map((event) => ({ account: ACCOUNT, event }));
    const receipts = await lastValueFrom(from(run).pipe(publishToJetStream(model.client().js, { worker: 'w0', resumeFromStream: 'MEXC' }), toArray()));
    expect(receipts.map((r) => r.event)).toEqual([{ type: 'gap', from: 2, to: 40, reason: 'worker-restart' }, ...run.map((t) => t.event)]);
    const stored = model.messages.slice(2).map((m) => decodeEnvelope(m.data));
    expect(stored.map((d) => d.ok && d.envelope.event.type)).toEqual(['gap', 'reconnecting', 'gap', 'connected']);
    expect(viewStart(gap)).toBe(40);
  });
});
