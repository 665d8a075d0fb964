/**
 * Money-moving calls (M6, B12, B13): a 5XX, a timeout, a network failure or an unreadable success
 * body may hide a completed transfer, so it ends in an UnknownOutcomeError and is never repeated.
 */
import { describe, expect, it } from '@jest/globals';
import { VirtualTimeScheduler } from 'rxjs';
import { ApiError, createRequestBudget, DecodeError, HttpError, NetworkError, TimeoutError, UnknownOutcomeError } from '../../src/index.js';
import { fakeFetch, hang, json, refuse, text, type Responder } from '../support/fake-fetch.js';
import { errorOf, FUND_PASSWORD, makeClient, NOW, runOut } from '../support/harness.js';
import { CLIENT_TRAN_ID, operationCase, type OperationCase } from '../support/operations.js';

const moneyCases = (['M6', 'B12', 'B13'] as const).map(operationCase);

const failures: [string, Responder, new (...args: never[]) => Error][] = [
  ['a non-JSON 503', text('<html>Service Unavailable</html>', 503), HttpError],
  ['a 500 with an error body', json({ code: 500, msg: 'internal error' }, 500), ApiError],
  ['a network failure', refuse(() => new TypeError('fetch failed')), NetworkError],
  ['a timeout', hang, TimeoutError],
  ['a 200 whose body cannot be read', text('<html>ok</html>', 200), DecodeError],
];

function expectedParams(op: OperationCase): Record<string, string> {
  const pairs = op.body ?? op.query;
  return Object.fromEntries(pairs.map(([k, v]) => [k, k === 'password' ? '[redacted]' : v]));
}

describe.each(moneyCases)('$id', (op) => {
  it.each(failures)('%s gives an UnknownOutcomeError after exactly one request', async (_name, responder, causeType) => {
    const fake = fakeFetch(responder);
    const scheduler = new VirtualTimeScheduler();
    const client = makeClient(fake.fetch, { timeout: 20, scheduler, retry: { limit: 5, baseDelayMs: 1, maxDelayMs: 1 } });
    const error = await errorOf(op.run(client));

    expect(error).toBeInstanceOf(UnknownOutcomeError);
    const unknown = error as UnknownOutcomeError;
    expect(unknown.operation).toBe(op.id);
    expect(unknown.clientTranId).toBe(op.id === 'B12' ? undefined : CLIENT_TRAN_ID);
    expect(unknown.params).toStrictEqual(expectedParams(op));
    expect(unknown.sentAt).toBe(NOW);
    expect(unknown.cause).toBeInstanceOf(causeType);
    if (op.id !== 'B12') expect(unknown.message).toContain(CLIENT_TRAN_ID);

    // Every timer left run out (a retry would be one): still the one call.
    await runOut(scheduler);
    expect(fake.calls).toHaveLength(1);
  });

  it('with a budget that spreads nothing and sends nothing again, a definite refusal (400, 429) stays an ApiError and is not repeated', async () => {
    for (const status of [400, 429]) {
      const fake = fakeFetch(json({ code: status === 429 ? 429 : 700003, msg: 'refused' }, status, { 'Retry-After': '1' }));
      const scheduler = new VirtualTimeScheduler();
      const budget = createRequestBudget({ scheduler, spread: false, resendsAfterRefusal: 0 });
      const error = await errorOf(op.run(makeClient(fake.fetch, { scheduler, budget })));
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).status).toBe(status);
      await runOut(scheduler);
      expect(fake.calls).toHaveLength(1);
    }
  });
});

describe('B12 parameters in the UnknownOutcomeError', () => {
  it('show the fund password only as [redacted]', async () => {
    const error = await errorOf(operationCase('B12').run(makeClient(fakeFetch(text('', 504)).fetch)));
    const unknown = error as UnknownOutcomeError;
    expect(unknown.params['password']).toBe('[redacted]');
    expect(JSON.stringify(unknown.params)).not.toContain(FUND_PASSWORD);
    expect(unknown.params['amount']).toBe('25.75');
  });
});
