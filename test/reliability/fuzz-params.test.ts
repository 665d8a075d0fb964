/**
 * Fuzzing parameter validation: random parameter objects into every operation (11,600 seeded cases
 * in all, plus 5,800 through the public call). Validation never
 * throws; it either encodes the parameters or refuses them with a ValidationError naming fields;
 * and through the public functions, a refused call never reaches the network.
 */
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { firstValueFrom } from 'rxjs';
import { createClient, endpointTable, ValidationError } from '../../src/index.js';
import { type AnyEndpoint } from '../../src/endpoints/endpoint.js';
import { paramFields } from '../../src/endpoints/endpoint.js';
import { encodeParams } from '../../src/params/validate.js';
import { fakeFetch } from '../support/fake-fetch.js';

/** 400 per operation: 11,600 cases over the 29 operations. */
const RUNS_PER_OPERATION = 400;
const RUNS_THROUGH_CLIENT = 200;

/** Parameter objects mixing the row's own names (with plausible and hostile values) and stray keys. */
function paramsFor(row: AnyEndpoint): fc.Arbitrary<Record<string, unknown>> {
  const names = paramFields(row).map(([name]) => name);
  const key = names.length > 0 ? fc.oneof(fc.constantFrom(...names), fc.string({ maxLength: 12 })) : fc.string({ maxLength: 12 });
  const value = fc.oneof(
    fc.anything({ maxDepth: 2 }),
    fc.string({ maxLength: 40 }),
    fc.stringMatching(/^[A-Za-z0-9]{1,40}$/),
    fc.stringMatching(/^\d{1,6}(\.\d{1,4})?$/),
    fc.integer(),
    fc.constantFrom('SPOT', 'FUTURES', 'FUTURE', 'SPOT_ACCOUNT_READ', '', ' ', 'true', '1e5', '-1', '0'),
    fc.array(fc.constantFrom('SPOT_DEAL_READ', 'SPOT_WITHDRAW_READ', '10.0.0.1', '::1', 'x'), { maxLength: 6 }),
  );
  return fc.dictionary(key, value, { maxKeys: 8 });
}

const hostileInput = fc.oneof(fc.constant(null), fc.constant(undefined), fc.anything({ maxDepth: 1 }));

describe.each(endpointTable.map((row) => [row.id, row] as const))('%s parameter validation', (_id, row) => {
  const fields = paramFields(row);

  it(`never throws on ${RUNS_PER_OPERATION} random parameter objects`, () => {
    const known = new Set(fields.map(([name]) => name));
    let refused = 0;
    // The predicates return whether the case holds (no matcher per case: each would build an
    // error with a stack trace, most of the suite's time); fast-check reports a failing case.
    fc.assert(
      fc.property(fc.oneof({ weight: 9, arbitrary: paramsFor(row) }, { weight: 1, arbitrary: hostileInput }), (params) => {
        const result = encodeParams(row.id, fields, params);
        if (result instanceof ValidationError) {
          refused += 1;
          // A refusal names at least one broken rule.
          return result.issues.length > 0 && result.issues.every((issue) => typeof issue.rule === 'string');
        }
        // What passes is exactly the row's own parameters, as text.
        return result.pairs.every(([name, wire]) => known.has(name) && typeof wire === 'string');
      }),
      { numRuns: RUNS_PER_OPERATION, seed: 7_000 + endpointTable.indexOf(row) },
    );
    expect(refused).toBeGreaterThan(0);
  });

  // No request budget: the cases share one base URL, and A1's two calls a second per account would
  // pace the accepted ones in real time (15 s of this suite); what is checked is the validation.
  it(`sends nothing for refused parameters, through the public call (${RUNS_THROUGH_CLIENT} cases)`, async () => {
    await fc.assert(
      fc.asyncProperty(paramsFor(row), async (params) => {
        const fake = fakeFetch(() => new Response('{}', { status: 200 }));
        const client = createClient({ apiKey: 'fuzz-api-key-0001', secretKey: 'fuzz-secret-key-0001', fetch: fake.fetch, retry: { limit: 0 }, budget: false });
        const outcome = await firstValueFrom(client.call(row, params as never)).then(
          () => undefined,
          (error: unknown) => error,
        );
        return outcome instanceof ValidationError ? fake.calls.length === 0 : fake.calls.length >= 1;
      }),
      { numRuns: RUNS_THROUGH_CLIENT, seed: 9_000 + endpointTable.indexOf(row) },
    );
  });
});
