/**
 * A client's life: its calls under way, its user data streams, the listen keys it made, and its
 * close. `client.close()` stops the streams (their subscribers get a `stopped` event, then
 * completion), gives up the calls waiting in the request budget or in flight, except a listen-key
 * creation already sent (awaited, and its key DELETEd), DELETEs every key it made and has not seen
 * closed, and resolves once each DELETE has ended, at most twice the client's `timeout` after it
 * was called (up to one `timeout` for a creation already sent to answer, then one for the DELETEs,
 * all at once; a DELETE the request budget will not send, the IP being banned, fails at once).
 *
 * @module
 */
import { Observable, Subscription, type SchedulerLike } from 'rxjs';
import { endpointTarget, type AnyEndpoint, type Endpoint } from '../endpoints/endpoint.js';
import { L4 } from '../endpoints/listen-key.js';
import { ClientClosedError, UnknownOutcomeError } from '../errors.js';
import type { CallWatch } from '../http/execute.js';
import { slot } from '../internal/slot.js';
import { scheduleInSteps } from '../long-delays.js';
import { maskListenKey } from '../redact.js';
import { creationOutcomeUnknown, keyUnknownToService, ListenKeyLedger, type KeyCloseOutcome } from './listen-key-ledger.js';
import type { CallOptions, ClientCloseResult } from './types.js';

/** The executor's call, with its watch. */
type Execute = <P, R>(endpoint: Endpoint<P, R>, params: P, options?: CallOptions, watch?: CallWatch) => Observable<R>;

/** A user data stream of the client, as its close sees it. */
export interface ClientStream {
  /** Stops it for the close; resolves once the DELETEs it started have ended. */
  closeForClient(): Promise<unknown>;
}

/** What the client's close, its streams and its key source use. */
export interface ClientLife {
  /** Whether `close()` was called. */
  readonly isClosed: () => boolean;
  /** A row of the endpoint table, failing with `ClientClosedError` once the client is closed. */
  readonly call: <P, R>(endpoint: Endpoint<P, R>, params: P, options?: CallOptions) => Observable<R>;
  /** DELETEs a key, closed client or not (the stream's stop and the close use it); never rejects. */
  readonly closeKey: (key: string) => Promise<KeyCloseOutcome>;
  /** Registers a stream until the returned function is called. */
  readonly addStream: (stream: ClientStream) => () => void;
  /** The client's `close()`. */
  readonly close: () => Promise<ClientCloseResult>;
}

/**
 * Where a client keeps its life (a slot: no field of the `Client` type, kept by a spread copy). Its
 * value holds only functions (the keys stay in closures), so printing a client shows no listen key.
 */
const LIFE = slot<ClientLife>('mexc-rx client life');

/**
 * The life of a client made by `createClient`, or `undefined` for anything else (a client-like
 * object of the user's own). A copy made by spreading a client (`{ ...client, call }`) keeps it.
 *
 * @example
 * ```ts
 * lifeOf(client)?.isClosed(); // false until client.close()
 * ```
 */
export const lifeOf = LIFE.of;

/**
 * Gives `client` its life.
 *
 * @example
 * ```ts
 * return withLife({ baseUrl, call: life.call, close: life.close }, life);
 * ```
 */
export const withLife: <C extends object>(client: C, life: ClientLife) => C = LIFE.put;

/** One call under way. */
interface TrackedCall {
  readonly row: AnyEndpoint;
  /** When its latest attempt was sent; `undefined` while it waits for the budget. */
  sentAt: number | undefined;
  sentParams: (() => Readonly<Record<string, string>>) | undefined;
  /** An answer came (a listen key), or a failure that says no key was made. */
  answered: boolean;
  /** Ends it with the error a call given up by the close fails with. */
  giveUp: () => void;
  /** Told once it ended, however. */
  ended: (() => void) | undefined;
}

function listenKeyParam(params: unknown): string | undefined {
  const key = typeof params === 'object' && params !== null ? (params as { readonly listenKey?: unknown }).listenKey : undefined;
  return typeof key === 'string' ? key : undefined;
}

/** The error of a call the close gave up: a money-moving call already sent may have happened. */
function givenUpError(tracked: TrackedCall): Error {
  const closed = new ClientClosedError({ operation: tracked.row.id, target: endpointTarget(tracked.row) });
  if (!tracked.row.movesMoney || tracked.sentAt === undefined || tracked.sentParams === undefined) return closed;
  const sent = tracked.sentParams();
  return new UnknownOutcomeError({ operation: tracked.row.id, params: sent, clientTranId: sent['clientTranId'], sentAt: tracked.sentAt, cause: closed });
}

/** What a client's calls and its close share. */
interface LifeState {
  closed: boolean;
  readonly calls: Set<TrackedCall>;
  readonly streams: Set<ClientStream>;
  readonly ledger: ListenKeyLedger;
  readonly execute: Execute;
}

/** What a call's answer or failure says about the client's keys. */
function noteOutcome(ledger: ListenKeyLedger, row: AnyEndpoint, params: unknown, outcome: { readonly value: unknown } | { readonly error: unknown }): void {
  if ('value' in outcome) {
    if (row.id === 'L1') ledger.remember(listenKeyParam(outcome.value) ?? '');
    else if (row.id === 'L3') ledger.keptAlive(listenKeyParam(params) ?? '');
    else if (row.id === 'L4') ledger.forget(listenKeyParam(params) ?? '');
  } else if ((row.id === 'L3' || row.id === 'L4') && keyUnknownToService(outcome.error)) {
    ledger.forget(listenKeyParam(params) ?? '');
  }
}

/** One call of the client: refused once it is closed, tracked while under way. */
function trackedCall<P, R>(life: LifeState, endpoint: Endpoint<P, R>, params: P, options: CallOptions | undefined): Observable<R> {
  const row = endpoint as unknown as AnyEndpoint;
  return new Observable<R>((subscriber) => {
    if (life.closed) return subscriber.error(new ClientClosedError({ operation: row.id, target: endpointTarget(row) }));
    const inner = new Subscription();
    const finish = (): void => {
      if (life.calls.delete(tracked)) tracked.ended?.();
    };
    const tracked: TrackedCall = {
      row,
      sentAt: undefined,
      sentParams: undefined,
      answered: false,
      ended: undefined,
      giveUp: () => {
        inner.unsubscribe();
        finish();
        subscriber.error(givenUpError(tracked));
      },
    };
    life.calls.add(tracked);
    const watch: CallWatch = {
      sending: (sentAt, sentParams) => {
        // Room in the budget may come to a call of ours while the close gives up others: it goes nowhere.
        if (life.closed) return new ClientClosedError({ operation: row.id, target: endpointTarget(row) });
        tracked.sentAt = sentAt;
        tracked.sentParams = sentParams;
        return undefined;
      },
    };
    const running = life.execute(endpoint, params, options, watch).subscribe({
      next: (value) => {
        tracked.answered = true;
        noteOutcome(life.ledger, row, params, { value });
        subscriber.next(value);
      },
      error: (error: unknown) => {
        tracked.answered = !creationOutcomeUnknown(error);
        noteOutcome(life.ledger, row, params, { error });
        finish();
        subscriber.error(error);
      },
      complete: () => {
        finish();
        subscriber.complete();
      },
    });
    inner.add(running);
    return () => {
      finish();
      inner.unsubscribe();
    };
  });
}

function partition<T>(items: readonly T[], test: (item: T) => boolean): [T[], T[]] {
  return [items.filter(test), items.filter((item) => !test(item))];
}

/** The close itself (see the module's comment). */
async function closeClient(life: LifeState, settings: { readonly scheduler: SchedulerLike; readonly timeout: number }): Promise<ClientCloseResult> {
  const { calls, ledger } = life;
  let unanswered = 0;
  let deadlinePassed: () => void = () => undefined;
  const passed = new Promise<void>((resolve) => (deadlinePassed = resolve));
  // Past the deadline, whatever is still under way is given up: its keys are listed as not closed.
  const deadline = scheduleInSteps(
    settings.scheduler,
    () => {
      ledger.giveUp();
      for (const tracked of [...calls]) tracked.giveUp();
      deadlinePassed();
    },
    2 * settings.timeout,
  );
  const stopping = [...life.streams].map((stream) => stream.closeForClient());
  // Those still waiting for the budget first: giving up one in flight frees its room, which would
  // let a call of ours still waiting go out.
  const [waiting, sent] = partition([...calls], (tracked) => tracked.sentAt === undefined);
  for (const tracked of waiting) tracked.giveUp();
  const creations: Promise<void>[] = [];
  for (const tracked of sent) {
    if (tracked.row.id !== 'L1') {
      tracked.giveUp();
      continue;
    }
    // A creation already sent may have made a key: awaited, and its key DELETEd below.
    creations.push(
      new Promise<void>((resolve) => {
        tracked.ended = () => {
          if (!tracked.answered) unanswered += 1;
          resolve();
        };
      }),
    );
  }
  const deletes = async (): Promise<void> => {
    const first = ledger.keys().map((key) => ledger.close(key));
    await Promise.all(creations);
    const second = ledger.keys().map((key) => ledger.close(key));
    await Promise.all([...first, ...second, ...stopping]);
  };
  // A stream's stop may wait for more than the client's calls (a start pacer's permit, in
  // userDataStreams): the deadline holds whatever is still awaited.
  await Promise.race([deletes(), passed]);
  deadline.unsubscribe();
  return { keysNotClosed: ledger.keys().map(maskListenKey), creationsUnanswered: unanswered };
}

/**
 * Makes the life of a client over its executor.
 *
 * @example
 * ```ts
 * const life = createClientLife(execute, { scheduler, timeout: 10_000 });
 * ```
 */
export function createClientLife(execute: Execute, settings: { readonly scheduler: SchedulerLike; readonly timeout: number }): ClientLife {
  const life: LifeState = {
    closed: false,
    calls: new Set(),
    streams: new Set(),
    ledger: new ListenKeyLedger((listenKey) => execute(L4, { listenKey }), () => settings.scheduler.now()),
    execute,
  };
  let closing: Promise<ClientCloseResult> | undefined;
  return {
    isClosed: () => life.closed,
    call: (endpoint, params, options) => trackedCall(life, endpoint, params, options),
    closeKey: (key) => life.ledger.close(key),
    addStream: (stream) => {
      life.streams.add(stream);
      return () => void life.streams.delete(stream);
    },
    close: () => {
      // Closed before anything runs: a subscriber told of the stop from inside it may call again.
      life.closed = true;
      return (closing ??= closeClient(life, settings));
    },
  };
}
