/**
 * Fault matrix, frame rows: a malformed, oversized, truncated or mistyped frame, or one of a
 * channel nobody subscribed to, arrives between good ones. Each row: no crash or unhandled
 * rejection, one typed diagnostic (bounded in length), the connection kept, and every event pushed
 * before and after it received exactly once, balances and orders equal to the simulator's.
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import { StreamFatalError } from '../../src/stream/user-data-stream.js';
import type { MalformedKind } from '../../src/simulator/index.js';
import { guardAgainstCrashes } from './support/crash-guard.js';
import { coverageOf, expectNothingLost, settle } from './support/row-checks.js';
import { ACCOUNT, lifecycle, ofType, startRow, trade, type Row } from './support/row.js';

guardAgainstCrashes();

let row: Row | undefined;
afterEach(async () => {
  await row?.stop();
  row = undefined;
});

/** Kind of bad frame, stream format, diagnostic expected, and a piece of its message. */
const rows: readonly [string, MalformedKind, 'protobuf' | 'json', 'malformed-frame' | 'unknown-frame', string][] = [
  ['malformed frame (protobuf bytes that end inside a field)', 'protobuf', 'protobuf', 'malformed-frame', 'protobuf: undecodable'],
  ['malformed frame (JSON: a balance that is not a number)', 'json', 'json', 'malformed-frame', 'privateAccount.balanceAmount'],
  ['malformed frame (text that is not JSON)', 'text', 'protobuf', 'malformed-frame', 'text: neither JSON'],
  ['truncated protobuf (a genuine frame cut in half)', 'truncated', 'protobuf', 'malformed-frame', 'protobuf: undecodable'],
  ['truncated JSON (a genuine frame cut in half)', 'truncated', 'json', 'malformed-frame', 'text: neither JSON'],
  ['wrong field types (protobuf: numbers for text, text for the time)', 'wrong-types', 'protobuf', 'malformed-frame', 'protobuf:'],
  ['wrong field types (JSON: numbers, objects and text swapped)', 'wrong-types', 'json', 'malformed-frame', 'json:'],
  ['oversized frame (1 MiB)', 'oversized', 'protobuf', 'unknown-frame', '(1048576 characters)'],
  ['unknown channel (a public channel, well formed)', 'unknown-channel', 'protobuf', 'unknown-frame', 'spot@public.deals.v3.api.pb@BTCUSDT'],
];

describe('fault matrix: frames', () => {
  it.each(rows)('%s: one diagnostic, the connection kept, nothing lost', async (_name, kind, format, code, excerpt) => {
    const r = (row = await startRow({ stream: { format } }));
    trade(r, 2, 31);
    await settle(r);
    expect(r.sim.ws.sendMalformed({ account: ACCOUNT }, kind)).toBe(1);
    await r.drive.until('the diagnostic', () => ofType(r, 'diagnostic').length === 1);
    trade(r, 2, 32);
    await settle(r);

    expect(lifecycle(r)).toEqual(['connected', `diagnostic:${code}`]);
    const [diagnostic] = ofType(r, 'diagnostic');
    expect(diagnostic?.message).toContain(excerpt);
    // Bounded, whatever the frame (the oversized one is 1 MiB): at most 1000 characters and the ellipsis.
    expect(diagnostic?.message.length).toBeLessThanOrEqual(1001);
    expect(r.sim.ws.connections({ account: ACCOUNT }).map((c) => c.open)).toEqual([true]);
    const c = expectNothingLost(r);
    expect(c.received).toBe(c.pushed);
  });

  it("with onMalformedFrame: 'error', a bad frame ends the stream with StreamFatalError; the key is DELETEd", async () => {
    const r = (row = await startRow({ stream: { onMalformedFrame: 'error' } }));
    trade(r, 2, 33);
    await settle(r);
    const received = coverageOf(r).received;
    r.sim.ws.sendMalformed({ account: ACCOUNT }, 'truncated');
    await r.drive.until('the stream to end', () => r.error !== undefined);

    expect(r.error).toBeInstanceOf(StreamFatalError);
    expect((r.error as Error).message).toContain('protobuf: undecodable');
    expect(received).toBe(coverageOf(r).pushed);
    await r.drive.until('the key to be closed', () => r.sim.admin.listenKeys(ACCOUNT)[0]?.closed === true);
    await r.drive.until('the socket to be closed', () => r.sim.ws.connections({ account: ACCOUNT, open: true }).length === 0);
  });
});
