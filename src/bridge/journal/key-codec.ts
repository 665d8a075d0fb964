/**
 * Journal keys as key-value keys. A NATS key-value key takes letters, digits and `-/_=.` only (and
 * the dots split subjects), while an idempotency key is any text: every character but a letter, a
 * digit, `-` or `_` is written as `=` and the two hex digits of each of its UTF-8 bytes. The `=` is
 * itself encoded, so the encoding is reversible, and a key of only letters, digits, `-` and `_`
 * (`payout-2026-12-06-client0042`) is its own encoding, readable with `nats kv get`.
 *
 * @module
 */

const KEPT = /^[A-Za-z0-9_-]$/;
const ENCODED = /^(?:[A-Za-z0-9_-]|=[0-9A-F]{2})+$/;

/**
 * The key-value key of the journal key `key` (not empty).
 *
 * @example
 * ```ts
 * encodeJournalKey('payout-0042'); // 'payout-0042'
 * encodeJournalKey('payout 2026/12 ü'); // 'payout=202026=2F12=20=C3=BC'
 * ```
 */
export function encodeJournalKey(key: string): string {
  let out = '';
  for (const char of key) {
    if (KEPT.test(char)) out += char;
    else for (const byte of new TextEncoder().encode(char)) out += `=${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/**
 * The journal key a key-value key encodes, or `undefined` when it is no encoding of one (a key
 * some other writer put in the bucket).
 *
 * @example
 * ```ts
 * decodeJournalKey('payout=202026'); // 'payout 2026'
 * decodeJournalKey('a.b'); // undefined
 * ```
 */
export function decodeJournalKey(encoded: string): string | undefined {
  if (!ENCODED.test(encoded)) return undefined;
  const bytes: number[] = [];
  for (let i = 0; i < encoded.length; i++) {
    if (encoded[i] === '=') {
      bytes.push(Number.parseInt(encoded.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(encoded.charCodeAt(i));
    }
  }
  try {
    const key = new TextDecoder('utf-8', { fatal: true }).decode(new Uint8Array(bytes));
    return encodeJournalKey(key) === encoded ? key : undefined;
  } catch {
    return undefined;
  }
}
