/**
 * The page side never waits for good on a broker that does not answer: a create past `timeoutMs`
 * is a `BrokerError` the stream retries with its backoff (virtual time for both: the bound is
 * counted on the source's scheduler), a stream stopped while its create is pending waits for it no longer than
 * the bound, a create whose subscriber lets go is given up, a close or a
 * renewal to a broker that hangs ends within the bound, and an unsubscribed repair read is given
 * up. `timeoutMs` is checked when a source is made, and its default is the client's REST timeout.
 */
import { describe, expect, it } from '@jest/globals';
import { firstValueFrom, VirtualAction, VirtualTimeScheduler } from 'rxjs';
import { CLIENT_DEFAULTS } from '../../src/client/client-settings.js';
import { BrokerError, remoteListenKeys, remoteRepairSources, userDataStream, ValidationError, type FetchLike, type UserDataEvent } from '../../src/index.js';
import { REMOTE_LISTEN_KEYS_DEFAULTS } from '../../src/remote/remote-settings.js';
import { FakeServer } from '../stream-lifecycle/fake-socket.js';
import { advanceTo } from '../support/harness.js';

const KEY = 'k'.repeat(64);
const BROKER = 'https://app.example/api/mexc';

/** A request the fake broker got, with the signal it was sent with. */
interface Held {
  readonly method: string;
  readonly signal: AbortSignal | undefined;
}

/**
 * A broker whose answers the test gives by method (`undefined`: it never answers, and ignores the
 * abort, as a careless `fetch` would).
 */
function broker(answers: Partial<Record<string, () => Response>>): { fetch: FetchLike; held: Held[] } {
  const held: Held[] = [];
  const fetch: FetchLike = (_input, init) => {
    const method = init?.method ?? 'GET';
    held.push({ method, signal: init?.signal ?? undefined });
    const answer = answers[method];
    return answer === undefined ? new Promise<Response>(() => undefined) : Promise.resolve(answer());
  };
  return { fetch, held };
}

const created = (): Response => new Response(JSON.stringify({ listenKey: KEY, renewIntervalMs: 60_000 }), { status: 201 });

/** The outcome of `work`, once it settles. */
function outcomeOf(work: Promise<unknown>): Promise<{ value?: unknown; error?: unknown }> {
  return work.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
}

describe('a stream on a broker that does not answer its create', () => {
  it('retries the create with its backoff once the first has timed out; stopped, it waits for the pending one at most timeoutMs', async () => {
    const scheduler = new VirtualTimeScheduler(VirtualAction, 0);
    const sockets = new FakeServer(scheduler, 1);
    const { fetch, held } = broker({});
    const keys = remoteListenKeys(BROKER, { fetch, timeoutMs: 30, scheduler });
    const events: UserDataEvent[] = [];
    const subscription = userDataStream(keys, { wsUrl: 'ws://127.0.0.1:1/ws', scheduler, webSocketFactory: sockets.factory, format: 'json', random: () => 0.5 }).subscribe((event) =>
      events.push(event),
    );
    await advanceTo(scheduler, 29);
    expect(held.map((h) => [h.method, h.signal?.aborted])).toEqual([['POST', false]]);
    await advanceTo(scheduler, 30);
    expect(held[0]?.signal?.aborted).toBe(true);
    // The failed create is the stream's to retry: after its backoff (virtual time), a second POST.
    const retry = events.find((event) => event.type === 'reconnecting');
    expect(retry).toMatchObject({ reason: 'key-unavailable', at: 30 });
    const retryAt = 30 + (retry?.type === 'reconnecting' ? retry.delayMs : Number.NaN);
    await advanceTo(scheduler, retryAt);
    expect(held.map((h) => [h.method, h.signal?.aborted])).toEqual([
      ['POST', true],
      ['POST', false],
    ]);

    // The stream lets a creation end after its stop (a key made then is DELETEd): it ends in time.
    subscription.unsubscribe();
    await advanceTo(scheduler, retryAt + 29);
    expect(held[1]?.signal?.aborted).toBe(false);
    await advanceTo(scheduler, retryAt + 30);
    expect(held[1]?.signal?.aborted).toBe(true);
    expect(held).toHaveLength(2);
    expect(sockets.sockets).toHaveLength(0);
  });
});

describe('a source on a broker that hangs', () => {
  const idle = (): VirtualTimeScheduler => new VirtualTimeScheduler(VirtualAction, 0);

  it('ends a close within timeoutMs: the DELETE fails with status 0 instead of waiting', async () => {
    const scheduler = idle();
    const { fetch, held } = broker({ POST: created });
    const keys = remoteListenKeys(BROKER, { fetch, timeoutMs: 40, scheduler });
    await expect(firstValueFrom(keys.create())).resolves.toBe(KEY);
    const closing = outcomeOf(firstValueFrom(keys.close(KEY), { defaultValue: undefined }));
    await advanceTo(scheduler, 40);
    const outcome = await closing;
    expect(outcome.error).toBeInstanceOf(BrokerError);
    expect(outcome.error).toMatchObject({ status: 0, message: 'DELETE /api/mexc/listen-key: no answer: none came within 40 ms' });
    expect(held.map((h) => h.method)).toEqual(['POST', 'DELETE']);
  });

  it('ends a renewal within timeoutMs, and gives it up when let go of', async () => {
    const scheduler = idle();
    const { fetch, held } = broker({ POST: created });
    const keys = remoteListenKeys(BROKER, { fetch, timeoutMs: 40, scheduler });
    const renewing = outcomeOf(firstValueFrom(keys.keepAlive(KEY)));
    await advanceTo(scheduler, 40);
    expect((await renewing).error).toMatchObject({ status: 0 });

    const pending = keys.keepAlive(KEY).subscribe({ error: () => undefined });
    pending.unsubscribe();
    expect(held.map((h) => [h.method, h.signal?.aborted])).toEqual([
      ['PUT', true],
      ['PUT', true],
    ]);
  });

  it('gives a create up when its subscriber lets go', () => {
    const { fetch, held } = broker({});
    const keys = remoteListenKeys(BROKER, { fetch, scheduler: idle() });
    const pending = keys.create().subscribe({ error: () => undefined });
    expect(held[0]?.signal?.aborted).toBe(false);
    pending.unsubscribe();
    expect(held[0]?.signal?.aborted).toBe(true);
  });

  it('ends a repair read within timeoutMs, and gives one up when its subscriber lets go', async () => {
    const scheduler = idle();
    const { fetch, held } = broker({});
    const repairs = remoteRepairSources(BROKER, { fetch, timeoutMs: 40, scheduler });
    const reading = outcomeOf(firstValueFrom(repairs.orders.resync()));
    await advanceTo(scheduler, 40);
    expect((await reading).error).toMatchObject({ status: 0, message: 'GET /api/mexc/open-orders: no answer: none came within 40 ms' });

    const pending = repairs.balances.seed.subscribe({ error: () => undefined });
    pending.unsubscribe();
    expect(held.map((h) => [h.method, h.signal?.aborted])).toEqual([
      ['GET', true],
      ['GET', true],
    ]);
  });
});

describe('timeoutMs', () => {
  const makers = [
    ['remoteListenKeys', (timeoutMs: unknown) => remoteListenKeys(BROKER, { timeoutMs: timeoutMs as number })],
    ['remoteRepairSources', (timeoutMs: unknown) => remoteRepairSources(BROKER, { timeoutMs: timeoutMs as number })],
  ] as const;

  describe.each(makers)('of %s', (_name, make) => {
    it.each<[string, unknown]>([
      ['NaN', Number.NaN],
      ['a negative number', -1],
      ['0', 0],
      ['Infinity', Infinity],
      ['more than a timer holds', 2 ** 31],
      ['a text', '10000'],
    ])('is refused when %s', (_what, value) => {
      let error: unknown;
      try {
        make(value);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).issues).toEqual([{ field: 'timeoutMs', rule: 'a duration in ms from 1 to 2147483647' }]);
    });

    it('is taken when left undefined, or given within its bounds', () => {
      expect(() => make(undefined)).not.toThrow();
      expect(() => make(1)).not.toThrow();
      expect(() => make(2 ** 31 - 1)).not.toThrow();
    });
  });

  it('defaults to the client’s REST timeout', () => {
    expect(REMOTE_LISTEN_KEYS_DEFAULTS.timeoutMs).toBe(CLIENT_DEFAULTS.timeout);
  });
});
