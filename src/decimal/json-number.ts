/**
 * JSON number text, read exactly: its value as plain decimal text (the exponent worked out on the
 * digits, not through a float), and whether a double keeps that value.
 *
 * @module
 */

const JSON_NUMBER = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/;

/** Largest exponent worked out; beyond it the text would be absurdly long, and is refused. */
const MAX_EXPONENT = 1000;

/** A JSON number as sign, significant digits (no leading or trailing zeros) and the power of ten of the last digit. */
interface Significand {
  readonly negative: boolean;
  readonly digits: string;
  readonly exponent: number;
}

function significand(text: string): Significand | undefined {
  const match = JSON_NUMBER.exec(text);
  if (match === null) return undefined;
  const [, sign = '', whole = '', fraction = '', power = '0'] = match;
  if (power.replace(/^[+-]?0*/, '').length > 6) return undefined;
  const all = `${whole}${fraction}`;
  const trimmed = all.replace(/^0+/, '');
  const digits = trimmed.replace(/0+$/, '');
  const exponent = Number(power) - fraction.length + (trimmed.length - digits.length);
  return digits === '' ? { negative: false, digits: '', exponent: 0 } : { negative: sign === '-', digits, exponent };
}

/**
 * The exact value of a JSON number's text as plain decimal text (shortest form: no exponent, no
 * trailing zeros), or `undefined` when the text is not a JSON number or its exponent is beyond
 * ±1000.
 *
 * @example
 * ```ts
 * plainDecimalOf('1e-8'); // '0.00000001'
 * plainDecimalOf('1.50E+2'); // '150'
 * plainDecimalOf('0.30000000000000000001'); // '0.30000000000000000001'
 * plainDecimalOf('-0'); // '0'
 * ```
 */
export function plainDecimalOf(text: string): string | undefined {
  const value = significand(text);
  if (value === undefined || Math.abs(value.exponent) > MAX_EXPONENT) return undefined;
  if (value.digits === '') return '0';
  const { digits, exponent } = value;
  const sign = value.negative ? '-' : '';
  if (exponent >= 0) return `${sign}${digits}${'0'.repeat(exponent)}`;
  const padded = digits.padStart(-exponent + 1, '0');
  const point = padded.length + exponent;
  return `${sign}${padded.slice(0, point)}.${padded.slice(point)}`;
}

/**
 * Tells whether a JSON number keeps its exact value through a double: whether JavaScript's own
 * text for `Number(text)` has the same value as `text`. `0.1` does (it prints as `0.1`);
 * `0.30000000000000000001` does not (it prints as `0.3`), nor does `12345678901234567891`.
 *
 * @example
 * ```ts
 * keepsValueAsDouble('1e-8'); // true
 * keepsValueAsDouble('0.30000000000000000001'); // false
 * ```
 */
export function keepsValueAsDouble(text: string): boolean {
  const source = significand(text);
  const printed = significand(String(Number(text)));
  return (
    source !== undefined &&
    printed !== undefined &&
    source.digits === printed.digits &&
    source.exponent === printed.exponent &&
    source.negative === printed.negative
  );
}
