/**
 * Strict io-ts building blocks, for data the library wrote itself (the bridge's payloads, the
 * lifecycle events of a recording, the state operators' snapshots as JSON): anything else is a sign of a foreign or corrupted message,
 * so nothing is read leniently here (the service's own spellings are read by `primitives.ts`).
 *
 * @module
 */
import * as t from 'io-ts';

/** Epoch ms (or a virtual time): a whole number, 0 or more. */
export const Millis = new t.Type<number, number, unknown>(
  'Millis',
  (u): u is number => typeof u === 'number' && Number.isSafeInteger(u) && u >= 0,
  (u, c) => (typeof u === 'number' && Number.isSafeInteger(u) && u >= 0 ? t.success(u) : t.failure(u, c)),
  (n) => n,
);

/** A duration in ms: finite, 0 or more (backoff delays carry jitter, so not always whole). */
export const Duration = new t.Type<number, number, unknown>(
  'Duration',
  (u): u is number => typeof u === 'number' && Number.isFinite(u) && u >= 0,
  (u, c) => (typeof u === 'number' && Number.isFinite(u) && u >= 0 ? t.success(u) : t.failure(u, c)),
  (n) => n,
);

/** A whole number, 1 or more (connection and attempt numbers). */
export const Ordinal = new t.Type<number, number, unknown>(
  'Ordinal',
  (u): u is number => typeof u === 'number' && Number.isSafeInteger(u) && u >= 1,
  (u, c) => (typeof u === 'number' && Number.isSafeInteger(u) && u >= 1 ? t.success(u) : t.failure(u, c)),
  (n) => n,
);

/** A non-empty string. */
export const Text = new t.Type<string, string, unknown>(
  'NonEmptyText',
  (u): u is string => typeof u === 'string' && u.length > 0,
  (u, c) => (typeof u === 'string' && u.length > 0 ? t.success(u) : t.failure(u, c)),
  (s) => s,
);

/**
 * `T` or absent (`undefined`); JSON drops absent fields, and `null` is read as absent too.
 *
 * @example
 * ```ts
 * const codec = t.type({ createTime: optional(Millis) });
 * codec.decode({}); // right({})
 * ```
 */
export function optional<C extends t.Mixed>(codec: C): t.Type<t.TypeOf<C> | undefined, t.OutputOf<C> | undefined, unknown> {
  return new t.Type<t.TypeOf<C> | undefined, t.OutputOf<C> | undefined, unknown>(
    `${codec.name} | undefined`,
    (u): u is t.TypeOf<C> | undefined => u === undefined || codec.is(u),
    (u, c) => (u === undefined || u === null ? t.success(undefined) : codec.validate(u, c)),
    (v) => (v === undefined ? undefined : (codec.encode(v) as t.OutputOf<C>)),
  );
}

/**
 * A decoder as a codec the io-ts combinators take (`t.type`, `t.readonlyArray`, {@link optional}):
 * it decodes as the decoder does and encodes a value as it is; `name` is what errors say it expected.
 *
 * @example
 * ```ts
 * const Fills = t.readonlyArray(codecOf(DealEventCodec, 'DealEvent'));
 * ```
 */
export function codecOf<A>(decoder: t.Decoder<unknown, A>, name = decoder.name): t.Type<A, A, unknown> {
  return new t.Type<A, A, unknown>(name, (u): u is A => decoder.decode(u)._tag === 'Right', (u, c) => decoder.validate(u, c), (a) => a);
}

/** Why {@link thenCheck} refuses a value: the field at fault and what it should have been. */
export interface CheckFailure {
  readonly path: string;
  readonly expected: string;
}

/**
 * A decoder that decodes with `decoder`, then checks or transforms the result: `check` returns
 * the final value, or which field is wrong and what it should be.
 *
 * @example
 * ```ts
 * const Even = thenCheck(t.number, 'Even', (n) => (n % 2 === 0 ? { value: n } : { path: '', expected: 'an even number' }));
 * ```
 */
export function thenCheck<A, B>(decoder: t.Decoder<unknown, A>, name: string, check: (value: A) => { readonly value: B } | CheckFailure): t.Decoder<unknown, B> {
  return new t.Type<B, unknown, unknown>(
    name,
    (_u): _u is B => false,
    (u, c) => {
      const decoded = decoder.validate(u, c);
      if (decoded._tag === 'Left') return decoded;
      const checked = check(decoded.right);
      if ('value' in checked) return t.success(checked.value);
      const expected = new t.Type<never, never, unknown>(checked.expected, (_x): _x is never => false, (x, cx) => t.failure(x, cx), (x) => x);
      return t.failure(u, [...c, { key: checked.path, type: expected, actual: undefined }]);
    },
    (b) => b,
  );
}
