/**
 * No secret ever shows: the api key, the secret key, a signature or a fund password must not appear
 * in any error (message, properties, causes, JSON, util.inspect), even when the service or the
 * runtime echoes the request back, nor in printing the client.
 */
import { inspect } from 'node:util';
import { describe, expect, it } from '@jest/globals';
import { ApiError, DecodeError, endpointTable, HttpError, NetworkError, TimeoutError, UnknownOutcomeError, ValidationError, type Client } from '../../src/index.js';
import { type AnyEndpoint } from '../../src/endpoints/endpoint.js';
import { fakeFetch, hang, json, refuse, text, type RecordedRequest, type Responder } from '../support/fake-fetch.js';
import { API_KEY, FUND_PASSWORD, makeClient, outcomeOf, SECRET_KEY } from '../support/harness.js';
import { operationCases, type OperationCase } from '../support/operations.js';
import { leaks, secretsOf } from '../support/secrets.js';

/** Everything a request carries, as a careless server or runtime would echo it. */
const echo = (req: RecordedRequest): string =>
  `${req.method} ${req.url} X-MEXC-APIKEY: ${req.headers.get('X-MEXC-APIKEY') ?? ''} body: ${req.body ?? ''}`;

const paths: [string, Responder, (op: OperationCase) => new (...args: never[]) => Error][] = [
  ['ApiError echoing the request', (req) => json({ code: 700002, msg: `Signature for this request is not valid: ${echo(req)}` }, 400)(req), () => ApiError],
  ['HttpError with the request in the page', (req) => text(`<pre>${echo(req)}</pre>`, 503)(req), (op) => (op.movesMoney ? UnknownOutcomeError : HttpError)],
  [
    'NetworkError whose cause names the full URL',
    refuse((req) => new TypeError(`fetch failed: ${echo(req)}`, { cause: new Error(`connect ECONNREFUSED ${req.url}`) })),
    (op) => (op.movesMoney ? UnknownOutcomeError : NetworkError),
  ],
  ['DecodeError of a body holding the secrets', (req) => json({ unexpected: echo(req), key: API_KEY, secret: SECRET_KEY, password: FUND_PASSWORD })(req), (op) => (op.movesMoney ? UnknownOutcomeError : DecodeError)],
  ['TimeoutError', hang, (op) => (op.movesMoney ? UnknownOutcomeError : TimeoutError)],
];

describe.each(operationCases)('$id', (op) => {
  it('success: the result holds no secret of the caller', async () => {
    const fake = fakeFetch(json(op.example));
    const outcome = await outcomeOf(op.run(makeClient(fake.fetch)));
    expect(outcome.kind).toBe('value');
    expect(fake.calls[0]?.headers.get('X-MEXC-APIKEY')).toBe(API_KEY);
    expect(leaks(outcome.values, secretsOf(fake.calls))).toEqual([]);
  });

  it.each(paths)('%s shows no secret', async (_name, responder, expected) => {
    const fake = fakeFetch(responder);
    const outcome = await outcomeOf(op.run(makeClient(fake.fetch, { timeout: 15, retry: { limit: 0 } })));
    expect(outcome.kind === 'error' && outcome.error).toBeInstanceOf(expected(op));
    expect(fake.calls).toHaveLength(1);
    expect(leaks(outcome.kind === 'error' ? outcome.error : undefined, secretsOf(fake.calls))).toEqual([]);
  });
});

describe('ValidationError', () => {
  const rows: readonly AnyEndpoint[] = endpointTable;

  it.each(rows.map((row) => [row.id, row] as const))('%s: secrets given as parameter values are not shown', async (_id, row) => {
    const fake = fakeFetch(json({}));
    const client: Client = makeClient(fake.fetch);
    const params = { password: `${FUND_PASSWORD}zz`, apiKeyCopy: API_KEY, secretCopy: SECRET_KEY, amount: SECRET_KEY };
    const outcome = await outcomeOf(client.call(row, params));
    expect(outcome.kind === 'error' && outcome.error).toBeInstanceOf(ValidationError);
    expect(fake.calls).toHaveLength(0);
    expect(leaks(outcome.kind === 'error' ? outcome.error : undefined, secretsOf([]))).toEqual([]);
  });
});

describe('printing the client', () => {
  it('shows neither the api key nor the secret key', () => {
    const client = makeClient(fakeFetch(json({})).fetch);
    const shown = [inspect(client), inspect(client, { showHidden: true, depth: Infinity, getters: true }), JSON.stringify(client), String(client)];
    for (const text of shown) {
      expect(text).not.toContain(API_KEY);
      expect(text).not.toContain(SECRET_KEY);
    }
  });
});
