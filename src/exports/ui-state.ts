/**
 * The UI state group of the root entry: `toStore` and `streamStatus`. For dashboards in React,
 * Svelte, Vue, Angular, or any code that wants a current value.
 * Re-exported by name from `src/index.ts` (docs/architecture.md, "The public surface").
 *
 * @module
 */
export { streamStatus, type StreamStatusOptions } from '../stream/status.js';
export type { RepairSignal, StreamStatus } from '../stream/vocabulary.js';
export { toStore } from '../store/to-store.js';
export type { SourceStatus, Store, StoreOptions, Unsubscribe } from '../store/types.js';
