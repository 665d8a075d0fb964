/**
 * Subjects of the bridge: `<prefix>.<account>.<kind>`, e.g. `mexc.strategy01.order`. The account
 * id becomes one subject token by an escape that is reversible and keeps distinct ids distinct:
 * letters, digits and `-` stay as they are; every other byte of its UTF-8 form (`.`, `*`, `>`,
 * spaces, `_` itself, ...) becomes `_` and two hex digits; the empty id becomes `_`.
 *
 * @module
 */
import type { ScaleEvent } from '../scale/tagged-event.js';
import type { Rule } from '../settings/rules.js';

/** The default first token(s) of every subject. */
export const DEFAULT_SUBJECT_PREFIX = 'mexc';

/** The last token of a subject: the event's `type`. */
export type EventKind = ScaleEvent['type'];

const PLAIN = /^[A-Za-z0-9-]$/;
const TOKEN = /^(?:[A-Za-z0-9-]|_[0-9A-F]{2})+$/;
const PREFIX = /^[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*$/;
const KINDS: ReadonlySet<string> = new Set<EventKind>([
  'account',
  'deal',
  'order',
  'connected',
  'reconnecting',
  'gap',
  'rolled-over',
  'key-replaced',
  'diagnostic',
  'stopped',
]);

/**
 * The subject token of an account id.
 *
 * @example
 * ```ts
 * accountToken('strategy01'); // 'strategy01'
 * accountToken('desk.eu_1'); // 'desk_2Eeu_5F1'
 * ```
 */
export function accountToken(account: string): string {
  if (account === '') return '_';
  let token = '';
  for (const char of account) {
    if (PLAIN.test(char)) token += char;
    else for (const byte of new TextEncoder().encode(char)) token += `_${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return token;
}

/**
 * The account id of a subject token, or `undefined` when the token is not one {@link accountToken} makes.
 *
 * @example
 * ```ts
 * accountFromToken('desk_2Eeu_5F1'); // 'desk.eu_1'
 * accountFromToken('a.b'); // undefined
 * ```
 */
export function accountFromToken(token: string): string | undefined {
  if (token === '_') return '';
  if (!TOKEN.test(token)) return undefined;
  const bytes: number[] = [];
  for (let i = 0; i < token.length; i++) {
    if (token[i] === '_') {
      bytes.push(Number.parseInt(token.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(token.charCodeAt(i));
    }
  }
  try {
    const account = new TextDecoder('utf-8', { fatal: true }).decode(new Uint8Array(bytes));
    // Only the canonical escape: a token that escapes a plain character is not one we make.
    return accountToken(account) === token ? account : undefined;
  } catch {
    return undefined;
  }
}

/** A subject prefix: one or more tokens of letters, digits, `_` and `-`, joined by dots. */
export const SUBJECT_PREFIX: Rule<string> = {
  words: 'tokens of letters, digits, _ and -, joined by dots',
  accepts: (value): value is string => typeof value === 'string' && PREFIX.test(value),
};

/**
 * The subject an event of `account` is published on.
 *
 * @example
 * ```ts
 * eventSubject('mexc', 'strategy01', 'order'); // 'mexc.strategy01.order'
 * ```
 */
export function eventSubject(prefix: string, account: string, kind: EventKind): string {
  return `${prefix}.${accountToken(account)}.${kind}`;
}

/**
 * The subject filter of every event of one account (`<prefix>.<account>.>`).
 *
 * @example
 * ```ts
 * accountSubjects('mexc', 'strategy01'); // 'mexc.strategy01.>'
 * ```
 */
export function accountSubjects(prefix: string, account: string): string {
  return `${prefix}.${accountToken(account)}.>`;
}

/**
 * The account and kind of a bridge subject, or `undefined` when the subject is not one.
 *
 * @example
 * ```ts
 * parseEventSubject('mexc', 'mexc.desk_2Eeu.gap'); // { account: 'desk.eu', kind: 'gap' }
 * ```
 */
export function parseEventSubject(prefix: string, subject: string): { readonly account: string; readonly kind: EventKind } | undefined {
  if (!subject.startsWith(`${prefix}.`)) return undefined;
  const rest = subject.slice(prefix.length + 1).split('.');
  if (rest.length !== 2) return undefined;
  const [token = '', kind = ''] = rest;
  const account = accountFromToken(token);
  if (account === undefined || !KINDS.has(kind)) return undefined;
  return { account, kind: kind as EventKind };
}
