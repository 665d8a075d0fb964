/**
 * A stream's key source, its calls recorded: for a stream given a recorder that its client was not
 * given (a client given the recorder records these calls itself, as its own REST calls). The calls
 * of a client's key source are recorded under their operation ids (`L1`, `L3`, `L4`), with the
 * replies those operations give; a key source of your own under `keySource.create`,
 * `keySource.keepAlive` and `keySource.close`. Keys are recorded masked, as everywhere.
 *
 * @module
 */
import { tap, type MonoTypeOperatorFunction, type Observable } from 'rxjs';
import type { RecorderHooks } from '../recording-hooks.js';

declare module '../recording-hooks.js' {
  interface RecorderWrappers {
    /** A stream's key source, its calls recorded. */
    readonly keySource: typeof recordedKeySource;
  }
}

/** A key source with every method returning an Observable (what `toListenKeySource` makes). */
export interface KeyCallSource {
  create(): Observable<string>;
  keepAlive: ((listenKey: string) => Observable<unknown>) | undefined;
  close: ((listenKey: string) => Observable<unknown>) | undefined;
  /** Keys the source reports gone before their time (passed through, not recorded: not a call). */
  revoked: Observable<string> | undefined;
}

const CLIENT_NAMES = { create: 'L1', keepAlive: 'L3', close: 'L4' } as const;
const SOURCE_NAMES = { create: 'keySource.create', keepAlive: 'keySource.keepAlive', close: 'keySource.close' } as const;

/**
 * `source`, each call's outcome handed to `hooks` (unless a client records them already).
 *
 * @example
 * ```ts
 * const keys = recordedKeySource(toListenKeySource(provider), hooks, isClient(provider), () => scheduler.now());
 * ```
 */
export function recordedKeySource(source: KeyCallSource, hooks: RecorderHooks, ofClient: boolean, now: () => number): KeyCallSource {
  const names = ofClient ? CLIENT_NAMES : SOURCE_NAMES;
  const recorded = <T>(operation: string, params: object, reply: (value: T) => unknown): MonoTypeOperatorFunction<T> =>
    tap<T>({
      next: (value) => {
        if (!hooks.recordsClientCalls()) hooks.rest({ operation, at: now(), params, reply: reply(value) });
      },
      error: (error: unknown) => {
        if (!hooks.recordsClientCalls()) hooks.rest({ operation, at: now(), params, error });
      },
    });
  const { keepAlive, close } = source;
  return {
    create: () => source.create().pipe(recorded(names.create, {}, (listenKey) => ({ listenKey }))),
    keepAlive: keepAlive && ((listenKey) => keepAlive(listenKey).pipe(recorded(names.keepAlive, { listenKey }, (value) => value))),
    close: close && ((listenKey) => close(listenKey).pipe(recorded(names.close, { listenKey }, (value) => value))),
    revoked: source.revoked,
  };
}
