/**
 * A client given a recorder: every call it makes (its streams' listen keys, seeds, repairs, the
 * DELETEs of its close) is handed to the recorder with its reply or failure, under its operation
 * id; and its close flushes the recorder.
 *
 * @module
 */
import { tap, type Observable, type SchedulerLike } from 'rxjs';
import type { Endpoint } from '../endpoints/endpoint.js';
import type { CallWatch } from '../http/execute.js';
import { scheduleInSteps } from '../long-delays.js';
import type { RecorderHooks } from '../recording-hooks.js';
import type { CallOptions, ClientCloseResult } from './types.js';

declare module '../recording-hooks.js' {
  interface RecorderWrappers {
    /** A client's executor, each call's outcome recorded. */
    readonly execute: typeof recordedExecute;
    /** A client's close, then the recorder's flush. */
    readonly closeThenFlush: typeof closeThenFlush;
  }
}

/** The executor's call, with its watch. */
type Execute = <P, R>(endpoint: Endpoint<P, R>, params: P, options?: CallOptions, watch?: CallWatch) => Observable<R>;

/**
 * `execute`, each call's outcome handed to `hooks` when it comes (timed by `scheduler`).
 *
 * @example
 * ```ts
 * const execute = recordedExecute(createExecutor(settings), hooks, scheduler);
 * ```
 */
export function recordedExecute(execute: Execute, hooks: RecorderHooks, scheduler: SchedulerLike): Execute {
  return <P, R>(endpoint: Endpoint<P, R>, params: P, options?: CallOptions, watch?: CallWatch): Observable<R> =>
    execute(endpoint, params, options, watch).pipe(
      tap({
        next: (reply) => hooks.rest({ operation: endpoint.id, at: scheduler.now(), params, reply }),
        error: (error: unknown) => hooks.rest({ operation: endpoint.id, at: scheduler.now(), params, error }),
      }),
    );
}

/**
 * The client's close, then the recorder's flush, awaited for at most `timeout` more (a sink that
 * never answers cannot hold the close). The same promise on every call.
 *
 * @example
 * ```ts
 * const close = closeThenFlush(life.close, hooks, scheduler, 10_000);
 * ```
 */
export function closeThenFlush(close: () => Promise<ClientCloseResult>, hooks: RecorderHooks, scheduler: SchedulerLike, timeout: number): () => Promise<ClientCloseResult> {
  let closing: Promise<ClientCloseResult> | undefined;
  const flushAfter = async (result: ClientCloseResult): Promise<ClientCloseResult> => {
    let stop: () => void = () => undefined;
    const late = new Promise<void>((resolve) => (stop = resolve));
    const deadline = scheduleInSteps(scheduler, stop, timeout);
    await Promise.race([hooks.flush(), late]);
    deadline.unsubscribe();
    return result;
  };
  return () => {
    if (closing !== undefined) return closing;
    // Set before the close runs: a subscriber told of the stop from inside it may call again.
    let settle: (result: Promise<ClientCloseResult>) => void = () => undefined;
    closing = new Promise<ClientCloseResult>((resolve) => (settle = resolve));
    settle(close().then(flushAfter));
    return closing;
  };
}
