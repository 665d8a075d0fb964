/**
 * Every operation through an injected fetch: method, path, query order, JSON body placement,
 * headers, and a signature checked by an independent HMAC.
 */
import { describe, expect, it } from '@jest/globals';
import { endpointTable } from '../../src/index.js';
import { OPERATION_IDS } from '../../src/operation-id.js';
import { fakeFetch, json } from '../support/fake-fetch.js';
import { API_KEY, hmac, makeClient, NOW, queryPairs, resultOf, splitSignature } from '../support/harness.js';
import { operationCases } from '../support/operations.js';

const ALL_IDS = [
  'M1', 'M2', 'M3', 'M4', 'M5', 'M6', 'M7', 'M8',
  'B1', 'B2', 'B3', 'B4', 'B5', 'B6', 'B7', 'B8', 'B9', 'B10', 'B11', 'B12', 'B13', 'B14', 'B15',
  'L1', 'L2', 'L3', 'L4',
  'A1', 'A2',
];

describe('the request of each operation', () => {
  it('covers the 27 operations of the spec and the 2 account reads, and so do the endpoint table and the list of ids', () => {
    expect(operationCases.map((c) => c.id)).toEqual(ALL_IDS);
    expect(endpointTable.map((row) => row.id)).toEqual(ALL_IDS);
    // The list the budget's settings check ids against, kept apart from the table (docs/performance.md).
    expect(OPERATION_IDS).toEqual(ALL_IDS);
  });

  it.each(operationCases)('$id sends $method $path with its parameters in spec order and a valid signature', async (op) => {
    const fake = fakeFetch(json(op.example));
    await resultOf(op.run(makeClient(fake.fetch)));

    expect(fake.calls).toHaveLength(1);
    const [sent] = fake.calls;
    if (!sent) throw new Error('no request');
    expect(sent.method).toBe(op.method);
    expect(sent.url.startsWith(`https://api.mexc.com${op.path}?`)).toBe(true);
    expect(sent.path).toBe(op.path);

    expect(queryPairs(sent.rawQuery)).toEqual([
      ...op.query,
      ['recvWindow', '5000'],
      ['timestamp', String(NOW)],
      ['signature', expect.stringMatching(/^[0-9a-f]{64}$/)],
    ]);
    const { unsigned, signature } = splitSignature(sent.rawQuery);
    expect(signature).toBe(hmac(unsigned));

    expect(sent.headers.get('X-MEXC-APIKEY')).toBe(API_KEY);
    expect(sent.headers.get('Content-Type')).toBe('application/json');

    if (op.body) {
      expect(sent.body).toBeDefined();
      const parsed: unknown = JSON.parse(sent.body ?? '');
      expect(Object.entries(parsed as Record<string, unknown>)).toEqual(op.body);
    } else {
      expect(sent.body).toBeUndefined();
    }
  });
});

describe('recvWindow on the wire', () => {
  const op = operationCases[1];
  if (!op) throw new Error('missing case');

  it('follows the client configuration', async () => {
    const fake = fakeFetch(json(op.example));
    await resultOf(op.run(makeClient(fake.fetch, { recvWindow: 20000 })));
    expect(queryPairs(fake.calls[0]?.rawQuery ?? '')).toContainEqual(['recvWindow', '20000']);
  });

  it('is overridden per call, up to 60000', async () => {
    const fake = fakeFetch(json(op.example));
    await resultOf(op.run(makeClient(fake.fetch, { recvWindow: 20000 }), { recvWindow: 60000 }));
    const sent = fake.calls[0]?.rawQuery ?? '';
    expect(queryPairs(sent)).toContainEqual(['recvWindow', '60000']);
    expect(splitSignature(sent).signature).toBe(hmac(splitSignature(sent).unsigned));
  });
});
