/**
 * Rules of the bridge's settings that NATS and JetStream set: names of streams and consumers,
 * subjects, and the timeouts handed to the NATS client's timers.
 *
 * @module
 */
import { duration, LONGEST_TIMER_MS, type Rule } from '../settings/rules.js';

const NAME = /^[^\s.*>/\\]+$/;
const SUBJECT = /^[^\s.]+(?:\.[^\s.]+)*$/;
const WORKER = /^[A-Za-z0-9_-]{1,64}$/;

/** A JetStream stream or consumer name: JetStream refuses spaces, `.`, `*`, `>` and path separators in one. */
export const NATS_NAME: Rule<string> = {
  words: 'a name without white space, dots, wildcards (* >) or slashes',
  accepts: (value): value is string => typeof value === 'string' && NAME.test(value),
};

/** A subject or a subject filter: tokens joined by dots (`*` and `>` are wildcards). */
export const NATS_SUBJECT: Rule<string> = {
  words: 'a subject: tokens joined by dots, without spaces',
  accepts: (value): value is string => typeof value === 'string' && SUBJECT.test(value),
};

/** A worker's name or a run id: they go into lifecycle ids and payloads. */
export const WORKER_NAME: Rule<string> = {
  words: '1 to 64 letters, digits, _ or -',
  accepts: (value): value is string => typeof value === 'string' && WORKER.test(value),
};

/** A timeout the NATS client puts on a timer: above 0, and no longer than a timer holds. */
export const NATS_TIMEOUT: Rule<number> = duration({ above: 0, max: LONGEST_TIMER_MS });
