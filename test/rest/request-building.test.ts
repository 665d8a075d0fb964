/**
 * The request of one attempt, built purely: the exact percent-encoding of the query (what is
 * signed is what is sent) and the URL from a base URL given with trailing slashes.
 */
import { describe, expect, it } from '@jest/globals';
import { buildRequest, toQueryString } from '../../src/http/request.js';
import { M2 } from '../../src/endpoints/master.js';

describe('toQueryString', () => {
  it("percent-encodes every character outside RFC 3986's unreserved set, in uppercase hex, ' ( ) * ! included", () => {
    expect(toQueryString([['note', "it's (*)!"]])).toBe('note=it%27s%20%28%2A%29%21');
    expect(toQueryString([['a b', 'c&d=e'], ['x', '-_.~']])).toBe('a%20b=c%26d%3De&x=-_.~');
  });
});

describe('buildRequest', () => {
  it('drops every trailing slash of the base URL before the path', () => {
    const ctx = { timestamp: 1, recvWindow: 5000, signBody: false };
    for (const baseUrl of ['https://api.mexc.com', 'https://api.mexc.com/', 'https://api.mexc.com///']) {
      expect(buildRequest(M2, [], { ...ctx, baseUrl }).endpointUrl).toBe('https://api.mexc.com/api/v3/sub-account/list');
    }
  });
});
