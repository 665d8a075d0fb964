/**
 * Decimals in REST responses (docs/concepts.md, "Decimal text"): a quantity is non-negative
 * decimal text, a balance the service reports signed decimal text (it has sent negative ones); a
 * JSON number where one is expected is read exactly from the body's text (never through a float),
 * and anything else is a DecodeError naming the path.
 */
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { DecodeError } from '../../src/index.js';
import { compareDecimal } from '../../src/decimal/index.js';
import { fakeFetch, text } from '../support/fake-fetch.js';
import { errorOf, makeClient, resultOf } from '../support/harness.js';
import { operationCase } from '../support/operations.js';

/** Runs `id` against a service answering `body` (raw JSON text, numbers as written). */
function answer(id: 'M6' | 'M7' | 'M8', body: string) {
  return operationCase(id).run(makeClient(fakeFetch(text(body, 200)).fetch));
}

/** Non-negative decimal text, as docs/concepts.md words it (no exponent, sign or leading zero). */
const PLAIN_NON_NEGATIVE = /^(?:0|[1-9]\d*)(?:\.\d+)?$/;

/** M8's body with `free` and `locked` as raw JSON text. */
const balances = (free: string, locked = '"0"'): string => `{"balances":[{"asset":"BTC","free":${free},"locked":${locked}}]}`;

describe('a JSON number where a decimal is expected', () => {
  it('keeps every digit: 0.30000000000000000001 is not 0.3, and a long integer is not rounded', async () => {
    await expect(resultOf(answer('M8', balances('0.30000000000000000001', '12345678901234567891')))).resolves.toEqual([
      { asset: 'BTC', free: '0.30000000000000000001', locked: '12345678901234567891' },
    ]);
  });

  it('gives the plain text of its exact value: no exponent is ever invented', async () => {
    await expect(resultOf(answer('M8', balances('1e-8', '1.5E+3')))).resolves.toEqual([{ asset: 'BTC', free: '0.00000001', locked: '1500' }]);
    await expect(resultOf(answer('M8', balances('0.1', '2.50')))).resolves.toEqual([{ asset: 'BTC', free: '0.1', locked: '2.5' }]);
  });

  it('keeps a bare tranId too large for a double exactly', async () => {
    await expect(resultOf(answer('M6', '{"tranId":12345678901234567891}'))).resolves.toEqual({ tranId: '12345678901234567891' });
  });

  it('is refused, naming the path, when its exponent is absurd, or when it is negative where the value may not be', async () => {
    const absurd = await errorOf(answer('M8', balances('1e9999999')));
    expect(absurd).toBeInstanceOf(DecodeError);
    expect((absurd as DecodeError).paths).toEqual(['balances.0.free: expected SignedDecimal']);
    const transfers = '{"rows":[{"tranId":"1","fromAccountType":"SPOT","toAccountType":"FUTURE","asset":"USDT","amount":-0.5,"status":"SUCCESS","timestamp":1544433325000}]}';
    const negative = await errorOf(answer('M7', transfers));
    expect(negative).toBeInstanceOf(DecodeError);
    expect((negative as DecodeError).paths).toContain('rows.0.amount: expected NonNegativeDecimal');
  });

  it('is taken as sent when negative where it is a balance the service reports (it has sent negative frozen amounts)', async () => {
    await expect(resultOf(answer('M8', balances('-0.5', '-30.260235258')))).resolves.toEqual([{ asset: 'BTC', free: '-0.5', locked: '-30.260235258' }]);
  });

  it('decodes to text of exactly its value, for any digits and any exponent', async () => {
    const number = fc.record({
      digits: fc.bigInt({ min: 0n, max: 10n ** 40n }),
      scale: fc.integer({ min: 0, max: 30 }),
      magnitude: fc.integer({ min: 0, max: 30 }),
      trailingZeros: fc.integer({ min: 0, max: 3 }),
      mark: fc.constantFrom('e', 'E', 'e+', 'E+', 'e-', 'E-', ''),
    });
    await fc.assert(
      fc.asyncProperty(number, async ({ digits, scale, magnitude, trailingZeros, mark }) => {
        const padded = digits.toString().padStart(scale + 1, '0');
        const plain = scale === 0 ? padded : `${padded.slice(0, -scale)}.${padded.slice(-scale)}`;
        const written = `${plain}${scale > 0 ? '0'.repeat(trailingZeros) : ''}`;
        const power = mark === '' ? 0 : mark.endsWith('-') ? -magnitude : magnitude;
        const json = mark === '' ? written : `${written}${mark}${magnitude}`;
        const expected = shift(plain, power);
        const [decoded] = (await resultOf(answer('M8', balances(json)))) as readonly { readonly free: string }[];
        expect(decoded?.free).toMatch(PLAIN_NON_NEGATIVE);
        expect(compareDecimal(decoded?.free ?? '', expected)).toBe(0);
      }),
      { numRuns: 300, seed: 6 },
    );
  });
});

describe('decimal text in a response', () => {
  it('is taken as sent when negative where it is a balance (not only in the stream): the service has reported negative ones', async () => {
    await expect(resultOf(answer('M8', balances('"-5"')))).resolves.toEqual([{ asset: 'BTC', free: '-5', locked: '0' }]);
  });

  it('is refused unless it is in the shared vocabulary (no exponent, plus sign, bare point, leading zero, blank)', async () => {
    for (const bad of ['1e-8', '+1', '.5', '5.', '007', '', ' 1', '1 ', '0x10', 'NaN', '-', '--5']) {
      const error = await errorOf(answer('M8', balances(JSON.stringify(bad))));
      expect([bad, error instanceof DecodeError ? error.paths : error]).toEqual([bad, ['balances.0.free: expected SignedDecimal']]);
    }
  });
});

/** `plain` (digits with an optional point) times 10^`power`, as plain decimal text, worked out on the digits. */
function shift(plain: string, power: number): string {
  const point = plain.indexOf('.');
  const digits = plain.replace('.', '');
  const pointAt = (point < 0 ? plain.length : point) + power;
  const padded = pointAt <= 0 ? `${'0'.repeat(1 - pointAt)}${digits}` : digits.padEnd(pointAt, '0');
  const at = pointAt <= 0 ? 1 : pointAt;
  const whole = padded.slice(0, at).replace(/^0+(?=\d)/, '');
  const fraction = padded.slice(at);
  return fraction === '' ? whole : `${whole}.${fraction}`;
}
