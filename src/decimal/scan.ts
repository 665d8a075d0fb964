/**
 * Decimal text read in place, without allocating: where its sign, whole part and fraction are, and
 * its value as a float-free small integer when it has few digits. The hot paths of the arithmetic
 * (`arithmetic.ts`: every order and balance event compares and adds decimals) use these and reach
 * for `bigint` only for values too long for a double to hold exactly.
 *
 * @module
 */

const ZERO = 48;
const NINE = 57;
const MINUS = 45;
const DOT = 46;

/**
 * Where the `.` of a decimal of the shared vocabulary is, times two, plus one when it is negative;
 * -1 when the text is not such a decimal (the same texts `isDecimal` accepts).
 *
 * @example
 * ```ts
 * scanDecimal('-1.5'); // 5: point at 2, negative
 * scanDecimal('1e3'); // -1
 * ```
 */
export function scanDecimal(text: string): number {
  const n = text.length;
  let i = 0;
  let negative = 0;
  if (n > 0 && text.charCodeAt(0) === MINUS) {
    negative = 1;
    i = 1;
  }
  if (i >= n) return -1;
  let c = text.charCodeAt(i);
  if (c === ZERO) i += 1;
  else if (c > ZERO && c <= NINE) {
    i += 1;
    while (i < n && (c = text.charCodeAt(i)) >= ZERO && c <= NINE) i += 1;
  } else return -1;
  const point = i;
  if (i < n) {
    if (text.charCodeAt(i) !== DOT || i + 1 >= n) return -1;
    for (i += 1; i < n; i++) {
      c = text.charCodeAt(i);
      if (c < ZERO || c > NINE) return -1;
    }
  }
  return point * 2 + negative;
}

/** Whether every digit of a scanned decimal is zero. */
function isZero(text: string, start: number): boolean {
  for (let i = start; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c !== ZERO && c !== DOT) return false;
  }
  return true;
}

/** Compares the magnitudes of two scanned decimals: whole parts by length then digits, then fractions digit by digit. */
function compareMagnitude(a: string, aStart: number, aPoint: number, b: string, bStart: number, bPoint: number): -1 | 0 | 1 {
  const aWhole = aPoint - aStart;
  const bWhole = bPoint - bStart;
  // No leading zeros (but a lone 0): a longer whole part is a larger number.
  if (aWhole !== bWhole) return aWhole < bWhole ? -1 : 1;
  for (let i = 0; i < aWhole; i++) {
    const d = a.charCodeAt(aStart + i) - b.charCodeAt(bStart + i);
    if (d !== 0) return d < 0 ? -1 : 1;
  }
  const aFraction = a.length - aPoint - 1;
  const bFraction = b.length - bPoint - 1;
  const longest = Math.max(aFraction, bFraction);
  for (let i = 1; i <= longest; i++) {
    const x = i <= aFraction ? a.charCodeAt(aPoint + i) : ZERO;
    const y = i <= bFraction ? b.charCodeAt(bPoint + i) : ZERO;
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}

/**
 * Compares two scanned decimals (`scanDecimal` results `sa`, `sb`, both valid) by value.
 *
 * @example
 * ```ts
 * compareScanned('10.5', scanDecimal('10.5'), '9.75', scanDecimal('9.75')); // 1
 * ```
 */
export function compareScanned(a: string, sa: number, b: string, sb: number): -1 | 0 | 1 {
  const aNegative = (sa & 1) === 1;
  const bNegative = (sb & 1) === 1;
  const aStart = aNegative ? 1 : 0;
  const bStart = bNegative ? 1 : 0;
  if (aNegative !== bNegative) {
    if (isZero(a, aStart) && isZero(b, bStart)) return 0;
    return aNegative ? -1 : 1;
  }
  const magnitude = compareMagnitude(a, aStart, sa >> 1, b, bStart, sb >> 1);
  return aNegative ? ((-magnitude || 0) as -1 | 0 | 1) : magnitude;
}

/**
 * The digits of a scanned decimal as an integer (sign included) when a double holds it exactly (a
 * safe integer: up to 9,007,199,254,740,991, leading zeros not counted), else `undefined`; its
 * scale is the number of fraction digits.
 *
 * @example
 * ```ts
 * smallUnits('-1.25', scanDecimal('-1.25')); // -125 (scale 2)
 * smallUnits('0.006016465074677006', scanDecimal('0.006016465074677006')); // 6016465074677006
 * ```
 */
export function smallUnits(text: string, scanned: number): number | undefined {
  const negative = (scanned & 1) === 1;
  let units = 0;
  for (let i = negative ? 1 : 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === DOT) continue;
    // Below 2^53 every step is exact; past it the value only grows, and is refused below.
    units = units * 10 + (c - ZERO);
    if (units > Number.MAX_SAFE_INTEGER) return undefined;
  }
  return negative ? -units : units;
}

/**
 * The number of fraction digits of a scanned decimal.
 *
 * @example
 * ```ts
 * scaleOf('1.250', scanDecimal('1.250')); // 3
 * ```
 */
export function scaleOf(text: string, scanned: number): number {
  const point = scanned >> 1;
  return point < text.length ? text.length - point - 1 : 0;
}
