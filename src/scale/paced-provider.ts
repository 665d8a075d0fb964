/**
 * Puts one account's listen-key creation behind the shared {@link StartPacer}: the stream's L1
 * call (and so its connection, which waits for the key) starts only with a permit, and the
 * permit is held until the start is over (the stream connected, or gave up this attempt), or a
 * time limit passes. Keepalives and closes are not paced.
 *
 * @module
 */
import { defer, from, mergeMap, type Observable, type ObservableInput, type SchedulerLike, type Subscription } from 'rxjs';
import type { Client } from '../client/types.js';
import type { Endpoint } from '../endpoints/endpoint.js';
import { scheduleInSteps } from '../long-delays.js';
import { isClient, type ListenKeyProvider, type ListenKeySource } from '../stream/listen-key-source.js';
import type { UserDataEvent } from '../stream/user-data-stream.js';
import type { Permit, StartPacer } from './start-pacer.js';

/** Events that end a start attempt, successful or not. */
const START_ENDS = new Set<UserDataEvent['type']>(['connected', 'reconnecting', 'gap', 'rolled-over', 'key-replaced']);

/**
 * The start gate of one account's stream.
 *
 * @example
 * ```ts
 * const gate = new StartGate(pacer, scheduler, 30_000);
 * const stream$ = userDataStream(pacedProvider(client, gate));
 * stream$.subscribe((event) => gate.observe(event));
 * ```
 */
export class StartGate {
  private permit: Permit | undefined;
  private deadline: Subscription | undefined;

  constructor(
    private readonly pacer: StartPacer,
    private readonly scheduler: SchedulerLike,
    private readonly timeoutMs: number,
  ) {}

  /**
   * `create` run only with a permit.
   *
   * @example
   * ```ts
   * const create = gate.wrap(() => source.create());
   * ```
   */
  wrap<T>(create: () => ObservableInput<T>): Observable<T> {
    return defer(() =>
      this.pacer.acquire().pipe(
        mergeMap((permit) => {
          this.hold(permit);
          return from(create());
        }),
      ),
    );
  }

  /**
   * Looks at each event of the stream: one that ends a start attempt gives the permit back.
   *
   * @example
   * ```ts
   * stream$.subscribe((event) => gate.observe(event));
   * ```
   */
  observe(event: UserDataEvent): void {
    if (this.permit === undefined) return;
    if (START_ENDS.has(event.type) || (event.type === 'diagnostic' && event.code === 'key-create-failed')) this.release();
  }

  /**
   * Gives the permit back, if held.
   *
   * @example
   * ```ts
   * gate.release(); // the account was removed
   * ```
   */
  release(): void {
    this.deadline?.unsubscribe();
    this.deadline = undefined;
    const permit = this.permit;
    this.permit = undefined;
    permit?.release();
  }

  private hold(permit: Permit): void {
    this.release();
    this.permit = permit;
    this.deadline = scheduleInSteps(
      this.scheduler,
      () => {
        this.deadline = undefined;
        this.release();
      },
      this.timeoutMs,
    );
  }
}

/**
 * The provider with its key creation behind `gate`. A client stays a client (its websocket URL,
 * scheduler and redaction still apply): only its L1 calls are gated.
 *
 * @example
 * ```ts
 * const stream$ = userDataStream(pacedProvider(client, gate), options);
 * ```
 */
export function pacedProvider(provider: ListenKeyProvider, gate: StartGate): ListenKeyProvider {
  if (isClient(provider)) {
    const call = <P, R>(endpoint: Endpoint<P, R>, params: P, options?: Parameters<Client['call']>[2]): Observable<R> =>
      endpoint.id === 'L1' ? gate.wrap(() => provider.call(endpoint, params, options)) : provider.call(endpoint, params, options);
    return { ...provider, call };
  }
  if (typeof provider === 'function') return () => gate.wrap(provider);
  const source: ListenKeySource = provider;
  const paced: ListenKeySource = { create: () => gate.wrap(() => source.create()) };
  const keepAlive = source.keepAlive?.bind(source);
  const close = source.close?.bind(source);
  return { ...paced, ...(keepAlive ? { keepAlive } : {}), ...(close ? { close } : {}) };
}
