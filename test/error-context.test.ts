/**
 * One error shape: every error of the family carries `operation` and `target`, made through the
 * code that raises it (a call refused before it goes, a service's refusal from the simulator, a
 * failing transport, the budget, a closed client, a page's broker, a recording), and neither the
 * target nor the message shows a key, a secret, a signature or a listen key. The stream's, the
 * replay's and the bridge's errors are held to it beside their own tests (reconnect,
 * rest-replies, publish).
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import {
  ApiError,
  BrokerError,
  ClientClosedError,
  createClient,
  createRequestBudget,
  DecodeError,
  HttpError,
  listSubAccounts,
  NetworkError,
  RateLimitedError,
  RecordingFormatError,
  TimeoutError,
  UnknownOutcomeError,
  userDataStream,
  ValidationError,
  type ErrorContext,
  type MexcError,
} from '../src/index.js';
import { callBroker } from '../src/remote/broker-call.js';
import { readRecording } from '../src/recording/read-recording.js';
import type { Simulator } from '../src/simulator/index.js';
import { fakeFetch, hang, json, refuse, text, type Responder } from './support/fake-fetch.js';
import { errorOf, makeClient } from './support/harness.js';
import { LISTEN_KEY, operationCases } from './support/operations.js';
import { leaks, secretsOf } from './support/secrets.js';
import { clientOf, failure, startSim } from './simulator/helpers.js';

const noRetry = { retry: { limit: 0 } };

/** The context fields alone, as a caller reads them. */
const contextOf = (error: unknown): ErrorContext => ({ operation: (error as MexcError).operation, target: (error as MexcError).target });

/** What the target and the message show of `secrets` (empty when nothing). */
const shown = (error: unknown, secrets: readonly string[]): string[] => leaks({ target: (error as MexcError).target, message: (error as Error).message }, secrets);

const failures: readonly [string, Responder, new (...args: never[]) => MexcError][] = [
  ['a service refusal', json({ code: 700007, msg: 'No permission' }, 403), ApiError],
  ['an error status without a service body', text('<html>Service Unavailable</html>', 503), HttpError],
  ['a redirect', text('', 302, { location: 'https://elsewhere.example/' }), HttpError],
  // The runtime quotes the whole URL, signature and listen key included, in its text.
  ['a network failure', refuse((request) => new TypeError(`fetch failed: ${request.url}`)), NetworkError],
  ['a success of the wrong shape', json({ unexpected: true }, 200), DecodeError],
];

describe.each(operationCases)('$id: every failure of the call names its operation and its target, redacted', (op) => {
  const target = { method: op.method, path: op.path };

  it.each(failures)('%s', async (_name, responder, type) => {
    const fake = fakeFetch(responder);
    const error = await errorOf(op.run(makeClient(fake.fetch, noRetry)));
    // A money-moving call's unclear failure is an UnknownOutcomeError around the same context.
    const expected = op.movesMoney && type !== ApiError && !(type === HttpError && _name === 'a redirect') ? UnknownOutcomeError : type;
    expect(error).toBeInstanceOf(expected);
    expect(contextOf(error)).toStrictEqual({ operation: op.id, target });
    expect(shown(error, [...secretsOf(fake.calls), LISTEN_KEY])).toEqual([]);
  });

  it('a call refused by its own checks, nothing sent', async () => {
    const fake = fakeFetch(json({}));
    const error = await errorOf(op.run(makeClient(fake.fetch, { ...noRetry, apiKey: undefined, secretKey: undefined })));
    expect(error).toBeInstanceOf(ValidationError);
    expect(contextOf(error)).toStrictEqual({ operation: op.id, target });
    expect(fake.calls).toHaveLength(0);
  });

  it('a call made after the client was closed', async () => {
    const client = makeClient(fakeFetch(json({})).fetch);
    await client.close();
    const error = await errorOf(op.run(client));
    expect(error).toBeInstanceOf(ClientClosedError);
    expect(contextOf(error)).toStrictEqual({ operation: op.id, target });
  });
});

describe('the REST errors made elsewhere than the answer', () => {
  it('a bad parameter: ValidationError with the operation and where the call would have gone', async () => {
    const fake = fakeFetch(json({}));
    const error = await errorOf(listSubAccounts(makeClient(fake.fetch), { limit: 'many' as unknown as number }));
    expect(error).toBeInstanceOf(ValidationError);
    expect(contextOf(error)).toStrictEqual({ operation: 'M2', target: { method: 'GET', path: '/api/v3/sub-account/list' } });
    expect(fake.calls).toHaveLength(0);
  });

  it('settings refused when given: ValidationError of `config`, no target', () => {
    let error: unknown;
    try {
      createClient({ timeout: -1 });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ValidationError);
    expect(contextOf(error)).toStrictEqual({ operation: 'config', target: undefined });
  });

  it('a timeout: TimeoutError naming the listen-key call, without the key', async () => {
    const fake = fakeFetch(hang);
    const close = operationCases.find((c) => c.id === 'L4');
    const error = await errorOf(close!.run(makeClient(fake.fetch, { ...noRetry, timeout: 20 })));
    expect(error).toBeInstanceOf(TimeoutError);
    expect(contextOf(error)).toStrictEqual({ operation: 'L4', target: { method: 'DELETE', path: '/api/v3/userDataStream' } });
    expect(shown(error, [...secretsOf(fake.calls), LISTEN_KEY])).toEqual([]);
  });

  it('the budget refusing a call through a pause: RateLimitedError with the call’s target, nothing sent', async () => {
    const fake = fakeFetch(json({ code: 429, msg: 'Too many requests' }, 429, { 'retry-after': '600' }));
    const budget = createRequestBudget({ maxPauseWaitMs: 1_000 });
    const client = makeClient(fake.fetch, { ...noRetry, budget });
    expect(await errorOf(listSubAccounts(client, {}))).toBeInstanceOf(ApiError);
    const error = await errorOf(listSubAccounts(client, {}));
    expect(error).toBeInstanceOf(RateLimitedError);
    expect(contextOf(error)).toStrictEqual({ operation: 'M2', target: { method: 'GET', path: '/api/v3/sub-account/list' } });
    expect(fake.calls).toHaveLength(1);
  });

  it('a stream subscribed after the close: ClientClosedError of `stream`, no target', async () => {
    const client = makeClient(fakeFetch(json({})).fetch);
    await client.close();
    const error = await errorOf(userDataStream(client));
    expect(error).toBeInstanceOf(ClientClosedError);
    expect(contextOf(error)).toStrictEqual({ operation: 'stream', target: undefined });
  });
});

describe('a refusal from the simulator', () => {
  let sim: Simulator | undefined;
  afterEach(async () => {
    await sim?.close();
    sim = undefined;
  });

  it('a wrong secret: ApiError with the operation and the target, neither key nor signature shown', async () => {
    sim = await startSim();
    const wrongSecret = 'WR0NGxSECRETx0123456789abcdef0123';
    const error = await failure(listSubAccounts(clientOf(sim, { apiKey: sim.master.apiKey, secretKey: wrongSecret }), {}));
    expect(error).toBeInstanceOf(ApiError);
    expect(contextOf(error)).toStrictEqual({ operation: 'M2', target: { method: 'GET', path: '/api/v3/sub-account/list' } });
    expect(shown(error, [sim.master.apiKey, wrongSecret, sim.master.secretKey])).toEqual([]);
  });
});

describe('the errors of the page, the recordings', () => {
  it('a broker refusing a renewal: BrokerError with the route as target (no listen key from the query), no operation', async () => {
    const refused: typeof fetch = () => Promise.resolve(new Response(JSON.stringify({ error: 'unknown-key' }), { status: 404 }));
    const url = new URL(`http://127.0.0.1/api/mexc/listen-key?listenKey=${LISTEN_KEY}#${LISTEN_KEY}`);
    const error = await callBroker(refused, { method: 'PUT', url, body: { listenKey: LISTEN_KEY } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BrokerError);
    expect(contextOf(error)).toStrictEqual({ operation: undefined, target: { method: 'PUT', path: '/api/mexc/listen-key' } });
    expect(shown(error, [LISTEN_KEY])).toEqual([]);
  });

  it('a text that is no recording: RecordingFormatError, neither operation nor target', () => {
    let error: unknown;
    try {
      Array.from(readRecording(['not a recording']));
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(RecordingFormatError);
    expect(contextOf(error)).toStrictEqual({ operation: undefined, target: undefined });
  });
});
