/** Records of every type, and ways to read a recording's text back, for the recording tests. */
import { encodePushFrame } from '../../src/simulator/ws/encode-frame.js';
import type { RecordingRecord, SessionRecord } from '../../src/recording/format.js';
import { readRecording, type RecordingItem } from '../../src/recording/read-recording.js';
import { createRecordingWriter } from '../../src/recording/write-recording.js';
import { accountEvent, dealEvent, orderEvent } from '../stream/fixtures.js';

export const STARTED_AT = 1_736_417_000_000;

/** A header written by this version. */
export function headerLine(startedAt = STARTED_AT): string {
  return createRecordingWriter().header({ startedAt, channels: ['spot@private.account.v3.api.pb', 'spot@private.deals.v3.api.pb', 'spot@private.orders.v3.api.pb'] });
}

/** One of each record after the header, as the writer makes them. */
export function sampleLines(): string[] {
  const writer = createRecordingWriter();
  return [
    writer.frame({ connection: 1, at: STARTED_AT + 100, data: '{"id":0,"code":0,"msg":"spot@private.account.v3.api.pb"}' }),
    writer.lifecycle({ at: STARTED_AT + 100, event: { type: 'connected', connection: 1, listenKey: 'pqia…65a1', at: STARTED_AT + 100 } }),
    writer.rest({ operation: 'M8', at: STARTED_AT + 150, params: { subAccount: 'strategy01' }, reply: [{ asset: 'USDT', free: '10', locked: '0' }] }),
    writer.frame({ connection: 1, at: STARTED_AT + 200, data: encodePushFrame(accountEvent) }),
    writer.frame({ connection: 1, at: STARTED_AT + 300, data: encodePushFrame(dealEvent) }),
    writer.frame({ connection: 1, at: STARTED_AT + 400, data: encodePushFrame(orderEvent), dropped: true }),
    writer.rest({ operation: 'L3', at: STARTED_AT + 500, params: {}, error: new Error('HTTP 500') }),
    writer.overflow({ at: STARTED_AT + 900, since: STARTED_AT + 600, records: 12 }),
  ];
}

/** Everything a reading of `lines` gave. */
export function readAll(lines: readonly string[]): RecordingItem[] {
  return [...readRecording(lines)];
}

/** The records (header included) of a reading. */
export function recordsOf(items: readonly RecordingItem[]): RecordingRecord[] {
  return items.flatMap((item): RecordingRecord[] => (item.kind === 'header' ? [item.header] : item.kind === 'record' ? [item.record] : []));
}

/** The session records (after the header) of a reading. */
export function sessionRecordsOf(items: readonly RecordingItem[]): SessionRecord[] {
  return items.flatMap((item) => (item.kind === 'record' ? [item.record] : []));
}

/** The diagnostics of a reading, as `code@line`. */
export function diagnosticsOf(items: readonly RecordingItem[]): string[] {
  return items.flatMap((item) => (item.kind === 'diagnostic' ? [`${item.diagnostic.code}@${item.diagnostic.line}`] : []));
}
