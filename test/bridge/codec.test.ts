import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { decodeEnvelope, encodeEnvelope } from '../../src/bridge/envelope.js';
import { decodeEvent, encodeEvent } from '../../src/bridge/event-codec.js';
import { marketIdentity, messageId } from '../../src/bridge/message-id.js';
import { accountFromToken, accountToken, eventSubject, parseEventSubject } from '../../src/bridge/subject.js';
import type { ScaleEvent } from '../../src/scale/tagged-event.js';
import { StreamFatalError } from '../../src/stream/user-data-stream.js';
import { marketEventArbitrary } from '../stream/arbitraries.js';
import { accountEvent, dealEvent, orderEvent } from '../stream/fixtures.js';

const publisher = { worker: 'w0', run: 'r1' };
const bytes = (value: unknown): Uint8Array => new TextEncoder().encode(typeof value === 'string' ? value : JSON.stringify(value));

describe('subjects', () => {
  it('escape any account id into one token, reversibly, keeping distinct ids distinct', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 20 }), (account) => {
        const token = accountToken(account);
        expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
        expect(accountFromToken(token)).toBe(account);
        expect(parseEventSubject('mexc.prod', eventSubject('mexc.prod', account, 'order'))).toEqual({ account, kind: 'order' });
      }),
      { numRuns: 500 },
    );
    expect(accountToken('strategy01')).toBe('strategy01');
    expect(accountToken('a.b')).toBe('a_2Eb');
    expect(accountToken('a_2Eb')).toBe('a_5F2Eb');
    expect(accountToken('')).toBe('_');
  });

  it('refuse subjects that are not the bridge\'s', () => {
    expect(parseEventSubject('mexc', 'mexc.a.b.order')).toBeUndefined();
    expect(parseEventSubject('mexc', 'mexc.a.orders')).toBeUndefined();
    expect(parseEventSubject('mexc', 'other.a.order')).toBeUndefined();
    expect(parseEventSubject('mexc', 'mexc.a_zz.order')).toBeUndefined();
    // A non-canonical escape (of a plain letter) is not one the bridge makes.
    expect(parseEventSubject('mexc', 'mexc._61.order')).toBeUndefined();
    // Bytes that are not UTF-8.
    expect(accountFromToken('_FF')).toBeUndefined();
  });
});

describe('event payloads', () => {
  it('round-trip every valid market event through JSON', () => {
    fc.assert(
      fc.property(marketEventArbitrary(), (event) => {
        const decoded = decodeEvent(JSON.parse(JSON.stringify(encodeEvent(event))));
        expect(decoded).toEqual({ ok: true, event });
      }),
      { numRuns: 300 },
    );
  });

  it('round-trip lifecycle events, and a stopped event\'s error as an Error with its name and message', () => {
    const lifecycle: ScaleEvent[] = [
      { type: 'connected', connection: 1, listenKey: 'pqia…65a1', at: 10 },
      { type: 'reconnecting', attempt: 2, delayMs: 612.5, reason: 'stalled', at: 11 },
      { type: 'gap', from: 5, to: 12, reason: 'closed-by-server' },
      { type: 'rolled-over', connection: 2, at: 13 },
      { type: 'key-replaced', listenKey: 'abcd…wxyz', reason: 'keepalive-failed', at: 14 },
      { type: 'diagnostic', code: 'malformed-frame', message: 'bad frame', at: 15 },
      { type: 'stopped', reason: 'removed', error: undefined, at: 16 },
      { type: 'stopped', reason: 'client-closed', error: undefined, at: 18 },
      { type: 'stopped', reason: 'closed', error: undefined, at: 19 },
    ];
    for (const event of lifecycle) expect(decodeEvent(JSON.parse(JSON.stringify(encodeEvent(event))))).toEqual({ ok: true, event });
    const failed: ScaleEvent = { type: 'stopped', reason: 'failed', error: new StreamFatalError('credentials refused', { cause: new Error('700002') }), at: 17 };
    const decoded = decodeEvent(JSON.parse(JSON.stringify(encodeEvent(failed))));
    expect(decoded.ok && decoded.event.type === 'stopped' && decoded.event.error).toBeInstanceOf(Error);
    expect(decoded.ok && decoded.event.type === 'stopped' && decoded.event.error).toMatchObject({ name: 'StreamFatalError', message: 'credentials refused' });
  });

  it('refuse what the bridge never writes, saying where (never with the values)', () => {
    const cases: [unknown, string][] = [
      [{ ...orderEvent, price: '-1' }, 'price'],
      [{ ...orderEvent, status: 'FILLED' }, 'statusCode'],
      [{ ...orderEvent, side: 'HOLD' }, 'side'],
      [{ ...dealEvent, tradeId: '' }, 'tradeId'],
      [{ ...dealEvent, channel: 'spot@private.orders.v3.api.pb' }, 'channel'],
      [{ ...accountEvent, free: 'NaN' }, 'free'],
      [{ ...accountEvent, time: 1.5 }, 'time'],
      [{ ...accountEvent, type: 'balance' }, 'type'],
      [{ type: 'gap', from: 1, to: 2, reason: 'bored' }, 'reason'],
      [{ type: 'connected', connection: 0, listenKey: 'k', at: 1 }, 'connection'],
      [null, 'type'],
      [[orderEvent], 'type'],
    ];
    for (const [input, field] of cases) {
      const decoded = decodeEvent(input);
      expect(decoded.ok).toBe(false);
      if (!decoded.ok) {
        expect(decoded.problems.join('\n')).toContain(field);
        expect(decoded.problems.join('\n')).not.toContain('HOLD');
      }
    }
  });

  it('drop fields the event type does not have', () => {
    const decoded = decodeEvent({ ...dealEvent, injected: '<script>' });
    expect(decoded).toEqual({ ok: true, event: dealEvent });
  });
});

describe('envelopes', () => {
  it('round-trip a tagged event with its publisher', () => {
    expect(decodeEnvelope(encodeEnvelope({ account: 'a.b', event: dealEvent }, publisher))).toEqual({
      ok: true,
      envelope: { account: 'a.b', event: dealEvent, publisher },
    });
  });

  it('refuse bytes that are not an envelope', () => {
    const refused: Uint8Array[] = [
      bytes('not json'),
      new Uint8Array([0xff, 0xfe, 0x7b, 0x7d]),
      bytes([1, 2]),
      bytes({ v: 2, account: 'a', publisher, event: dealEvent }),
      bytes({ v: 1, account: 7, publisher, event: dealEvent }),
      bytes({ v: 1, account: 'a', publisher: { worker: 'w0' }, event: dealEvent }),
      bytes({ v: 1, account: 'a', publisher, event: { ...dealEvent, price: 1.6 } }),
      new Uint8Array(1024 * 1024 + 1),
    ];
    for (const input of refused) expect(decodeEnvelope(input).ok).toBe(false);
  });
});

describe('deduplication ids', () => {
  it('are the same for every copy of a market event, whatever connection, format or worker delivered it', () => {
    const copy = { ...orderEvent, channel: 'spot@private.orders.v3.api' as const, sendTime: orderEvent.sendTime + 250 };
    expect(messageId({ account: 'a', event: copy }, { worker: 'w1', run: 'x' }, 99)).toBe(messageId({ account: 'a', event: orderEvent }, publisher, 1));
    expect(marketIdentity('a', copy)).toBe(marketIdentity('a', orderEvent));
  });

  it('differ between accounts and between events that differ in anything but sendTime and channel', () => {
    const id = (account: string, event: ScaleEvent): string => messageId({ account, event }, publisher, 1);
    expect(id('a', orderEvent)).not.toBe(id('b', orderEvent));
    expect(id('a', orderEvent)).not.toBe(id('a', { ...orderEvent, cumulativeQuantity: '1.5' }));
    expect(id('a', orderEvent)).not.toBe(id('a', { ...orderEvent, lastDealQuantity: undefined }));
    expect(id('a', accountEvent)).not.toBe(id('a', { ...accountEvent, time: accountEvent.time + 1 }));
  });

  it('are worker- and run-specific for lifecycle events, so two workers\' gaps are both kept', () => {
    const gap: ScaleEvent = { type: 'gap', from: 1, to: 2, reason: 'stalled' };
    const a = messageId({ account: 'a', event: gap }, { worker: 'w0', run: 'r1' }, 5);
    expect(a).toBe(messageId({ account: 'a', event: gap }, { worker: 'w0', run: 'r1' }, 5));
    expect(a).not.toBe(messageId({ account: 'a', event: gap }, { worker: 'w1', run: 'r1' }, 5));
    expect(a).not.toBe(messageId({ account: 'a', event: gap }, { worker: 'w0', run: 'r2' }, 5));
    expect(a).not.toBe(messageId({ account: 'a', event: gap }, { worker: 'w0', run: 'r1' }, 6));
  });
});
