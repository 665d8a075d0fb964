/** Helpers for parameter-rule tests: the call must fail with the named issue and send nothing. */
import { expect } from '@jest/globals';
import type { Observable } from 'rxjs';
import { ValidationError, type CallOptions, type Client } from '../../src/index.js';
import { fakeFetch, json, type RecordedRequest } from './fake-fetch.js';
import { errorOf, makeClient, outcomeOf } from './harness.js';

/** A call of an operation on a client. */
export type Call = (client: Client, options?: CallOptions) => Observable<unknown>;

/** Passes a deliberately ill-typed value where the types would refuse it (as JavaScript callers can). */
export function unchecked<T>(value: unknown): T {
  return value as T;
}

/** Asserts `call` fails with a ValidationError holding `{field, rule ~ rule}` and that fetch was never called. */
export async function expectRefused(call: Call, field: string, rule: RegExp, options?: CallOptions): Promise<ValidationError> {
  const fake = fakeFetch(json({}));
  const error = await errorOf(call(makeClient(fake.fetch), options));
  expect(error).toBeInstanceOf(ValidationError);
  const issues = (error as ValidationError).issues;
  expect(issues).toContainEqual({ field, rule: expect.stringMatching(rule) });
  expect(fake.calls).toHaveLength(0);
  return error as ValidationError;
}

/** Asserts `call` passes validation: exactly one request goes out. Returns it. */
export async function expectSent(call: Call, options?: CallOptions): Promise<RecordedRequest> {
  // A body the transfer operations decode as success, so they make no follow-up history lookup.
  const fake = fakeFetch(json({ tranId: '1' }));
  const outcome = await outcomeOf(call(makeClient(fake.fetch), options));
  if (outcome.kind === 'error') expect(outcome.error).not.toBeInstanceOf(ValidationError);
  expect(fake.calls).toHaveLength(1);
  const [request] = fake.calls;
  if (!request) throw new Error('no request');
  return request;
}

/** The value of one parameter as sent (query string or JSON body). */
export function sentValue(request: RecordedRequest, name: string): string | undefined {
  const fromQuery = new URLSearchParams(request.rawQuery).get(name);
  if (fromQuery !== null) return fromQuery;
  if (request.body === undefined) return undefined;
  const body = JSON.parse(request.body) as Record<string, unknown>;
  const value = body[name];
  return typeof value === 'string' ? value : undefined;
}
