/**
 * The settings of universalTransfer and brokerUniversalTransfer (how an unknown outcome is
 * settled), as a careless user gives them: each bad one fails the call with a ValidationError
 * (operation `config`, naming the field and its rule) before anything is sent; an explicit
 * `undefined` is "not given".
 */
import { describe, expect, it } from '@jest/globals';
import { brokerUniversalTransfer, universalTransfer, type TransferOptions } from '../../src/index.js';
import { fakeFetch, json } from '../support/fake-fetch.js';
import { errorOf, makeClient, resultOf } from '../support/harness.js';
import { loose } from '../support/settings.js';

const transfer = { fromAccountType: 'SPOT', toAccountType: 'FUTURES', asset: 'USDT', amount: '1' } as const;

const CARELESS: readonly [string, TransferOptions, string][] = [
  ['lookups 0 (absence concluded without looking)', { lookups: 0 }, 'lookups'],
  ['lookups -1', { lookups: -1 }, 'lookups'],
  ['lookups Infinity', { lookups: Infinity }, 'lookups'],
  ['maxSends 0', { maxSends: 0 }, 'maxSends'],
  ['maxSends Infinity (a transfer sent again and again)', { maxSends: Infinity }, 'maxSends'],
  ['maxSends as text', { maxSends: loose('2') }, 'maxSends'],
  ['lookupDelayMs NaN', { lookupDelayMs: Number.NaN }, 'lookupDelayMs'],
  ['lookupDelayMs null', { lookupDelayMs: loose(null) }, 'lookupDelayMs'],
];

describe('transfer settings', () => {
  it.each(CARELESS)('universalTransfer refuses %s before anything is sent', async (_name, options, field) => {
    const fake = fakeFetch(json({ tranId: '1' }));
    const error = await errorOf(universalTransfer(makeClient(fake.fetch), transfer, options));
    expect(error).toMatchObject({ name: 'ValidationError', operation: 'config', issues: [{ field, rule: expect.any(String) }] });
    expect(fake.calls).toHaveLength(0);
  });

  it('brokerUniversalTransfer holds the same rules', async () => {
    const fake = fakeFetch(json({ tranId: '1' }));
    const error = await errorOf(brokerUniversalTransfer(makeClient(fake.fetch), { ...transfer, fromAccount: 'a', toAccount: 'b' }, { maxSends: 0 }));
    expect(error).toMatchObject({ operation: 'config', issues: [{ field: 'maxSends', rule: 'a whole number, 1 or more' }] });
    expect(fake.calls).toHaveLength(0);
  });

  it('takes an explicit undefined as left out', async () => {
    const fake = fakeFetch(json({ tranId: '7' }));
    const result = await resultOf(universalTransfer(makeClient(fake.fetch), transfer, { lookups: undefined, lookupDelayMs: undefined, maxSends: undefined }));
    expect(result.tranId).toBe('7');
    expect(fake.calls).toHaveLength(1);
  });
});
