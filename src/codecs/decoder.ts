/**
 * Response decoding: an io-ts codec of the raw shape the service sends, then a pure normalization
 * to the clean result type. Failures print as one line per path, never with values.
 *
 * @module
 */
import type { Either, Left } from 'fp-ts/lib/Either.js';
import * as t from 'io-ts';

/** Decodes an untrusted response body into a normalized result. */
export interface ResponseDecoder<R> {
  /** Name of the raw shape, for error messages and docs. */
  readonly name: string;
  /** Validates and normalizes; a `Left` holds the io-ts errors. */
  decode(input: unknown): t.Validation<R>;
}

/**
 * Whether an io-ts validation failed (its `Left`). The library reads io-ts results with this
 * rather than fp-ts's `isLeft`: fp-ts's Node entry (`fp-ts/lib`) is CommonJS, which bundlers
 * cannot tree-shake, and would add all of fp-ts's Either module to a browser page
 * (docs/performance.md, "What the library adds to a page").
 *
 * @example
 * ```ts
 * const result = codec.decode(input);
 * if (isInvalid(result)) console.log(describeDecodeErrors(result.left));
 * else console.log(result.right);
 * ```
 */
export function isInvalid<E>(validation: Either<E, unknown>): validation is Left<E> {
  return validation._tag === 'Left';
}

/**
 * Makes a {@link ResponseDecoder} from a raw codec and a normalization.
 *
 * @example
 * ```ts
 * const decoder = normalized(t.type({ id: t.string }), (raw) => ({ withdrawalId: raw.id }));
 * decoder.decode({ id: 'w1' }); // right({ withdrawalId: 'w1' })
 * ```
 */
export function normalized<C extends t.Any, R>(raw: C, normalize: (value: t.TypeOf<C>) => R): ResponseDecoder<R> {
  return {
    name: raw.name,
    decode(input) {
      const result = raw.decode(input);
      return isInvalid(result) ? result : t.success(normalize(result.right as t.TypeOf<C>));
    },
  };
}

/**
 * Turns io-ts errors into lines `path: expected Type`, deduplicated, without the offending values
 * (a response may hold a secret key).
 */
export function describeDecodeErrors(errors: t.Errors): string[] {
  const lines = new Set<string>();
  for (const error of errors) {
    // io-ts reports union and intersection members by index; keep numeric array indices but drop
    // those branch markers (a key whose parent is a union or an intersection), so a path is the
    // path in the body.
    const keys = error.context
      .filter((entry, i) => entry.key !== '' && !isBranching(error.context[i - 1]?.type))
      .map((entry) => entry.key);
    const path = keys.length === 0 ? '(root)' : keys.join('.');
    const expected = error.context[error.context.length - 1]?.type.name ?? 'unknown';
    lines.add(`${path}: expected ${expected}`);
    if (lines.size >= 20) break;
  }
  return [...lines];
}

function isBranching(type: t.Decoder<unknown, unknown> | undefined): boolean {
  const tag = (type as { readonly _tag?: unknown } | undefined)?._tag;
  return tag === 'UnionType' || tag === 'IntersectionType';
}
