/**
 * Run-time codec of `stopped`, as the bridge carries it (the lifecycle events' codecs are the
 * stream's, `src/stream/lifecycle-codec.ts`). A `stopped` event's error travels as
 * `{ name, message }` (an Error does not survive JSON) and comes back as an `Error` with that
 * name and message.
 *
 * @module
 */
import * as t from 'io-ts';
import type { AccountStoppedEvent, AccountStopReason } from '../scale/tagged-event.js';
import { Millis, optional, thenCheck } from '../codecs/strict-primitives.js';

/** A `stopped` error on the wire. */
export interface WireError {
  readonly name: string;
  readonly message: string;
}

const WireErrorCodec = t.exact(t.type({ name: t.string, message: t.string }));

/** Every reason a `stopped` event may carry (keyed by the type, so a new reason must be listed to compile). */
const STOP_REASONS: Readonly<Record<AccountStopReason, null>> = { removed: null, replaced: null, failed: null, 'client-closed': null, closed: null };

/** A `stopped` event; its error becomes an `Error` again. */
export const StoppedCodec: t.Decoder<unknown, AccountStoppedEvent> = thenCheck(
  t.exact(
    t.type({
      type: t.literal('stopped'),
      reason: t.keyof(STOP_REASONS),
      error: optional(WireErrorCodec),
      at: Millis,
    }),
  ),
  'AccountStoppedEvent',
  (stopped) => ({
    value: { ...stopped, error: stopped.error === undefined ? undefined : Object.assign(new Error(stopped.error.message), { name: stopped.error.name }) },
  }),
);

/**
 * A `stopped` event's error as it travels: its name and message (nothing else: no stack, no cause).
 *
 * @example
 * ```ts
 * wireError(new StreamFatalError('refused', { cause })); // { name: 'StreamFatalError', message: 'refused' }
 * wireError(undefined); // undefined
 * ```
 */
export function wireError(error: unknown): WireError | undefined {
  if (error === undefined || error === null) return undefined;
  if (error instanceof Error) return { name: error.name, message: error.message };
  return { name: 'Error', message: String(error) };
}
