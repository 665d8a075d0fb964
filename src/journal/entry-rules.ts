/**
 * What a journal entry read back from a store must be: one rule for every journal that keeps its
 * entries as JSON (the file journal's lines, the JetStream journal's values). An entry that breaks
 * it is corrupt, never read as an intent not sent.
 *
 * @module
 */

const OPERATIONS = new Set(['M6', 'B13', 'B12']);
const STATES = new Set(['sending', 'settled', 'refused']);
const CONFIRMED = new Set(['response', 'history', 'operator']);

/** Whether `v` is text. */
export const isText = (v: unknown): v is string => typeof v === 'string';
/** Whether `v` is a whole number from 0. */
export const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;
/** Whether `v` is absent or passes `is`. */
export const optional = (v: unknown, is: (v: unknown) => boolean): boolean => v === undefined || is(v);

/**
 * What is wrong with a parsed entry, or `undefined` when it is a journal entry.
 *
 * @example
 * ```ts
 * entryProblem({ key: '', operation: 'M6' }); // 'no key'
 * ```
 */
export function entryProblem(e: Record<string, unknown>): string | undefined {
  if (!isText(e['key']) || e['key'] === '') return 'no key';
  if (!OPERATIONS.has(String(e['operation']))) return 'an unknown operation';
  const params = e['params'];
  if (typeof params !== 'object' || params === null || Array.isArray(params) || !Object.values(params).every(isText)) return 'parameters that are not text';
  if (!STATES.has(String(e['state']))) return 'an unknown state';
  if (!isCount(e['sends']) || !isCount(e['sentAt']) || !optional(e['recvWindow'], isCount)) return 'a bad send count or time';
  if (!optional(e['resultId'], isText) || !optional(e['refusal'], isText) || !optional(e['settledAt'], isCount)) return 'a bad result';
  if (!optional(e['confirmedBy'], (v) => CONFIRMED.has(String(v)))) return 'a bad confirmation';
  return undefined;
}
