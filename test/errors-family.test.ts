/**
 * One error family: every error the library raises extends MexcError (so `isMexcError` holds for
 * the stream's and the bridge's errors too), and the codes that mean "credentials refused" come
 * from the one table of service codes.
 */
import { describe, expect, it } from '@jest/globals';
import { JetStreamPublishError } from '../src/bridge/errors.js';
import { CREDENTIALS_REFUSED_CODES } from '../src/service-codes.js';
import {
  ApiError,
  BrokerError,
  ClientClosedError,
  credentialsRefused,
  DecodeError,
  HttpError,
  isMexcError,
  MexcError,
  NetworkError,
  RateLimitedError,
  RecordedRestError,
  RecordingFormatError,
  SERVICE_CODES,
  StreamFatalError,
  TimeoutError,
  UnknownOutcomeError,
  ValidationError,
} from '../src/index.js';

const operation = 'M2';
const target = { method: 'GET', path: '/api/v3/sub-account/list' } as const;
const api = (code: number | string, status = 400) => new ApiError({ code, msg: 'refused', status, operation: 'L1' });

const every: readonly [string, Error][] = [
  ['ApiError', api(700002)],
  ['HttpError', new HttpError({ status: 503, operation, target })],
  ['NetworkError', new NetworkError({ operation, target, cause: new Error('reset') })],
  ['TimeoutError', new TimeoutError({ operation, target, timeoutMs: 10 })],
  ['DecodeError', new DecodeError({ source: 'M2', paths: ['subAccounts: expected array'] })],
  ['ValidationError', new ValidationError({ operation: 'M2', issues: [{ field: 'limit', rule: 'integer from 1 to 200' }] })],
  ['UnknownOutcomeError', new UnknownOutcomeError({ operation: 'M6', params: {}, sentAt: 0, cause: new HttpError({ status: 500, operation, target }) })],
  ['RateLimitedError', new RateLimitedError({ operation: 'M2', scope: 'ip', pausedUntil: 0 })],
  ['ClientClosedError', new ClientClosedError({ operation: 'M2' })],
  ['StreamFatalError', new StreamFatalError('credentials refused', { cause: api(700002) })],
  ['JetStreamPublishError', new JetStreamPublishError('publishing failed')],
  ['RecordingFormatError', new RecordingFormatError({ reason: 'newer-format', message: 'format 2', format: 2 })],
  ['RecordedRestError', new RecordedRestError({ operation: 'M8', recordedName: 'ApiError', message: 'refused' })],
  ['BrokerError', new BrokerError({ method: 'POST', path: '/api/mexc/listen-key', status: 403, code: 'forbidden' })],
];

describe('the error family', () => {
  it.each(every)('%s is a MexcError with its literal name', (name, error) => {
    expect(error).toBeInstanceOf(MexcError);
    expect(error).toBeInstanceOf(Error);
    expect(isMexcError(error)).toBe(true);
    expect(error.name).toBe(name);
  });

  it.each(every)('%s carries the one context shape: operation and target, as its own fields', (_name, error) => {
    expect(Object.keys(error)).toEqual(expect.arrayContaining(['operation', 'target']));
    const { target } = error as MexcError;
    if (target !== undefined) expect(Object.keys(target).sort()).toEqual(['method', 'path']);
  });

  it('keeps no query string, fragment or userinfo in a target, however it was given', () => {
    const signed = { method: 'GET', path: 'https://me:hunter2@api.mexc.com/api/v3/sub-account/list?timestamp=1&signature=abc123#listenKey=pqia91ma' };
    const errors = [
      new HttpError({ status: 503, operation, target: signed }),
      new NetworkError({ operation, target: signed, cause: new Error('reset') }),
      new TimeoutError({ operation, target: signed, timeoutMs: 10 }),
      new ApiError({ code: 1, msg: 'x', status: 400, operation, target: signed }),
      new ValidationError({ operation, target: signed, issues: [] }),
      new BrokerError({ method: 'PUT', path: signed.path, status: 404 }),
    ];
    for (const error of errors) {
      expect(error.target).toStrictEqual({ method: error.target?.method, path: 'https://[redacted]@api.mexc.com/api/v3/sub-account/list' });
      expect(error.message).not.toMatch(/signature|abc123|hunter2|pqia91ma/);
    }
  });

  it('ClientClosedError says the client is closed, or that userDataStreams is', () => {
    expect(new ClientClosedError({ operation: 'L1' }).message).toBe('L1: the client is closed (client.close() was called); make a new client to go on');
    expect(new ClientClosedError({ operation: 'stream' }).message).toMatch(/^stream: the client is closed/);
    expect(new ClientClosedError({ operation: 'streams' }).message).toBe('streams: userDataStreams was closed (its close() was called); make a new one to go on');
  });

  it('tells anything else apart', () => {
    for (const value of [new Error('x'), new TypeError('x'), { name: 'ApiError', message: 'looks like one' }, null, undefined, 'ApiError']) {
      expect(isMexcError(value)).toBe(false);
    }
  });
});

describe('credentialsRefused', () => {
  it.each([...CREDENTIALS_REFUSED_CODES])('holds for service code %s, as a number or as text', (code) => {
    expect(credentialsRefused(api(code))).toBe(true);
    expect(credentialsRefused(api(Number(code), 200))).toBe(true);
  });

  it('holds for HTTP 401 and 403 whatever the code, and for parameters that can never be valid', () => {
    expect(credentialsRefused(api(999, 401))).toBe(true);
    expect(credentialsRefused(api(999, 403))).toBe(true);
    expect(credentialsRefused(new ValidationError({ operation: 'config', issues: [{ field: 'apiKey/secretKey', rule: 'required' }] }))).toBe(true);
  });

  it('holds for an HttpError 401: refused without a service body, it is still the credentials', () => {
    expect(credentialsRefused(new HttpError({ status: 401, operation, target }))).toBe(true);
  });

  it('does not hold for an HttpError 403: the service’s firewall refuses the IP or the request rate, not the key', () => {
    expect(credentialsRefused(new HttpError({ status: 403, operation, target }))).toBe(false);
    expect(credentialsRefused(new HttpError({ status: 403, operation, target, retryAfterMs: 60_000 }))).toBe(false);
  });

  it('does not hold for failures another attempt may cure', () => {
    expect(credentialsRefused(api(SERVICE_CODES.tooManyRequests, 429))).toBe(false);
    expect(credentialsRefused(api(SERVICE_CODES.listenKeyInvalid))).toBe(false);
    expect(credentialsRefused(api(SERVICE_CODES.timestampOutsideWindow))).toBe(false);
    expect(credentialsRefused(new HttpError({ status: 503, operation, target }))).toBe(false);
    expect(credentialsRefused(new Error('socket hang up'))).toBe(false);
  });
});
