/**
 * Reads a `Retry-After` header as RFC 9110 (section 10.2.3) defines it: a whole number of seconds
 * (digits only), or an HTTP-date: the IMF-fixdate every sender uses, or one of the two obsolete
 * forms every recipient must still accept (RFC 850 and asctime). Anything else is not a
 * `Retry-After` at all: `-5`, `+5`, `1.5`, `1,5`, `soon 3` count as absent (then the library waits
 * its own default, `default-waits.ts`), never as "retry now", which is what a lenient date parser
 * such as `Date.parse` would make of some of them.
 *
 * @module
 */

const DAY_NAMES = '(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)';
const LONG_DAY_NAMES = '(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)';
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const MONTH = `(${MONTHS.join('|')})`;
const TIME = '(\\d{2}):(\\d{2}):(\\d{2})';

/** `Sun, 06 Nov 1994 08:49:37 GMT` */
const IMF_FIXDATE = new RegExp(`^${DAY_NAMES}, (\\d{2}) ${MONTH} (\\d{4}) ${TIME} GMT$`);
/** `Sunday, 06-Nov-94 08:49:37 GMT` (obsolete) */
const RFC850_DATE = new RegExp(`^${LONG_DAY_NAMES}, (\\d{2})-${MONTH}-(\\d{2}) ${TIME} GMT$`);
/** `Sun Nov  6 08:49:37 1994` (obsolete, ANSI C's asctime) */
const ASCTIME_DATE = new RegExp(`^${DAY_NAMES} ${MONTH} (\\d{2}| \\d) ${TIME} (\\d{4})$`);

/** The parts of a date as read, before they are checked. */
interface DateParts {
  readonly day: string;
  readonly month: string;
  readonly year: number;
  readonly hour: string;
  readonly minute: string;
  readonly second: string;
}

/**
 * A two-digit year of an RFC 850 date: in this century, unless that puts it more than 50 years
 * ahead of `now`; then the most recent past year with the same last two digits (RFC 9110).
 */
function fullYear(twoDigits: string, now: number): number {
  const thisYear = new Date(now).getUTCFullYear();
  const year = thisYear - (thisYear % 100) + Number(twoDigits);
  return year > thisYear + 50 ? year - 100 : year;
}

/** The instant the parts name (epoch ms), or `undefined` when they name no real date and time. */
function instantOf(parts: DateParts): number | undefined {
  const day = Number(parts.day);
  const month = MONTHS.indexOf(parts.month);
  const [hour, minute, second] = [Number(parts.hour), Number(parts.minute), Number(parts.second)];
  // 60 is a leap second; Date.UTC rolls it into the next minute.
  if (hour > 23 || minute > 59 || second > 60) return undefined;
  const at = Date.UTC(parts.year, month, day, hour, minute, second);
  const date = new Date(Date.UTC(parts.year, month, day));
  // Date.UTC maps years 0-99 to 1900-1999; the forms read here always carry 4 digits by now.
  if (date.getUTCFullYear() !== parts.year || date.getUTCMonth() !== month || date.getUTCDate() !== day) return undefined;
  return at;
}

/** An HTTP-date in any of its three forms, as epoch ms, or `undefined` when it is not one. */
function httpDate(text: string, now: number): number | undefined {
  const fix = IMF_FIXDATE.exec(text);
  if (fix) return instantOf({ day: fix[1] ?? '', month: fix[2] ?? '', year: Number(fix[3]), hour: fix[4] ?? '', minute: fix[5] ?? '', second: fix[6] ?? '' });
  const rfc850 = RFC850_DATE.exec(text);
  if (rfc850) {
    const year = fullYear(rfc850[3] ?? '', now);
    return instantOf({ day: rfc850[1] ?? '', month: rfc850[2] ?? '', year, hour: rfc850[4] ?? '', minute: rfc850[5] ?? '', second: rfc850[6] ?? '' });
  }
  const asc = ASCTIME_DATE.exec(text);
  if (asc) return instantOf({ day: (asc[2] ?? '').trim(), month: asc[1] ?? '', year: Number(asc[6]), hour: asc[3] ?? '', minute: asc[4] ?? '', second: asc[5] ?? '' });
  return undefined;
}

/**
 * Milliseconds to wait according to a `Retry-After` value, or `undefined` when it is absent or not
 * a valid value (then the caller waits its own default). A date in the past means 0; a number of
 * seconds too long for a double comes back as `Infinity` (the caller bounds it).
 *
 * @example
 * ```ts
 * parseRetryAfter('2', Date.now()); // 2000
 * parseRetryAfter('Sun, 06 Nov 1994 08:49:37 GMT', Date.UTC(1994, 10, 6, 8, 49, 0)); // 37000
 * parseRetryAfter('-5', Date.now()); // undefined
 * ```
 */
export function parseRetryAfter(value: string | null, now: number): number | undefined {
  if (value === null) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = httpDate(text, now);
  return at === undefined ? undefined : Math.max(0, at - now);
}
