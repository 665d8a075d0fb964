/**
 * The tolerant primitives of response bodies (`src/codecs/primitives.ts`), one by one: every
 * spelling each accepts and the clean value it yields, what it refuses (naming its own type), and
 * the io-ts laws: what `validate` yields passes `is`, a raw spelling that is not the clean type
 * does not, and `encode` gives the clean value back as the service would write it.
 */
import { describe, expect, it } from '@jest/globals';
import type * as t from 'io-ts';
import { isLeft } from 'fp-ts/lib/Either.js';
import { AccountTypeText, CommaList, Count, EpochMillis, Flag, IdText, presentText } from '../../src/codecs/primitives.js';
import { describeDecodeErrors } from '../../src/codecs/decoder.js';
import { JsonNumberText } from '../../src/decimal/exact-json.js';

/** What `codec` yields for `input`, checked against the laws; throws if it refuses. */
function accepted<A, O>(codec: t.Type<A, O, unknown>, input: unknown): A {
  const result = codec.decode(input);
  if (isLeft(result)) throw new Error(`${codec.name} refused ${String(input)}: ${describeDecodeErrors(result.left).join('; ')}`);
  expect(codec.is(result.right)).toBe(true);
  return result.right;
}

/** The lines a refusal of `input` prints (values never printed). */
function refusal<A, O>(codec: t.Type<A, O, unknown>, input: unknown): string[] | 'accepted' {
  const result = codec.decode(input);
  return isLeft(result) ? describeDecodeErrors(result.left) : 'accepted';
}

describe('EpochMillis', () => {
  it('takes a finite number or up to 16 quoted digits, and yields a number', () => {
    expect(accepted(EpochMillis, 1544433328000)).toBe(1544433328000);
    expect(accepted(EpochMillis, '1544433328000')).toBe(1544433328000);
    expect(accepted(EpochMillis, '1234567890123456')).toBe(1234567890123456);
    expect(accepted(EpochMillis, '0')).toBe(0);
  });

  it('refuses anything else, naming EpochMillis', () => {
    for (const bad of [Number.NaN, Number.POSITIVE_INFINITY, '12345678901234567', '', '-5', '1.5', ' 15', '15 ', '1e3', 'x15', true, null, undefined, ['1544433328000']]) {
      expect([bad, refusal(EpochMillis, bad)]).toEqual([bad, ['(root): expected EpochMillis']]);
    }
  });

  it('is a number only, and encodes to the same number', () => {
    expect(EpochMillis.is('1544433328000')).toBe(false);
    expect(EpochMillis.is(undefined)).toBe(false);
    expect(EpochMillis.encode(1544433328000)).toBe(1544433328000);
  });
});

describe('Count', () => {
  it('takes a non-negative safe integer or up to 15 quoted digits, and yields a number', () => {
    expect(accepted(Count, 0)).toBe(0);
    expect(accepted(Count, 58)).toBe(58);
    expect(accepted(Count, Number.MAX_SAFE_INTEGER)).toBe(Number.MAX_SAFE_INTEGER);
    expect(accepted(Count, '58')).toBe(58);
    expect(accepted(Count, '7')).toBe(7);
    expect(accepted(Count, '123456789012345')).toBe(123456789012345);
  });

  it('refuses anything else, naming Count', () => {
    for (const bad of [-1, 1.5, Number.MAX_SAFE_INTEGER + 1, Number.NaN, '1234567890123456', '', '-1', '1.5', ' 1', '1 ', 'a1', false, ['58']]) {
      expect([bad, refusal(Count, bad)]).toEqual([bad, ['(root): expected Count']]);
    }
  });

  it('is a number only, and encodes to the same number', () => {
    expect(Count.is('58')).toBe(false);
    expect(Count.encode(58)).toBe(58);
  });
});

describe('IdText', () => {
  it('takes a non-empty string, a safe integer or a long integer read exactly, and yields text', () => {
    expect(accepted(IdText, 'w1')).toBe('w1');
    expect(accepted(IdText, 12345)).toBe('12345');
    expect(accepted(IdText, -7)).toBe('-7');
    expect(accepted(IdText, new JsonNumberText('12345678901234567891'))).toBe('12345678901234567891');
    expect(accepted(IdText, new JsonNumberText('-12345678901234567891'))).toBe('-12345678901234567891');
  });

  it('refuses an empty string, a fraction, an unsafe double and a long number that is not an integer, naming IdText', () => {
    for (const bad of [
      '',
      1.5,
      Number.MAX_SAFE_INTEGER + 1,
      new JsonNumberText('1.5e30'),
      new JsonNumberText('12345678901234567891.5'),
      new JsonNumberText('x12345678901234567891'),
      new JsonNumberText('12345678901234567891x'),
      null,
      true,
    ]) {
      expect([bad, refusal(IdText, bad)]).toEqual([bad, ['(root): expected IdText']]);
    }
  });

  it('is text only, and encodes to the same text', () => {
    expect(IdText.is(12345)).toBe(false);
    expect(IdText.encode('12345')).toBe('12345');
  });
});

describe('AccountTypeText', () => {
  it('takes SPOT, FUTURES and FUTURE, and yields SPOT or FUTURES', () => {
    expect(accepted(AccountTypeText, 'SPOT')).toBe('SPOT');
    expect(accepted(AccountTypeText, 'FUTURES')).toBe('FUTURES');
    expect(accepted(AccountTypeText, 'FUTURE')).toBe('FUTURES');
  });

  it('refuses other spellings, naming AccountType', () => {
    for (const bad of ['spot', 'MARGIN', '', 'FUTURESS', 1]) expect([bad, refusal(AccountTypeText, bad)]).toEqual([bad, ['(root): expected AccountType']]);
  });

  it('is SPOT or FUTURES only, and encodes to the same text', () => {
    expect(AccountTypeText.is('FUTURE')).toBe(false);
    expect(AccountTypeText.is('MARGIN')).toBe(false);
    expect(AccountTypeText.encode('FUTURES')).toBe('FUTURES');
  });
});

describe('Flag', () => {
  it('takes a boolean or the strings "true" and "false", and yields a boolean', () => {
    expect(accepted(Flag, true)).toBe(true);
    expect(accepted(Flag, false)).toBe(false);
    expect(accepted(Flag, 'true')).toBe(true);
    expect(accepted(Flag, 'false')).toBe(false);
  });

  it('refuses other spellings, naming Flag', () => {
    for (const bad of ['TRUE', 'yes', '', 1, 0, null]) expect([bad, refusal(Flag, bad)]).toEqual([bad, ['(root): expected Flag']]);
  });

  it('is a boolean only, and encodes to the same boolean', () => {
    expect(Flag.is('true')).toBe(false);
    expect(Flag.encode(false)).toBe(false);
  });
});

describe('CommaList', () => {
  it('takes comma-separated text, yielding its trimmed non-empty items, or an array of strings as it is', () => {
    expect(accepted(CommaList, 'SPOT_DEAL_READ,SPOT_DEAL_WRITE')).toEqual(['SPOT_DEAL_READ', 'SPOT_DEAL_WRITE']);
    expect(accepted(CommaList, ' a , ,b ,')).toEqual(['a', 'b']);
    expect(accepted(CommaList, '')).toEqual([]);
    expect(accepted(CommaList, ['a', 'b'])).toEqual(['a', 'b']);
    expect(accepted(CommaList, [])).toEqual([]);
  });

  it('refuses an array holding anything but strings, and other types, naming CommaList', () => {
    for (const bad of [['a', 1], [null], 5, null, {}]) expect([bad, refusal(CommaList, bad)]).toEqual([bad, ['(root): expected CommaList']]);
  });

  it('is an array only, and encodes to the service comma-separated text', () => {
    expect(CommaList.is('a,b')).toBe(false);
    expect(CommaList.encode(['203.0.113.7', '198.51.100.1'])).toBe('203.0.113.7,198.51.100.1');
    expect(CommaList.encode([])).toBe('');
  });
});

describe('presentText', () => {
  it('reads null, undefined and the empty string as absent, and keeps any other text', () => {
    expect(presentText(null)).toBeUndefined();
    expect(presentText(undefined)).toBeUndefined();
    expect(presentText('')).toBeUndefined();
    expect(presentText(' ')).toBe(' ');
    expect(presentText('memo')).toBe('memo');
  });
});
