/**
 * How `mexc-rx stream` prints an event, and `mexc-rx replay` the same: one JSON object per line
 * (NDJSON), the event's fields as the library names them.
 *
 * @module
 */
import type { Redactor } from '../redact.js';
import type { UserDataEvent } from '../stream/user-data-stream.js';

/**
 * One event as a line of output, its line break included.
 *
 * @example
 * ```ts
 * eventLine({ type: 'gap', from: 1, to: 2, reason: 'stalled' }); // '{"type":"gap","from":1,"to":2,"reason":"stalled"}\n'
 * ```
 */
export function eventLine(event: UserDataEvent, redact: Redactor = (text) => text): string {
  return `${redact(JSON.stringify(event))}\n`;
}
