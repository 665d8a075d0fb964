/**
 * The transfer journal on a JetStream key-value bucket, against a real nats-server: the interface's
 * version semantics (1 after the first write, compare-and-set on each), two writers racing for one
 * intent (exactly one wins, on creates and on updates, whichever connection each uses), entries in
 * the order keys were first written, keys of any text, a corrupt value refused with a typed error,
 * and transferOnce paying once through it against the simulator.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { headers, type NatsConnection } from '@nats-io/nats-core';
import { JetStreamJournalBucketError, JetStreamJournalCorruptError, jetStreamTransferJournal, type JetStreamTransferJournal } from '../../src/bridge/index.js';
import { transferOnce } from '../../src/journal/index.js';
import type { JournalEntry } from '../../src/journal/types.js';
import { run } from '../simulator/helpers.js';
import { bench, fast, payout } from '../journal/helpers.js';
import { startNatsServer, type NatsServer } from './nats-server.js';
import { connectTo } from './support.js';

let server: NatsServer;
let nc: NatsConnection;
let other: NatsConnection;
let buckets = 0;
beforeAll(async () => {
  server = await startNatsServer();
  [nc, other] = await Promise.all([connectTo(server), connectTo(server)]);
}, 20_000);
afterAll(async () => {
  await Promise.all([nc?.close(), other?.close()]);
  await server?.stop();
});

/** A fresh bucket, opened on `nc` and on the other connection (two workers). */
async function pair(): Promise<[JetStreamTransferJournal, JetStreamTransferJournal]> {
  const bucket = `journal${++buckets}`;
  const a = await jetStreamTransferJournal(jetstream(nc), { bucket });
  return [a, await jetStreamTransferJournal(jetstream(other), { bucket, create: false })];
}

const entryOf = (key: string, state: JournalEntry['state'] = 'sending', sends = 1): JournalEntry =>
  ({ key, operation: 'M6', params: { asset: 'USDT', amount: '1', clientTranId: `c-${key}` }, state, sends, sentAt: 1 });

describe('the version semantics', () => {
  it('counts writes from 1, and writes only on the version the key is at', async () => {
    const [journal] = await pair();
    expect(await journal.read('payout-1')).toBeUndefined();
    expect(await journal.write(entryOf('payout-1'), 1)).toBeUndefined();
    expect(await journal.write(entryOf('payout-1'), 0)).toBe(1);
    expect(await journal.write(entryOf('payout-1'), 0)).toBeUndefined();
    expect(await journal.write(entryOf('payout-1', 'settled'), 1)).toBe(2);
    expect(await journal.write(entryOf('payout-1', 'refused'), 1)).toBeUndefined();
    expect(await journal.write(entryOf('payout-1', 'refused'), 3)).toBeUndefined();
    expect(await journal.read('payout-1')).toEqual({ entry: entryOf('payout-1', 'settled'), version: 2 });
  });

  it('sees another writer\'s write, however stale its own last read', async () => {
    const [a, b] = await pair();
    expect(await a.write(entryOf('k'), 0)).toBe(1);
    expect(await b.read('k')).toEqual({ entry: entryOf('k'), version: 1 });
    expect(await b.write(entryOf('k', 'settled'), 1)).toBe(2);
    // a last saw version 1: its update on it is refused, and a read shows b's.
    expect(await a.write(entryOf('k', 'refused'), 1)).toBeUndefined();
    expect(await a.read('k')).toEqual({ entry: entryOf('k', 'settled'), version: 2 });
    expect(await a.write(entryOf('k', 'sending', 2), 2)).toBe(3);
    // b, which never read a version 3, writes on it after reading it afresh.
    expect(await b.write(entryOf('k', 'settled', 2), 3)).toBe(4);
  });
});

describe('two writers racing for one intent', () => {
  it('lets exactly one of them create each key, and exactly one update it', async () => {
    const [a, b] = await pair();
    const keys = Array.from({ length: 40 }, (_, i) => `race-${i}`);
    const created = await Promise.all(keys.map((key) => Promise.all([a.write(entryOf(key), 0), b.write({ ...entryOf(key), sentAt: 2 }, 0)])));
    for (const outcome of created) expect(outcome.filter((v) => v === 1)).toHaveLength(1);
    expect(created.flat().filter((v) => v === undefined)).toHaveLength(keys.length);
    // Each key holds the winner's entry.
    for (const [i, key] of keys.entries()) expect((await a.read(key))?.entry.sentAt).toBe(created[i]![0] === 1 ? 1 : 2);

    await Promise.all(keys.map((key) => b.read(key)));
    const updated = await Promise.all(keys.map((key) => Promise.all([a.write(entryOf(key, 'settled'), 1), b.write(entryOf(key, 'refused'), 1)])));
    for (const outcome of updated) expect(outcome.filter((v) => v === 2)).toHaveLength(1);
  });
});

describe('entries and keys', () => {
  it('lists every key once, in the order keys were first written, with its latest entry', async () => {
    const [a, b] = await pair();
    const keys = Array.from({ length: 300 }, (_, i) => `order-${String(i).padStart(3, '0')}`);
    for (const key of keys) expect(await a.write(entryOf(key), 0)).toBe(1);
    // Later writes to the first keys must not move them to the end.
    for (const key of keys.slice(0, 10)) expect(await b.write(entryOf(key, 'settled'), 1)).toBe(2);
    const entries = await b.entries();
    expect(entries.map((r) => r.entry.key)).toEqual(keys);
    expect(entries.slice(0, 10).map((r) => [r.entry.state, r.version])).toEqual(keys.slice(0, 10).map(() => ['settled', 2]));
    expect(entries[10]).toEqual({ entry: entryOf(keys[10]!), version: 1 });
    expect(await (await pair())[0].entries()).toEqual([]);
  });

  it('holds keys of any text, under their reversible encoding', async () => {
    const [a, b] = await pair();
    const keys = ['payout 2026/12/06 ü', 'a.b.c', '*', '>', '=41', 'A'];
    for (const key of keys) expect(await a.write(entryOf(key), 0)).toBe(1);
    for (const key of keys) expect((await b.read(key))?.entry.key).toBe(key);
    expect((await b.entries()).map((r) => r.entry.key)).toEqual(keys);
    const stored = await jetstreamManager(nc).then((jsm) => jsm.streams.getMessage(a.stream, { last_by_subj: '$KV.' + a.bucket + '.payout=202026=2F12=2F06=20=C3=BC' }));
    expect(stored?.json<{ entry: JournalEntry }>().entry.key).toBe('payout 2026/12/06 ü');
  });
});

describe('a corrupt value', () => {
  const cases: [string, string | Uint8Array, string][] = [
    ['not JSON', 'sent?', 'not JSON'],
    ['another key\'s entry', JSON.stringify({ format: 'mexc-rx/journal@1', version: 1, entry: entryOf('payout-2') }), 'the entry of another key ("payout-2")'],
    ['deleted (an empty value)', new Uint8Array(), 'an empty value (the key was deleted or purged)'],
  ];
  it.each(cases)('is refused with JetStreamJournalCorruptError when it is %s, never read as "not sent"', async (_, value, reason) => {
    const [a, b] = await pair();
    expect(await a.write(entryOf('payout-1'), 0)).toBe(1);
    const h = headers();
    h.set('KV-Operation', 'DEL');
    await jetstream(nc).publish(`$KV.${a.bucket}.payout-1`, value, typeof value === 'string' ? {} : { headers: h });
    const error = await b.read('payout-1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(JetStreamJournalCorruptError);
    expect(error).toMatchObject({ bucket: a.bucket, key: 'payout-1', revision: 2, reason });
    await expect(b.entries()).rejects.toBeInstanceOf(JetStreamJournalCorruptError);
    // A writer that last saw version 1 cannot write over it either.
    expect(await a.write(entryOf('payout-1', 'settled'), 1)).toBeUndefined();
  });
});

describe('the bucket', () => {
  it('is refused when missing and not to be created, or when its stream is no key-value bucket', async () => {
    await expect(jetStreamTransferJournal(jetstream(nc), { bucket: 'absent', create: false })).rejects.toBeInstanceOf(JetStreamJournalBucketError);
    const jsm = await jetstreamManager(nc);
    await jsm.streams.add({ name: 'KV_odd', subjects: ['odd.>'] });
    await expect(jetStreamTransferJournal(jetstream(nc), { bucket: 'odd' })).rejects.toThrow(/does not capture \$KV\.odd\.>/);
  });
});

describe('transferOnce on the JetStream journal', () => {
  it('pays once: a second call, from another worker, returns the journaled result and sends nothing', async () => {
    const b = await bench();
    try {
      const [journal, theirs] = await pair();
      const paid = await run(transferOnce(b.master, payout('payout-js-1'), { journal, ...fast }));
      expect(paid).toMatchObject({ confirmedBy: 'response', sends: 1 });
      const again = await run(transferOnce(b.master, payout('payout-js-1'), { journal: theirs, ...fast }));
      expect(again).toMatchObject({ confirmedBy: 'journal', tranId: paid.tranId });
      expect(b.sim.admin.transfers()).toHaveLength(1);
      expect((await theirs.read('payout-js-1'))?.entry).toMatchObject({ state: 'settled', resultId: paid.tranId, confirmedBy: 'response' });
    } finally {
      await b.sim.close();
    }
  });
});
