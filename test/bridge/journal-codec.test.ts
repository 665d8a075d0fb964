/**
 * The JetStream journal's own words, without a server: journal keys encoded reversibly into the
 * characters a key-value key takes, values read back strictly (anything but a journal entry of
 * that very key is refused with its reason), and the options checked before anything is asked of
 * JetStream.
 */
import { describe, expect, it } from '@jest/globals';
import type { JetStreamClient } from '@nats-io/jetstream';
import { decodeJournalKey, encodeJournalKey } from '../../src/bridge/journal/key-codec.js';
import { encodeJournalValue, parseJournalValue } from '../../src/bridge/journal/value.js';
import { jetStreamTransferJournal } from '../../src/bridge/index.js';
import { ValidationError } from '../../src/index.js';
import type { JournalEntry } from '../../src/journal/types.js';
import { loose } from '../support/settings.js';

const KV_KEY = /^[-/_=.a-zA-Z0-9]+$/;
const entry: JournalEntry = { key: 'payout-1', operation: 'M6', params: { asset: 'USDT', amount: '1', clientTranId: 'c1' }, state: 'sending', sends: 1, sentAt: 5 };
const bytes = (value: unknown): Uint8Array => new TextEncoder().encode(JSON.stringify(value));

describe('journal keys in a key-value bucket', () => {
  const keys = ['payout-2026-12-06-client0042', 'a b', 'x.y', '..', '*', '>', '=41', 'a/b', 'ü€😀', '$KV', 'tab\there', 'A_z-9'];
  it.each(keys)('encodes %j into key-value characters, and back', (key) => {
    const encoded = encodeJournalKey(key);
    expect(encoded).toMatch(/^(?:[A-Za-z0-9_-]|=[0-9A-F]{2})+$/);
    expect(encoded).toMatch(KV_KEY);
    expect(decodeJournalKey(encoded)).toBe(key);
  });

  it('leaves a key of letters, digits, - and _ as it is, and keeps distinct keys distinct', () => {
    expect(encodeJournalKey('payout-2026-12-06-client0042')).toBe('payout-2026-12-06-client0042');
    expect(encodeJournalKey('a b')).toBe('a=20b');
    expect(new Set(keys.map(encodeJournalKey)).size).toBe(keys.length);
    // '=41' is not 'A': the escape character is escaped itself.
    expect(encodeJournalKey('=41')).not.toBe(encodeJournalKey('A'));
  });

  it('decodes nothing that is no encoding of a key', () => {
    for (const raw of ['a.b', 'a=2', 'a=zz', '=41', '=C3', 'a b', '']) expect([raw, decodeJournalKey(raw)]).toEqual([raw, undefined]);
  });
});

describe('journal values', () => {
  it('reads back what it stores, with its version and first revision', () => {
    expect(parseJournalValue('payout-1', encodeJournalValue({ version: 3, firstRevision: 7, entry }))).toEqual({ version: 3, firstRevision: 7, entry });
    expect(parseJournalValue('payout-1', encodeJournalValue({ version: 1, firstRevision: undefined, entry }))).toEqual({ version: 1, firstRevision: undefined, entry });
  });

  const good = { format: 'mexc-rx/journal@1', version: 1, entry };
  const corrupt: [string, Uint8Array, string][] = [
    ['empty (a deleted key)', new Uint8Array(), 'an empty value (the key was deleted or purged)'],
    ['not JSON', new TextEncoder().encode('{"format":'), 'not JSON'],
    ['not UTF-8', new Uint8Array([0xff, 0xfe]), 'not JSON'],
    ['an array', bytes([good]), 'not a journal entry'],
    ['another format', bytes({ ...good, format: 'other@1' }), 'not of the format mexc-rx/journal@1'],
    ['version 0', bytes({ ...good, version: 0 }), 'a bad version'],
    ['a text version', bytes({ ...good, version: '2' }), 'a bad version'],
    ['a bad first revision', bytes({ ...good, firstRevision: 0 }), 'a bad first revision'],
    ['no entry', bytes({ ...good, entry: null }), 'not a journal entry'],
    ['an unknown state', bytes({ ...good, entry: { ...entry, state: 'sent' } }), 'an entry with an unknown state'],
    ['a number parameter', bytes({ ...good, entry: { ...entry, params: { amount: 1 } } }), 'an entry with parameters that are not text'],
    ['a bad confirmation', bytes({ ...good, entry: { ...entry, confirmedBy: 'guess' } }), 'an entry with a bad confirmation'],
    ['the entry of another key', bytes({ ...good, entry: { ...entry, key: 'payout-2' } }), 'the entry of another key ("payout-2")'],
  ];
  it.each(corrupt)('refuses a value that is %s', (_, data, reason) => {
    expect(parseJournalValue('payout-1', data)).toBe(reason);
  });
});

describe('jetStreamTransferJournal options', () => {
  // Checked before JetStream is asked anything: a client that would throw is never reached.
  const js = loose<JetStreamClient>({ jetstreamManager: () => Promise.reject(new Error('asked JetStream')) });
  const issues = async (options: unknown) => {
    const error = await jetStreamTransferJournal(js, loose(options)).catch((e: unknown) => e);
    if (!(error instanceof ValidationError)) throw new Error(`not a ValidationError: ${String(error)}`);
    return error.issues.map((i) => i.field);
  };

  it('refuses bad settings and misspelt names, each named', async () => {
    expect(await issues({ bucket: 'pay.outs' })).toEqual(['bucket']);
    expect(await issues({ bucket: '' })).toEqual(['bucket']);
    expect(await issues({ bucket: 'payouts', replicas: 0, storage: 'disk', create: 'yes', timeoutMs: -1 })).toEqual(['create', 'replicas', 'storage', 'timeoutMs']);
    expect(await issues({ bucket: 'payouts', timeout: 100 })).toEqual(['timeout']);
    expect(await issues(undefined)).toEqual(['bucket']);
  });

  it('takes explicit undefined as not given', async () => {
    const error = await jetStreamTransferJournal(js, { bucket: 'payouts', create: undefined, replicas: undefined, storage: undefined, timeoutMs: undefined }).catch((e: unknown) => e);
    expect(error).toEqual(new Error('asked JetStream'));
  });
});
