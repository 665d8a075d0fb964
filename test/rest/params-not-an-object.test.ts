/**
 * Parameters that are not an object (docs/errors.md, ValidationError): every operation, called
 * through its public function and through `client.call` with its row, and both safe-transfer
 * helpers, answer `null`, an array, a string, a number, a boolean or a bigint with a
 * ValidationError on the Observable (never a synchronous throw, never a TypeError) and send
 * nothing. Leaving the parameters out (`undefined`) is a ValidationError too, except where every
 * parameter is optional: there it still means "no parameters".
 */
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import type { Observable } from 'rxjs';
import * as api from '../../src/index.js';
import { brokerUniversalTransfer, endpointTable, universalTransfer, ValidationError, type Client } from '../../src/index.js';
import { type AnyEndpoint } from '../../src/endpoints/endpoint.js';
import { fakeFetch, json } from '../support/fake-fetch.js';
import { makeClient, outcomeOf } from '../support/harness.js';
import { operationCases } from '../support/operations.js';

type Call = (client: Client, params: unknown) => Observable<unknown>;

/** The public function of a row, looked up by the name the table gives it. */
function publicFunction(row: AnyEndpoint): Call {
  const fn = (api as unknown as Record<string, unknown>)[row.name];
  if (typeof fn !== 'function') throw new Error(`no public function ${row.name}`);
  return fn as Call;
}

const notAnObject = fc.oneof(
  fc.constant(null),
  fc.array(fc.anything({ maxDepth: 1 }), { maxLength: 3 }),
  fc.string({ maxLength: 12 }),
  fc.double(),
  fc.integer(),
  fc.boolean(),
  fc.bigInt(),
);

const cases = operationCases.map((c) => {
  const row = endpointTable.find((r) => r.id === c.id);
  if (row === undefined) throw new Error(`no row ${c.id}`);
  return [c.id, row] as const;
});

/** Runs `call` against a recording fetch; what the Observable did, and how many requests left. */
async function attempt(call: Call, params: unknown): Promise<{ error: unknown; requests: number; threw: unknown }> {
  const fake = fakeFetch(json({}));
  const client = makeClient(fake.fetch, { retry: { limit: 0 } });
  let source: Observable<unknown>;
  try {
    source = call(client, params);
  } catch (threw: unknown) {
    return { error: undefined, requests: fake.calls.length, threw };
  }
  const outcome = await outcomeOf(source);
  return { error: outcome.kind === 'error' ? outcome.error : undefined, requests: fake.calls.length, threw: undefined };
}

function expectRefused(result: { error: unknown; requests: number; threw: unknown }, field: string): void {
  expect(result.threw).toBeUndefined();
  expect(result.error).toBeInstanceOf(ValidationError);
  expect((result.error as ValidationError).issues.map((i) => i.field)).toContain(field);
  expect(result.requests).toBe(0);
}

describe.each(cases)('%s given something other than a parameters object', (_id, row) => {
  const everyParamOptional = Object.values(row.params as Record<string, { required: boolean }>).every((f) => !f.required);
  const calls: readonly (readonly [string, Call])[] = [
    [`public ${row.name}`, publicFunction(row)],
    ['client.call(row)', (client, params) => client.call(row, params as never)],
  ];

  it.each(calls)('%s: a ValidationError on the Observable, nothing sent', async (_how, call) => {
    await fc.assert(
      fc.asyncProperty(notAnObject, async (params) => {
        expectRefused(await attempt(call, params), '(params)');
      }),
      { numRuns: 40, seed: 14 },
    );
  });

  it.each(calls)(`%s: left out, ${everyParamOptional ? 'no parameters (the call is sent)' : 'a ValidationError naming the required fields'}`, async (_how, call) => {
    const result = await attempt(call, undefined);
    expect(result.threw).toBeUndefined();
    if (everyParamOptional) {
      expect(result.requests).toBe(1);
    } else {
      expect(result.error).toBeInstanceOf(ValidationError);
      expect((result.error as ValidationError).issues.every((i) => i.rule === 'required')).toBe(true);
      expect(result.requests).toBe(0);
    }
  });
});

describe('the safe-transfer helpers', () => {
  it.each([
    ['universalTransfer', universalTransfer as unknown as Call],
    ['brokerUniversalTransfer', brokerUniversalTransfer as unknown as Call],
  ])('%s answers null, undefined and non-objects with a ValidationError, and sends nothing', async (_name, call) => {
    expectRefused(await attempt(call, null), '(params)');
    expectRefused(await attempt(call, undefined), 'amount');
    await fc.assert(
      fc.asyncProperty(notAnObject, async (params) => {
        expectRefused(await attempt(call, params), '(params)');
      }),
      { numRuns: 60, seed: 15 },
    );
  });
});
