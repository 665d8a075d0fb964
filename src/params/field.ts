/**
 * The building block of parameter checks: an io-ts codec per parameter kind whose `name` states the
 * rule in words (it becomes the `rule` of a {@link ValidationIssue}) and whose `encode` gives the
 * text sent on the wire.
 *
 * @module
 */
import * as t from 'io-ts';

/** A parameter codec: checks a caller's value, and encodes it as the wire text. */
export type FieldCodec<A> = t.Type<A, string, unknown>;

/**
 * Makes a {@link FieldCodec} from a guard and a wire encoder.
 *
 * @param rule - the rule in words, shown in validation errors and the generated docs
 */
export function fieldCodec<A>(rule: string, is: (u: unknown) => u is A, toWire: (a: A) => string): FieldCodec<A> {
  return new t.Type<A, string, unknown>(rule, is, (u, c) => (is(u) ? t.success(u) : t.failure(u, c)), toWire);
}

/** How one parameter of an operation is checked and documented. */
export interface ParamField<A> {
  /** The check and wire encoding. */
  readonly codec: FieldCodec<A>;
  /** Whether the caller must supply it. */
  readonly required: boolean;
  /** Value sent when the caller leaves it out (only for parameters the service requires). */
  readonly default?: A;
  /** A secret (fund password): never echoed in errors, logs or diagnostics. */
  readonly secret?: boolean;
  /** One line for the generated reference. */
  readonly doc: string;
}

/**
 * The parameter table of an operation, typed against its params interface `P`: every key of `P`
 * has a field, and `required` matches whether the key is optional in `P`.
 */
export type ParamSpecs<P> = {
  readonly [K in keyof P]-?: ParamField<Exclude<P[K], undefined>> & {
    readonly required: object extends Pick<P, K> ? false : true;
  };
};

/** A required parameter. */
export function required<A>(codec: FieldCodec<A>, doc: string, opts: { secret?: boolean } = {}): ParamField<A> & { readonly required: true } {
  return { codec, doc, required: true, ...opts };
}

/** An optional parameter; with `default`, the value sent when the caller leaves it out. */
export function optional<A>(
  codec: FieldCodec<A>,
  doc: string,
  opts: { secret?: boolean; default?: A } = {},
): ParamField<A> & { readonly required: false } {
  return { codec, doc, required: false, ...opts };
}
