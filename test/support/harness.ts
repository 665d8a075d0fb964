/**
 * Shared test helpers: a client with fixed, recognisable credentials and a fixed clock, ways to
 * collect what an Observable emits or fails with, an independent HMAC, and a query-string reader.
 */
import { createHmac } from 'node:crypto';
import type { Observable, VirtualTimeScheduler } from 'rxjs';
import { createClient, type Client, type ClientConfig, type FetchLike } from '../../src/index.js';

/** Recognisable credentials, easy to spot in any text. */
export const API_KEY = 'mx0vglAPIKEYxTESTx0123456789abcd';
export const SECRET_KEY = 'S3CRETxKEYxTESTx9f8e7d6c5b4a3928';
/** A fund password as 32 hex digits (lowercase, as it is sent). */
export const FUND_PASSWORD = 'fa11edc0ffee0123456789abcdef4242';
/** The client's clock. */
export const NOW = 1_700_000_000_000;

/** A client talking to `fetch`, with the test credentials and clock; `overrides` win. */
export function makeClient(fetch: FetchLike, overrides: ClientConfig = {}): Client {
  return createClient({ apiKey: API_KEY, secretKey: SECRET_KEY, clock: () => NOW, fetch, ...overrides });
}

/** What a finished Observable did. */
export type Outcome =
  | { readonly kind: 'value'; readonly values: readonly unknown[] }
  | { readonly kind: 'error'; readonly error: unknown; readonly values: readonly unknown[] };

/** Subscribes and waits for completion or error, keeping every emitted value. */
export function outcomeOf(source: Observable<unknown>): Promise<Outcome> {
  return new Promise((resolve) => {
    const values: unknown[] = [];
    source.subscribe({
      next: (v) => values.push(v),
      error: (error: unknown) => resolve({ kind: 'error', error, values }),
      complete: () => resolve({ kind: 'value', values }),
    });
  });
}

/** The single value an Observable emits before completing; fails the test otherwise. */
export async function resultOf<T>(source: Observable<T>): Promise<T> {
  const outcome = await outcomeOf(source);
  if (outcome.kind === 'error') throw new Error(`expected a value, got an error: ${String(outcome.error)}`);
  if (outcome.values.length !== 1) throw new Error(`expected exactly one value, got ${outcome.values.length}`);
  return outcome.values[0] as T;
}

/** The error an Observable fails with, having emitted nothing; fails the test otherwise. */
export async function errorOf(source: Observable<unknown>): Promise<unknown> {
  const outcome = await outcomeOf(source);
  if (outcome.kind !== 'error') throw new Error('expected an error, the Observable completed');
  if (outcome.values.length !== 0) throw new Error('expected no value before the error');
  return outcome.error;
}

/** Lowercase hex HMAC-SHA256, computed by node:crypto (independent of the library's Web Crypto signer). */
export function hmac(text: string, secret: string = SECRET_KEY): string {
  return createHmac('sha256', secret).update(text).digest('hex');
}

/** Splits a raw query into `[name, value]` pairs, percent-decoded, in order. */
export function queryPairs(rawQuery: string): [string, string][] {
  if (rawQuery === '') return [];
  return rawQuery.split('&').map((part) => {
    const at = part.indexOf('=');
    const name = at < 0 ? part : part.slice(0, at);
    const value = at < 0 ? '' : part.slice(at + 1);
    return [decodeURIComponent(name), decodeURIComponent(value)];
  });
}

/** The raw query without its final `&signature=...`, and the signature; throws if it is not last. */
export function splitSignature(rawQuery: string): { readonly unsigned: string; readonly signature: string } {
  const match = /^(.*?)&?signature=([^&]*)$/.exec(rawQuery);
  if (!match) throw new Error(`signature is not the last query parameter: ${rawQuery}`);
  return { unsigned: match[1] ?? '', signature: match[2] ?? '' };
}

/** Waits (a macrotask at a time) until `condition` holds; fails after `ms` milliseconds. */
export async function until(condition: () => boolean, ms = 2000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not reached');
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

/**
 * Lets run what is already queued: promise callbacks, and the callbacks they queue in turn, a few
 * event-loop turns deep (no real time waited). With every timer of the code under test on a
 * VirtualTimeScheduler, flushed, nothing else is left that could happen later.
 */
export async function drain(turns = 5): Promise<void> {
  for (let i = 0; i < turns; i++) await new Promise<void>((resolve) => setImmediate(resolve));
}

/**
 * Runs `scheduler`'s timers up to virtual time `frame` (those due later stay queued), then the
 * callbacks they queued. No real time is waited.
 */
export async function advanceTo(scheduler: VirtualTimeScheduler, frame: number): Promise<void> {
  scheduler.maxFrames = frame;
  scheduler.flush();
  await drain();
}

/**
 * Runs everything left: queued callbacks, then every timer on `scheduler` (virtual time, to its
 * end), then the callbacks those queued. What has not happened by then never will.
 */
export async function runOut(scheduler: VirtualTimeScheduler): Promise<void> {
  await drain();
  scheduler.flush();
  await drain();
}

/**
 * Runs `source` with its waits on a VirtualTimeScheduler: whenever the call is waiting on the
 * scheduler (a retry delay), virtual time jumps ahead. Returns the outcome.
 */
export async function runVirtual(source: Observable<unknown>, scheduler: VirtualTimeScheduler): Promise<Outcome> {
  let done = false;
  const finished = outcomeOf(source).then((outcome) => {
    done = true;
    return outcome;
  });
  while (!done) {
    await until(() => done || scheduler.actions.length > 0);
    scheduler.flush();
  }
  return finished;
}
