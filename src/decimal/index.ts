/**
 * mexc-rx/decimal: exact arithmetic and checks on decimal text, the form in which the library hands
 * out every quantity, price and balance (never a float). Compare balances with `compareDecimal`,
 * add them with `addDecimal`; `isDecimal` and `isNonNegativeDecimal` check text against the rule
 * the library reads the service with (docs/concepts.md, "Decimal text"). Text only: anything else
 * (a number, an array, `null`) is not decimal text, so the checks say false and the arithmetic
 * throws a `RangeError`.
 *
 * @module
 */
export { addDecimal, compareDecimal, subtractDecimal, sumDecimals } from './arithmetic.js';
export { isDecimal, isNonNegativeDecimal } from './text.js';
