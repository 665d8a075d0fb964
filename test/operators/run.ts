/**
 * Runs an operator over a list of events, synchronously, and collects what it emits.
 */
import { from, type OperatorFunction } from 'rxjs';
import type { UserDataEvent } from '../../src/stream/user-data-stream.js';

/** Every value `operator` emits when fed `events` in this order. */
export function emitted<T>(events: readonly UserDataEvent[], operator: OperatorFunction<UserDataEvent, T>): T[] {
  const out: T[] = [];
  let failure: { readonly error: unknown } | undefined;
  from(events).pipe(operator).subscribe({
    next: (value) => out.push(value),
    error: (error: unknown) => {
      failure = { error };
    },
  });
  if (failure) throw failure.error;
  return out;
}

/** The last value `operator` emits when fed `events`; fails when it emits nothing. */
export function lastEmitted<T>(events: readonly UserDataEvent[], operator: OperatorFunction<UserDataEvent, T>): T {
  const all = emitted(events, operator);
  const last = all[all.length - 1];
  if (last === undefined) throw new Error('the operator emitted nothing');
  return last;
}

/** A map's entries sorted by key, for comparisons that ignore iteration order. */
export function sortedEntries<V>(map: ReadonlyMap<string, V>): [string, V][] {
  return [...map.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}
