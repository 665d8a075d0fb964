/**
 * The building block of parameter checks: an io-ts codec per parameter kind whose `name` states the
 * rule in words (it becomes the `rule` of a {@link ValidationIssue}) and whose `encode` gives the
 * text sent on the wire.
 *
 * @module
 */
import * as t from 'io-ts';

/**
 * A parameter codec: checks a caller's value, and encodes it as the wire text. `fromWire` reads
 * wire text back into a candidate value (for the simulator and the command line), which `is` then
 * checks.
 */
export interface FieldCodec<A> extends t.Type<A, string, unknown> {
  /** Reads wire text (`"200"`, `"a,b"`, `"true"`) into the value it encodes, unchecked. */
  readonly fromWire: (text: string) => unknown;
}

/**
 * Makes a {@link FieldCodec} from a guard, a wire encoder and a wire reader.
 *
 * @param rule - the rule in words, shown in validation errors and the generated docs
 */
export function fieldCodec<A>(
  rule: string,
  is: (u: unknown) => u is A,
  toWire: (a: A) => string,
  fromWire: (text: string) => unknown = (text) => text,
): FieldCodec<A> {
  const codec = new t.Type<A, string, unknown>(rule, is, (u, c) => (is(u) ? t.success(u) : t.failure(u, c)), toWire);
  return Object.assign(codec, { fromWire });
}

/** Reads an integer's wire text; anything else stays text (and fails the check). */
export const integerFromWire = (text: string): unknown => (/^-?\d{1,16}$/.test(text) ? Number(text) : text);

/** Reads a comma-joined list's wire text. */
export const listFromWire = (text: string): unknown => text.split(',');

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
