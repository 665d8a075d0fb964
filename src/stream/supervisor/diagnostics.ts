/**
 * Diagnostic messages safe to show: secrets redacted, listen keys masked, length bounded.
 *
 * @module
 */
import type { Redactor } from '../../redact.js';
import { maskListenKey } from '../lifecycle.js';

/** Longest diagnostic message, characters (the text may quote the service, and a frame may be huge). */
const DIAGNOSTIC_MAX = 1000;

/** Listen keys a stream remembers to mask in its diagnostics (the current, pending and recent ones). */
const KEYS_REMEMBERED = 8;

/** The listen keys a stream has held, newest last, to mask in its diagnostics. */
export class KnownKeys {
  private readonly keys: string[] = [];

  /** Remembers `key` (forgetting the oldest beyond {@link KEYS_REMEMBERED}). */
  remember(key: string): void {
    if (key === '' || this.keys.includes(key)) return;
    this.keys.push(key);
    if (this.keys.length > KEYS_REMEMBERED) this.keys.shift();
  }

  /** The keys remembered. */
  list(): readonly string[] {
    return this.keys;
  }
}

/**
 * Makes a diagnostic message safe to show: secrets redacted, every listen key in `keys` and any
 * `listenKey=` query value masked ({@link maskListenKey}), and cut to {@link DIAGNOSTIC_MAX}.
 *
 * @example
 * ```ts
 * safeDiagnostic('PUT /api/v3/userDataStream?listenKey=pqia91ma19a5s61cv6a81va65sdf failed', (s) => s, []);
 * // 'PUT /api/v3/userDataStream?listenKey=pqia…5sdf failed'
 * ```
 */
export function safeDiagnostic(message: string, redact: Redactor, keys: Iterable<string>): string {
  let out = redact(message);
  for (const key of keys) if (key !== '') out = out.split(key).join(maskListenKey(key));
  out = out.replace(/(listenKey=)([^&\s"'#]+)/gi, (_match, name: string, value: string) => `${name}${value.includes('…') ? value : maskListenKey(value)}`);
  return out.length <= DIAGNOSTIC_MAX ? out : `${out.slice(0, DIAGNOSTIC_MAX)}…`;
}
