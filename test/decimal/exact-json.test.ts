/**
 * Reading JSON numbers exactly: the exponent worked out on the digits, the cheap test that tells
 * whether a body needs the exact parse, and the parse itself (held to `lossless-json`'s reading).
 */
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { parse as parseLossless } from 'lossless-json';
import { decimalTextOf, JsonNumberText, parseJsonExactly } from '../../src/decimal/exact-json.js';
import { keepsValueAsDouble, plainDecimalOf } from '../../src/decimal/json-number.js';

describe('plainDecimalOf', () => {
  it('works the exponent out on the digits', () => {
    expect(plainDecimalOf('1e-8')).toBe('0.00000001');
    expect(plainDecimalOf('1.50E+2')).toBe('150');
    expect(plainDecimalOf('-12.5e-3')).toBe('-0.0125');
    expect(plainDecimalOf('0.30000000000000000001')).toBe('0.30000000000000000001');
    expect(plainDecimalOf('1.000')).toBe('1');
    expect(plainDecimalOf('-0')).toBe('0');
    expect(plainDecimalOf('0e999999')).toBe('0');
    expect(plainDecimalOf('1e1000')).toBe(`1${'0'.repeat(1000)}`);
  });

  it('refuses what is not a JSON number, and exponents beyond ±1000', () => {
    for (const text of ['', '+1', '.5', '5.', '1e', '0x10', 'Infinity', 'NaN', '1e1001', '1e-1001', '1e9999999999']) {
      expect([text, plainDecimalOf(text)]).toEqual([text, undefined]);
    }
  });
});

/**
 * Text that tries to pass for the parse's marker: NULs (which JSON writes as `\u0000`), backslashes,
 * the letters of the escape, digits and quotes, beside ordinary characters.
 */
const text = fc.oneof(fc.string({ maxLength: 12 }), fc.string({ unit: fc.constantFrom('\u0000', '\\', 'u', '0', '.', '1', '"', 'a'), maxLength: 12 }));
const numberText = fc.oneof(
  fc.double({ noNaN: true, noDefaultInfinity: true }).map(String),
  fc.tuple(fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }), fc.nat({ max: 25 }), fc.integer({ min: -400, max: 400 })).map(
    ([digits, scale, power]) => {
      const text = (digits < 0n ? -digits : digits).toString().padStart(scale + 1, '0');
      const plain = scale === 0 ? text : `${text.slice(0, -scale)}.${text.slice(-scale)}`;
      return `${digits < 0n ? '-' : ''}${plain}${power === 0 ? '' : `e${power}`}`;
    },
  ),
);
const value: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    numberText.map((n) => ({ raw: n })),
    text,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(text.filter((k) => k !== '__proto__'), tie('value'), { maxKeys: 4 }),
  ),
})).value;
const write = (v: unknown): string => {
  if (typeof v === 'string') return JSON.stringify(v);
  if (Array.isArray(v)) return `[${v.map(write).join(',')}]`;
  const record = v as Record<string, unknown>;
  if ('raw' in record && typeof record['raw'] === 'string') return record['raw'];
  return `{${Object.entries(record).map(([k, x]) => `${JSON.stringify(k)}:${write(x)}`).join(',')}}`;
};
const numbersIn = (v: unknown): string[] => {
  if (typeof v === 'string') return [];
  if (Array.isArray(v)) return v.flatMap(numbersIn);
  const record = v as Record<string, unknown>;
  if ('raw' in record && typeof record['raw'] === 'string') return [record['raw']];
  return Object.values(record).flatMap(numbersIn);
};

/** Whether parsing `text` exactly kept some number as its text (one a double would have changed). */
function hasInexactNumber(text: string): boolean {
  const holdsText = (value: unknown): boolean =>
    value instanceof JsonNumberText || (typeof value === 'object' && value !== null && Object.values(value).some(holdsText));
  return holdsText(parseJsonExactly(text));
}

describe('keepsValueAsDouble, and which numbers parseJsonExactly keeps as text', () => {
  it('tell the numbers a double keeps from those it changes', () => {
    for (const kept of ['0.1', '5', '-0', '1e-8', '123456789012345', '9007199254740992', '1.5E+300']) expect([kept, keepsValueAsDouble(kept)]).toEqual([kept, true]);
    for (const changed of ['0.30000000000000000001', '12345678901234567891', '1e400', '1e-400', '0.1000000000000000055511151231257827']) {
      expect([changed, keepsValueAsDouble(changed)]).toEqual([changed, false]);
    }
  });

  it('look only at numbers, not at digits inside strings', () => {
    expect(hasInexactNumber('{"id":"12345678901234567891","k":"3e5","n":0.1}')).toBe(false);
    expect(hasInexactNumber('{"s":"a\\"b","n":0.30000000000000000001}')).toBe(true);
    expect(hasInexactNumber('[1,2,3e1000]')).toBe(true);
    expect(hasInexactNumber('0.30000000000000000001')).toBe(true);
    expect(hasInexactNumber('{"a" :\n\t -12345678901234567891 }')).toBe(true);
    expect(hasInexactNumber('{"a":"x:12345678901234567891"}')).toBe(false);
  });

  it('never miss a number a double changes, in any JSON', () => {
    fc.assert(
      fc.property(value, (v) => {
        const text = write(v);
        JSON.parse(text);
        expect(hasInexactNumber(text)).toBe(numbersIn(v).some((n) => !keepsValueAsDouble(n)));
      }),
      { numRuns: 1000, seed: 4 },
    );
  });
});

describe('parseJsonExactly and decimalTextOf', () => {
  it('keep numbers a double keeps as numbers, and the others as their text', () => {
    const parsed = parseJsonExactly('{"n":5,"t":1736417034332,"x":0.30000000000000000001,"d":{"k":1,"k":12345678901234567891}}');
    expect(parsed).toEqual({
      n: 5,
      t: 1736417034332,
      x: new JsonNumberText('0.30000000000000000001'),
      d: { k: new JsonNumberText('12345678901234567891') },
    });
    expect(parseJsonExactly('{"a":0.1}')).toEqual({ a: 0.1 });
    expect(() => parseJsonExactly('{"a":')).toThrow(SyntaxError);
  });

  it('read any JSON as a parser that hands over each number reads it, strings that look like the marker included', () => {
    const lossless = (json: string): unknown =>
      parseLossless(json, null, {
        parseNumber: (n) => (keepsValueAsDouble(n) ? Number(n) : new JsonNumberText(n)),
        onDuplicateKey: ({ newValue }) => newValue,
      });
    fc.assert(
      fc.property(value, (v) => {
        const json = write(v);
        expect(parseJsonExactly(json)).toEqual(lossless(json));
      }),
      { numRuns: 2000, seed: 7 },
    );
  });

  it('never take a string for a number: NULs in front of digits, an escaped backslash before u0000', () => {
    const nul = '\\u0000'; // JSON's escape of a NUL
    const json = `{"a":"${nul}0.30000000000000000001","b":"${nul}${nul}1e400","c":"\\\\u0000x","d":0.30000000000000000001,"e":["${nul}${nul}${nul}",1e400]}`;
    expect(parseJsonExactly(json)).toEqual({
      a: '\u00000.30000000000000000001',
      b: '\u0000\u00001e400',
      c: '\\u0000x',
      d: new JsonNumberText('0.30000000000000000001'),
      e: ['\u0000\u0000\u0000', new JsonNumberText('1e400')],
    });
  });

  it('keep a repeated name\'s last value and set `__proto__` as an own field, as JSON.parse does', () => {
    const parsed = parseJsonExactly('{"k":12345678901234567891,"k":1,"__proto__":{"polluted":0.30000000000000000001}}') as Record<string, unknown>;
    expect(parsed['k']).toBe(1);
    expect(Object.getOwnPropertyNames(parsed)).toEqual(['k', '__proto__']);
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    const own = parseJsonExactly('{"__proto__":0.30000000000000000001}') as Record<string, unknown>;
    expect(Object.getPrototypeOf(own)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(own, '__proto__')?.value).toEqual(new JsonNumberText('0.30000000000000000001'));
  });

  it('give the decimal text a value stands for, exactly', () => {
    expect(decimalTextOf('1.50')).toBe('1.50');
    expect(decimalTextOf(1e-7)).toBe('0.0000001');
    expect(decimalTextOf(1e21)).toBe('1000000000000000000000');
    expect(decimalTextOf(new JsonNumberText('0.30000000000000000001'))).toBe('0.30000000000000000001');
    for (const other of [Number.NaN, Number.POSITIVE_INFINITY, true, null, undefined, {}, [], 1n]) expect(decimalTextOf(other)).toBeUndefined();
  });
});
