/**
 * Checking and encoding a caller's parameters (`encodeParams`) beyond the wire pairs: which wire
 * texts and names it marks secret (what the client then keeps out of every error and log), a name
 * given as `undefined` (left out, not unknown); and the parameter codecs themselves as io-ts types
 * (`decode`, `validate`, `encode`, the rule as their name), made afresh in each test.
 */
import { describe, expect, it } from '@jest/globals';
import { left, right } from 'fp-ts/lib/Either.js';
import { ValidationError } from '../../src/errors.js';
import { fieldCodec, optional, required, type ParamField } from '../../src/params/field.js';
import { fundPassword, ipList, nonEmptyText } from '../../src/params/fields.js';
import { encodeParams } from '../../src/params/validate.js';

const PASSWORD_MD5 = '0123456789ABCDEF0123456789abcdef';

const WITH_SECRET: readonly (readonly [string, ParamField<unknown>])[] = [
  ['note', required(nonEmptyText, 'note') as ParamField<unknown>],
  ['password', optional(fundPassword, 'fund password', { secret: true }) as ParamField<unknown>],
  ['memo', optional(nonEmptyText, 'memo') as ParamField<unknown>],
];

describe('encodeParams', () => {
  it('marks a secret parameter: its wire text and the value given as secrets, its name as secret', () => {
    expect(encodeParams('B12', WITH_SECRET, { note: 'n', password: PASSWORD_MD5, memo: 'm' })).toStrictEqual({
      pairs: [
        ['note', 'n'],
        ['password', PASSWORD_MD5.toLowerCase()],
        ['memo', 'm'],
      ],
      secrets: [PASSWORD_MD5.toLowerCase(), PASSWORD_MD5],
      secretNames: ['password'],
    });
  });

  it('names a secret parameter even when it is left out, and then holds no secret text', () => {
    expect(encodeParams('B12', WITH_SECRET, { note: 'n' })).toStrictEqual({ pairs: [['note', 'n']], secrets: [], secretNames: ['password'] });
  });

  it('holds no secret for a table without secret parameters', () => {
    expect(encodeParams('M8', WITH_SECRET.slice(0, 1), { note: 'n' })).toStrictEqual({ pairs: [['note', 'n']], secrets: [], secretNames: [] });
  });

  it('takes a name given as undefined for one left out, not for an unknown parameter', () => {
    expect(encodeParams('B12', WITH_SECRET, { note: 'n', extra: undefined })).toStrictEqual({ pairs: [['note', 'n']], secrets: [], secretNames: ['password'] });
    const refused = encodeParams('B12', WITH_SECRET, { note: 'n', extra: '' });
    expect(refused).toBeInstanceOf(ValidationError);
    expect(refused instanceof ValidationError && refused.issues).toEqual([{ field: 'extra', rule: 'unknown parameter' }]);
  });
});

describe('a parameter codec as an io-ts type', () => {
  it('decodes a value its guard accepts as itself, refuses another with the value and its context, and encodes to wire text', () => {
    const even = fieldCodec('an even number', (u): u is number => typeof u === 'number' && u % 2 === 0, String);
    expect(even.name).toBe('an even number');
    expect(even.decode(4)).toStrictEqual(right(4));
    expect(even.decode(3)).toStrictEqual(left([{ value: 3, context: [{ key: '', type: even, actual: 3 }], message: undefined }]));
    expect(even.validate(5, [{ key: 'n', type: even, actual: 5 }])).toStrictEqual(
      left([{ value: 5, context: [{ key: 'n', type: even, actual: 5 }], message: undefined }]),
    );
    expect(even.encode(6)).toBe('6');
  });

  it('reads wire text as the text itself unless told how to read it', () => {
    const text = fieldCodec('any text', (u): u is string => typeof u === 'string', (s) => s);
    expect(text.fromWire('12')).toBe('12');
    const number = fieldCodec('a number', (u): u is number => typeof u === 'number', String, Number);
    expect(number.fromWire('12')).toBe(12);
  });

  it('ipList(max): states its bound in its rule, checks a list of distinct addresses, and joins it with commas', () => {
    const three = ipList(3);
    expect(three.name).toBe('1 to 3 distinct IP addresses');
    expect(three.is(['1.1.1.1', '::1', '10.0.0.1'])).toBe(true);
    expect(three.is(['1.1.1.1', '2.2.2.2', '3.3.3.3', '4.4.4.4'])).toBe(false);
    expect(three.decode(['1.1.1.1', '1.1.1.1'])._tag).toBe('Left');
    expect(three.encode(['1.1.1.1', '::1'])).toBe('1.1.1.1,::1');
  });
});
