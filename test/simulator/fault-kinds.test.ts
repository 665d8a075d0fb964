/**
 * The simulator's newer fault kinds: a REST 429 with Retry-After and a request never answered
 * (`hang`), and the websocket's odd frames (truncated, wrong types, oversized, unknown channel).
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import { ApiError, createSubAccount, listSubAccounts, TimeoutError } from '../../src/index.js';
import { FAULT_RETRY_AFTER_SECONDS, type MalformedKind, type Simulator } from '../../src/simulator/index.js';
import { OVERSIZED_FRAME_BYTES, malformedFrame } from '../../src/simulator/ws/malformed.js';
import { decodeFrame } from '../../src/stream/decode-frame.js';
import { until } from '../support/harness.js';
import { clientOf, failure, startSim } from './helpers.js';

let sim: Simulator | undefined;
afterEach(async () => {
  await sim?.close();
  sim = undefined;
});

describe('REST fault kinds', () => {
  it('status-429: a 429 with Retry-After, the operation not run', async () => {
    const s = (sim = await startSim());
    s.faults.next('M1', 'status-429');
    const error = await failure(createSubAccount(clientOf(s, s.master), { subAccount: 'ratelimit01', note: 'n' }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 429, status: 429, retryAfterMs: FAULT_RETRY_AFTER_SECONDS * 1000 });
    expect(s.admin.accountOf('ratelimit01')).toBeUndefined();
    expect(s.faults.pending('M1')).toEqual([]);
  });

  it('hang: no answer, the client times out, the operation not run; the simulator still closes', async () => {
    const s = (sim = await startSim());
    s.faults.next('M1', 'hang');
    const client = clientOf(s, s.master, { timeout: 100 });
    const error = await failure(createSubAccount(client, { subAccount: 'hanging001', note: 'n' }));
    expect(error).toBeInstanceOf(TimeoutError);
    expect(s.admin.accountOf('hanging001')).toBeUndefined();
    // A request still hanging when the simulator closes does not keep it open.
    s.faults.next('M2', 'hang');
    const pending = failure(listSubAccounts(clientOf(s, s.master, { timeout: 5_000 }), {}));
    // The request has reached the simulator once it has taken its fault.
    await until(() => s.faults.pending('M2').length === 0);
    await s.close();
    expect(await pending).toBeInstanceOf(Error);
  });
});

describe('odd frames', () => {
  const expected: readonly [MalformedKind, 'protobuf' | 'json', 'malformed' | 'unknown'][] = [
    ['truncated', 'protobuf', 'malformed'],
    ['truncated', 'json', 'malformed'],
    ['wrong-types', 'protobuf', 'malformed'],
    ['wrong-types', 'json', 'malformed'],
    ['oversized', 'protobuf', 'unknown'],
    ['oversized', 'json', 'unknown'],
    ['unknown-channel', 'protobuf', 'unknown'],
    ['unknown-channel', 'json', 'unknown'],
  ];

  it.each(expected)('%s in %s form decodes as %s', (kind, form, result) => {
    const channel = form === 'protobuf' ? 'spot@private.account.v3.api.pb' : 'spot@private.account.v3.api';
    const frame = malformedFrame(kind, channel, 1_736_417_034_307);
    expect(typeof frame === 'string' ? 'json' : 'protobuf').toBe(form);
    expect(decodeFrame(frame).kind).toBe(result);
    if (kind === 'oversized') expect(frame.length).toBeGreaterThan(OVERSIZED_FRAME_BYTES);
  });
});
