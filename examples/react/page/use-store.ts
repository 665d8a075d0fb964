/**
 * React's side of a store: `useSyncExternalStore` takes its functions as they are.
 */
import { useSyncExternalStore } from 'react';
import type { SourceStatus, Store } from '../../../src/index.js';

/**
 * The store's current value; the component redraws when it changes.
 *
 * @example
 * ```tsx
 * const snapshot = useStore(balances);
 * ```
 */
export function useStore<T>(store: Store<T>): T {
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getServerSnapshot);
}

/**
 * Whether the store's source is open, ended or failed, and its error when it failed.
 *
 * @example
 * ```tsx
 * const { status, error } = useStoreStatus(balances);
 * ```
 */
export function useStoreStatus<T>(store: Store<T>): { readonly status: SourceStatus; readonly error: unknown } {
  const status = useSyncExternalStore(store.subscribe, store.getStatus, store.getStatus);
  return { status, error: store.getError() };
}
