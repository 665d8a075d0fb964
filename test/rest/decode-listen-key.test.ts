/** Responses of L1-L4, with L2's `available` as a string or a number. */
import { describe, expect, it } from '@jest/globals';
import { resultOf } from '../support/harness.js';
import { decodeVia, LISTEN_KEY } from '../support/operations.js';

describe('listen-key responses', () => {
  it.each(['L1', 'L3', 'L4'] as const)('%s decodes {listenKey}', async (id) => {
    await expect(resultOf(decodeVia(id, { listenKey: LISTEN_KEY }))).resolves.toStrictEqual({ listenKey: LISTEN_KEY });
  });

  it.each([
    ['a string', '58'],
    ['a number', 58],
  ])('L2 reads available given as %s', async (_name, available) => {
    const body = { total: 2, available, listenKey: [LISTEN_KEY, 'second0listen0key'] };
    await expect(resultOf(decodeVia('L2', body))).resolves.toStrictEqual({
      total: 2,
      available: 58,
      listenKeys: [LISTEN_KEY, 'second0listen0key'],
    });
  });

  it('L2 accepts {listenKey:[...]} alone, counting against the 60-key limit', async () => {
    await expect(resultOf(decodeVia('L2', { listenKey: ['k1', 'k2', 'k3'] }))).resolves.toStrictEqual({
      total: 3,
      available: 57,
      listenKeys: ['k1', 'k2', 'k3'],
    });
  });
});
