/** The `signBody` option: the signature covers the query string followed directly by the JSON body. */
import { describe, expect, it } from '@jest/globals';
import { fakeFetch, json } from '../support/fake-fetch.js';
import { hmac, makeClient, resultOf, splitSignature } from '../support/harness.js';
import { operationCases } from '../support/operations.js';

const bodyCases = operationCases.filter((c) => c.body !== undefined);
const queryCases = operationCases.filter((c) => c.body === undefined);

describe('signBody', () => {
  it('applies to the seven broker POST/DELETE operations', () => {
    expect(bodyCases.map((c) => c.id)).toEqual(['B2', 'B5', 'B7', 'B8', 'B12', 'B13', 'B14']);
  });

  it.each(bodyCases)('$id: with signBody the signature covers query + body', async (op) => {
    const fake = fakeFetch(json(op.example));
    await resultOf(op.run(makeClient(fake.fetch, { signBody: true })));
    const sent = fake.calls[0];
    const { unsigned, signature } = splitSignature(sent?.rawQuery ?? '');
    expect(sent?.body).toBeDefined();
    expect(signature).toBe(hmac(unsigned + (sent?.body ?? '')));
  });

  it.each(bodyCases)('$id: by default the signature covers the query only', async (op) => {
    const fake = fakeFetch(json(op.example));
    await resultOf(op.run(makeClient(fake.fetch)));
    const sent = fake.calls[0];
    const { unsigned, signature } = splitSignature(sent?.rawQuery ?? '');
    expect(signature).toBe(hmac(unsigned));
    expect(signature).not.toBe(hmac(unsigned + (sent?.body ?? '')));
  });

  it.each(queryCases)('$id: signBody changes nothing when there is no body', async (op) => {
    const fake = fakeFetch(json(op.example));
    await resultOf(op.run(makeClient(fake.fetch, { signBody: true })));
    const { unsigned, signature } = splitSignature(fake.calls[0]?.rawQuery ?? '');
    expect(fake.calls[0]?.body).toBeUndefined();
    expect(signature).toBe(hmac(unsigned));
  });
});
