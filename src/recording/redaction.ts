/**
 * What keeps secrets out of a recording: the secrets the writer was given (the api key, the
 * secret key) replaced by `[redacted]` wherever they show, every `signature=` value and URL
 * userinfo too (the library's {@link redactor}); every listen key the writer has seen masked to
 * its fingerprint (`abcd…wxyz`, as the stream's lifecycle events show it), and any `listenKey=`
 * value; and, in REST parameters and replies, the value of every field named like a credential
 * (`apiKey`, `secretKey`, `signature`, `password`, ...) replaced whatever it holds.
 *
 * @module
 */
import { REDACTED, redactor, type Redactor } from '../redact.js';
import { maskListenKey } from '../stream/lifecycle.js';

/** Fields whose value is a credential, whatever it looks like. */
const CREDENTIAL_FIELD = /^(?:api_?key|secret(?:_?key)?|signature|(?:fund_?)?password|passphrase)$/i;
/** Fields holding a listen key, or a list of them. */
const LISTEN_KEY_FIELD = /^listen_?keys?$/i;
/** A `listenKey=` query value in a text. */
const LISTEN_KEY_QUERY = /(listenKey=)([^&\s"'#]+)/gi;
/** Deepest nesting copied; deeper values are written as a marker. */
const MAX_DEPTH = 32;

/** Where `secret` starts in `bytes` at or after `from`, or -1. */
function indexOfBytes(bytes: Uint8Array, secret: Uint8Array, from = 0): number {
  const first = secret[0];
  if (first === undefined) return -1;
  for (let at = bytes.indexOf(first, from); at !== -1 && at + secret.length <= bytes.length; at = bytes.indexOf(first, at + 1)) {
    let match = true;
    for (let i = 1; i < secret.length && match; i++) match = bytes[at + i] === secret[i];
    if (match) return at;
  }
  return -1;
}

/**
 * The redaction state of one recording: its fixed secrets and the listen keys seen so far.
 *
 * @example
 * ```ts
 * const redaction = new RecordingRedaction(['mx0vgl-api-key', 'the-secret']);
 * redaction.rememberListenKey(key);
 * redaction.text(`wss://host/ws?listenKey=${key}`); // 'wss://host/ws?listenKey=abcd…wxyz'
 * ```
 */
export class RecordingRedaction {
  private redact: Redactor;
  private secrets: readonly string[];
  private readonly listenKeys: string[] = [];
  private readonly encoder = new TextEncoder();
  /** The secrets and listen keys as UTF-8, to look for in binary frames. */
  private readonly patterns: Uint8Array[];

  constructor(secrets: readonly (string | undefined)[]) {
    this.secrets = secrets.filter((s): s is string => typeof s === 'string' && s.length >= 4);
    this.redact = redactor(this.secrets);
    this.patterns = this.secrets.map((secret) => this.encoder.encode(secret));
  }

  /** Replaces these secrets too, from now on (the keys of a client given the recorder after it was made). */
  addSecrets(more: readonly (string | undefined)[]): void {
    const added = more.filter((s): s is string => typeof s === 'string' && s.length >= 4 && !this.secrets.includes(s));
    if (added.length === 0) return;
    this.secrets = [...this.secrets, ...added];
    this.redact = redactor(this.secrets);
    this.patterns.push(...added.map((secret) => this.encoder.encode(secret)));
  }

  /** Masks `key` from now on wherever it shows (keys shorter than 8 characters are left alone: they would mangle text). */
  rememberListenKey(key: string): void {
    if (key.length < 8 || this.listenKeys.includes(key)) return;
    this.listenKeys.push(key);
    this.patterns.push(this.encoder.encode(key));
  }

  /** A text with every secret removed and every listen key masked. */
  text(text: string): string {
    let out = this.redact(text);
    for (const key of this.listenKeys) if (out.includes(key)) out = out.split(key).join(maskListenKey(key));
    return out.replace(LISTEN_KEY_QUERY, (_m, name: string, value: string) => `${name}${value.includes('…') ? value : maskListenKey(value)}`);
  }

  /**
   * A copy of the bytes with every secret and listen key (as UTF-8) overwritten with `*`, and
   * whether any was; the bytes themselves are left as they are.
   */
  bytes(bytes: Uint8Array): { readonly bytes: Uint8Array; readonly redacted: boolean } {
    let copy: Uint8Array | undefined;
    for (const encoded of this.patterns) {
      for (let at = indexOfBytes(copy ?? bytes, encoded); at !== -1; at = indexOfBytes(copy ?? bytes, encoded, at + encoded.length)) {
        copy ??= bytes.slice();
        copy.fill(0x2a, at, at + encoded.length);
      }
    }
    return copy === undefined ? { bytes, redacted: false } : { bytes: copy, redacted: true };
  }

  /** Learns the listen keys a REST value holds (`listenKey`, `listenKeys` fields), so they are masked everywhere after. */
  learn(value: unknown, depth = 0): void {
    if (depth > MAX_DEPTH || typeof value !== 'object' || value === null) return;
    for (const [name, field] of Object.entries(value)) {
      if (LISTEN_KEY_FIELD.test(name)) for (const key of [field].flat()) if (typeof key === 'string') this.rememberListenKey(key);
      this.learn(field, depth + 1);
    }
  }

  /**
   * A JSON-ready copy of a REST value: credential fields replaced, listen keys masked, texts
   * redacted; a bigint becomes its decimal text, a value with `toJSON` its JSON form, a cycle or
   * too deep a nesting a marker.
   */
  value(value: unknown, depth = 0, seen: Set<object> = new Set()): unknown {
    if (typeof value === 'string') return this.text(value);
    if (typeof value === 'bigint') return value.toString();
    if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
    if (typeof value !== 'object' || value === null) return typeof value === 'boolean' || value === null ? value : undefined;
    if (depth > MAX_DEPTH || seen.has(value)) return '[not recorded: nested too deep or circular]';
    const json = (value as { toJSON?: unknown }).toJSON;
    if (typeof json === 'function') return this.value((json as () => unknown).call(value), depth + 1, seen);
    seen.add(value);
    try {
      if (Array.isArray(value)) return value.map((item: unknown) => this.value(item, depth + 1, seen) ?? null);
      const out: Record<string, unknown> = {};
      for (const [name, field] of Object.entries(value)) {
        const safeName = this.text(name);
        if (CREDENTIAL_FIELD.test(name)) out[safeName] = REDACTED;
        else out[safeName] = this.value(field, depth + 1, seen);
      }
      return out;
    } finally {
      seen.delete(value);
    }
  }
}
