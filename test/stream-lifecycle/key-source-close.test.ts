/**
 * A key source whose `close()` throws or rejects (a backend that is down, a careless function):
 * `unsubscribe()` never throws for it (no `UnsubscriptionError` in a React effect's cleanup), a
 * subscriber still there is told with a `key-close-failed` diagnostic, and otherwise the failure
 * is counted among the keys not closed in `close()`'s result. Virtual time throughout.
 */
import { describe, expect, it } from '@jest/globals';
import { defer, NEVER, of, throwError, VirtualAction, VirtualTimeScheduler, type Observable } from 'rxjs';
import { userDataStreams } from '../../src/scale/user-data-streams.js';
import type { TaggedEvent } from '../../src/scale/tagged-event.js';
import { maskListenKey } from '../../src/stream/lifecycle.js';
import type { ListenKeySource } from '../../src/stream/listen-key-source.js';
import { userDataStream, type UserDataEvent } from '../../src/stream/user-data-stream.js';
import { FakeServer } from './fake-socket.js';
import { MINUTE } from './harness.js';

const wsUrl = 'ws://127.0.0.1:1/ws';

/** How the source's `close` fails. */
type Failure = 'throws' | 'rejects';

/** A key source handing out key-1, key-2, ...; its `close` fails as asked; its first `keepAliveFails` keepalives fail. */
function failingSource(failure: Failure, keepAliveFails = 0): ListenKeySource & { readonly issued: string[]; readonly closes: string[] } {
  const issued: string[] = [];
  const closes: string[] = [];
  let failures = keepAliveFails;
  return {
    issued,
    closes,
    create: (): Observable<string> => defer(() => of(issued[issued.push(`key-${issued.length + 1}-${'q'.repeat(24)}`) - 1] ?? '')),
    keepAlive: (): Observable<unknown> => defer(() => (failures-- > 0 ? throwError(() => new Error('keepalive refused')) : of({}))),
    close: (key: string) => {
      closes.push(key);
      if (failure === 'throws') throw new Error(`backend down, cannot close ${key}`);
      return Promise.reject(new Error(`backend down, cannot close ${key}`));
    },
  };
}

/** A scheduler whose flush runs virtual time up to `until` ms. */
function virtualTime(until: number): VirtualTimeScheduler {
  return new VirtualTimeScheduler(VirtualAction, until);
}

/** Lets promise callbacks (a rejected `close`) run. */
function settle(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

describe.each<Failure>(['throws', 'rejects'])('a key source whose close %s', (failure) => {
  it('never makes unsubscribe() throw, and the key is DELETEd nowhere else', async () => {
    const scheduler = virtualTime(10);
    const server = new FakeServer(scheduler, 1);
    const source = failingSource(failure);
    const subscription = userDataStream(source, { wsUrl, scheduler, webSocketFactory: server.factory, format: 'json' }).subscribe();
    scheduler.flush();
    expect(server.open()).toHaveLength(1);

    expect(() => subscription.unsubscribe()).not.toThrow();
    await settle();
    expect(source.closes).toEqual(source.issued);
    expect(server.open()).toEqual([]);
  });

  it('is a key-close-failed diagnostic, its key masked, while a subscriber is still there; the stream goes on', async () => {
    // The first keepalive fails: the key is replaced, and the old one is closed after the overlap.
    const scheduler = virtualTime(40 * MINUTE);
    const server = new FakeServer(scheduler, 1);
    const source = failingSource(failure, 1);
    const events: UserDataEvent[] = [];
    const subscription = userDataStream(source, { wsUrl, scheduler, webSocketFactory: server.factory, format: 'json' }).subscribe((event) => events.push(event));
    scheduler.flush();
    await settle();

    const [oldKey] = source.issued;
    expect(source.closes).toEqual([oldKey]);
    const diagnostics = events.flatMap((event) => (event.type === 'diagnostic' && event.code === 'key-close-failed' ? [event] : []));
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]?.message).toBe(`closing the listen key ${maskListenKey(oldKey ?? '')} failed: backend down, cannot close ${maskListenKey(oldKey ?? '')}`);
    expect(events.filter((event) => event.type === 'key-replaced')).toHaveLength(1);
    expect(server.open()).toHaveLength(1);
    expect(() => subscription.unsubscribe()).not.toThrow();
  });

  it("is counted among the keys not closed in userDataStreams' close() result, which never rejects", async () => {
    const scheduler = virtualTime(10);
    const server = new FakeServer(scheduler, 1);
    const sources = new Map([['desk0001', failingSource(failure)], ['desk0002', failingSource(failure)]]);
    const streams = userDataStreams(of(sources), { wsUrl, scheduler, webSocketFactory: server.factory, format: 'json' });
    const events: TaggedEvent[] = [];
    let completed = false;
    streams.subscribe({ next: (event) => events.push(event), complete: () => (completed = true) });
    scheduler.flush();
    expect(server.open()).toHaveLength(2);

    const result = await streams.close();

    const keys = [...sources.values()].flatMap((source) => source.issued);
    expect([...result.keysNotClosed].sort()).toEqual(keys.map(maskListenKey).sort());
    expect(result.creationsUnanswered).toBe(0);
    expect(completed).toBe(true);
    expect(events.filter((event) => event.event.type === 'stopped').map((event) => [event.account, event.event])).toEqual([
      ['desk0001', { type: 'stopped', reason: 'closed', error: undefined, at: scheduler.now() }],
      ['desk0002', { type: 'stopped', reason: 'closed', error: undefined, at: scheduler.now() }],
    ]);
    expect(server.open()).toEqual([]);
  });
});

describe("userDataStreams' close and a key source whose close never settles", () => {
  it('waits closeTimeoutMs (virtual time), then lists the key as not closed', async () => {
    const scheduler = virtualTime(10);
    const server = new FakeServer(scheduler, 1);
    const issued: string[] = [];
    const source: ListenKeySource = { create: () => of(issued[issued.push(`key-${'n'.repeat(24)}`) - 1] ?? ''), close: () => NEVER };
    const streams = userDataStreams(of(new Map([['desk0001', source]])), { wsUrl, scheduler, webSocketFactory: server.factory, format: 'json', closeTimeoutMs: 5_000 });
    streams.subscribe();
    scheduler.flush();
    let result: unknown;
    const closing = streams.close().then((value) => (result = value));

    scheduler.maxFrames = 4_999;
    scheduler.flush();
    await settle();
    expect(result).toBeUndefined();
    scheduler.maxFrames = 5_010;
    scheduler.flush();
    await closing;

    expect(result).toEqual({ keysNotClosed: issued.map(maskListenKey), creationsUnanswered: 0 });
  });
});
