/**
 * Virtual time for the request budget's tests: a VirtualTimeScheduler moved one due time at a
 * time, with the (promise-based) fake fetches let finish in between, and a fetch that answers by
 * path from a script and notes the virtual time of every request.
 */
import { Subscription, VirtualTimeScheduler, type Observable } from 'rxjs';
import { createClient, type BudgetLaneState, type BudgetSnapshot, type Client, type ClientConfig, type FetchLike } from '../../src/index.js';
import { API_KEY, SECRET_KEY } from '../support/harness.js';

/** One request as the scripted fetch saw it. */
export interface SentAt {
  readonly at: number;
  readonly method: string;
  readonly path: string;
  /** The query as sent, without `signature`. */
  readonly query: URLSearchParams;
  readonly apiKey: string | null;
}

/** Answers the `n`-th request (from 0) with a method to a path; may wait on the scheduler. */
export type Script = (request: SentAt, n: number) => Response | Promise<Response>;

/** JSON with a status and headers. */
export function reply(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}

/** The service's 429 with `Retry-After` seconds. */
export const tooMany = (seconds?: number): Response =>
  reply({ code: 429, msg: 'Too many requests' }, 429, seconds === undefined ? {} : { 'Retry-After': String(seconds) });

/** The service's 418 IP ban with `Retry-After` seconds. */
export const banned = (seconds?: number): Response =>
  reply({ code: 418, msg: 'IP banned' }, 418, seconds === undefined ? {} : { 'Retry-After': String(seconds) });

/** A virtual clock and the fetch the clients under test use. */
export class VirtualService {
  readonly scheduler = new VirtualTimeScheduler();
  readonly sent: SentAt[] = [];
  private readonly counts = new Map<string, number>();

  constructor(private readonly script: Script = () => reply({})) {}

  /** The fetch: notes each request, then answers it with the script. */
  readonly fetch: FetchLike = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const query = new URLSearchParams(url.search);
    query.delete('signature');
    const headers = new Headers(init?.headers);
    const request: SentAt = { at: this.scheduler.now(), method: init?.method ?? 'GET', path: url.pathname, query, apiKey: headers.get('x-mexc-apikey') };
    this.sent.push(request);
    const route = `${request.method} ${url.pathname}`;
    const n = this.counts.get(route) ?? 0;
    this.counts.set(route, n + 1);
    return this.script(request, n);
  };

  /** A client of this service (test credentials unless given), on its scheduler. */
  client(config: ClientConfig = {}): Client {
    return createClient({ apiKey: API_KEY, secretKey: SECRET_KEY, fetch: this.fetch, scheduler: this.scheduler, transport: 'fetch', ...config });
  }

  /** Virtual times of the requests to `path` (any method). */
  times(path: string): number[] {
    return this.sent.filter((r) => r.path === path).map((r) => r.at);
  }

  /** Waits `ms` of virtual time (for a script that answers late). */
  after<T>(ms: number, value: () => T): Promise<T> {
    return new Promise((resolve) => this.scheduler.schedule(() => resolve(value()), ms));
  }

  /**
   * Lets pending promises settle, then runs the scheduler's next due time, over and over until
   * `done()`; fails when nothing is due and it is not done.
   */
  async drive(done: () => boolean, maxSteps = 100_000): Promise<void> {
    for (let step = 0; step < maxSteps; step++) {
      await quiet();
      if (done()) return;
      const next = this.scheduler.actions[0];
      if (next === undefined) throw new Error('stuck: nothing is due on the scheduler and the test is not done');
      this.scheduler.maxFrames = next.delay;
      this.scheduler.flush();
    }
    throw new Error('drive: too many steps');
  }

  /** Runs the scheduler up to `time` (virtual), letting fetches finish at each step. */
  async runUntil(time: number): Promise<void> {
    for (;;) {
      await quiet();
      const next = this.scheduler.actions[0];
      if (next === undefined || next.delay > time) break;
      this.scheduler.maxFrames = next.delay;
      this.scheduler.flush();
    }
    this.scheduler.frame = Math.max(this.scheduler.frame, time);
    await quiet();
  }
}

/** The lanes of a snapshot that count something, have calls waiting or are paused (the others are every endpoint's idle IP lane). */
export function lanesInUse(snapshot: BudgetSnapshot): BudgetLaneState[] {
  return snapshot.lanes.filter((lane) => lane.used > 0 || lane.waiting > 0 || lane.pausedUntil !== undefined);
}

/** A few macrotask turns: enough for a scripted fetch and its body to be read. */
export async function quiet(): Promise<void> {
  for (let i = 0; i < 4; i++) await new Promise<void>((resolve) => setImmediate(resolve));
}

/** What a subscription got. */
export interface Collected<T> {
  readonly values: T[];
  error: unknown;
  done: boolean;
  subscription: Subscription;
}

/**
 * Subscribes and keeps what comes.
 *
 * @example
 * ```ts
 * const call = collect(listSubAccounts(client, {}));
 * await service.drive(() => call.done);
 * ```
 */
export function collect<T>(source: Observable<T>): Collected<T> {
  const collected: Collected<T> = { values: [], error: undefined, done: false, subscription: Subscription.EMPTY };
  collected.subscription = source.subscribe({
    next: (value) => collected.values.push(value),
    error: (error: unknown) => {
      collected.error = error;
      collected.done = true;
    },
    complete: () => {
      collected.done = true;
    },
  });
  return collected;
}
