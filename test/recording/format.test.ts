/**
 * The recording format read back: what the writer wrote comes back as the same records; a newer
 * format is refused with a typed error; a cut last line and broken middle lines are skipped with
 * diagnostics while everything else is read.
 */
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { base64Decode } from '@bufbuild/protobuf/wire';
import { RECORDING_FORMAT, type RecordingRecord } from '../../src/recording/format.js';
import { readRecordingAsync } from '../../src/recording/read-recording.js';
import { RecordingFormatError } from '../../src/recording/recording-errors.js';
import { createRecordingWriter, encodeRecord } from '../../src/recording/write-recording.js';
import { isMexcError } from '../../src/index.js';
import { LIBRARY_VERSION } from '../../src/version.js';
import { diagnosticsOf, headerLine, readAll, recordsOf, sampleLines, sessionRecordsOf, STARTED_AT } from './support.js';

function refusal(run: () => unknown): RecordingFormatError {
  try {
    run();
  } catch (error) {
    if (error instanceof RecordingFormatError) return error;
    throw error;
  }
  throw new Error('not refused');
}

describe('a recording read back', () => {
  it('gives every record the writer wrote, in order, with nothing to report', () => {
    const lines = [headerLine(), ...sampleLines()];
    const items = readAll(lines);
    expect(diagnosticsOf(items)).toEqual([]);
    expect(recordsOf(items).map(encodeRecord)).toEqual(lines);
    expect(recordsOf(items)[0]).toEqual({
      record: 'header',
      format: RECORDING_FORMAT,
      library: 'mexc-rx',
      version: LIBRARY_VERSION,
      startedAt: STARTED_AT,
      channels: ['spot@private.account.v3.api.pb', 'spot@private.deals.v3.api.pb', 'spot@private.orders.v3.api.pb'],
    });
    expect(items.map((item) => (item.kind === 'diagnostic' ? 0 : item.line))).toEqual(lines.map((_l, i) => i + 1));
  });

  it('round-trips any record: encodeRecord, then read, gives the record', () => {
    const moment = fc.integer({ min: 0, max: 2 ** 45 });
    const json = fc.jsonValue().map((value) => JSON.parse(JSON.stringify(value)) as unknown);
    const record: fc.Arbitrary<RecordingRecord> = fc.oneof(
      fc.record({ record: fc.constant('frame' as const), at: moment, connection: fc.integer({ min: 1, max: 1000 }), text: fc.string({ unit: 'binary' }) }),
      fc.record({ record: fc.constant('frame' as const), at: moment, connection: fc.integer({ min: 1, max: 9 }), binary: fc.uint8Array().map((b) => Buffer.from(b).toString('base64')), dropped: fc.boolean() }),
      fc.record({ record: fc.constant('rest' as const), at: moment, operation: fc.string({ minLength: 1 }), params: fc.dictionary(fc.string(), json), reply: json.map((v) => v ?? null) }),
      fc.record({ record: fc.constant('rest' as const), at: moment, operation: fc.string({ minLength: 1 }), params: fc.constant({}), error: fc.record({ name: fc.string(), message: fc.string() }) }),
      fc.record({ record: fc.constant('overflow' as const), at: moment, since: moment, records: fc.nat() }),
      fc.record({ record: fc.constant('lifecycle' as const), at: moment, event: fc.record({ type: fc.constant('gap' as const), from: moment, to: moment, reason: fc.constant('stalled' as const) }) }),
    );
    fc.assert(
      fc.property(fc.array(record, { maxLength: 8 }), (records) => {
        const items = readAll([headerLine(), ...records.map(encodeRecord)]);
        expect(diagnosticsOf(items)).toEqual([]);
        expect(sessionRecordsOf(items)).toEqual(records);
      }),
    );
  });

  it('writes each binary frame as base64 of exactly its bytes, whatever view it came in', () => {
    const writer = createRecordingWriter();
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), fc.nat({ max: 7 }), (bytes, offset) => {
        const padded = new Uint8Array(bytes.length + offset + 3);
        padded.set(bytes, offset);
        for (const data of [bytes, Buffer.from(bytes), new DataView(padded.buffer, offset, bytes.length), bytes.slice().buffer]) {
          const [record] = sessionRecordsOf(readAll([headerLine(), writer.frame({ connection: 1, at: 1, data })]));
          expect(record && 'binary' in record ? base64Decode(record.binary) : undefined).toEqual(bytes);
        }
      }),
    );
  });

  it('reads lines as they are read from a file (async) the same', async () => {
    const lines = [headerLine(), ...sampleLines()];
    async function* slowly(): AsyncGenerator<string> {
      for (const line of lines) yield await Promise.resolve(line);
    }
    const items = [];
    for await (const item of readRecordingAsync(slowly())) items.push(item);
    expect(items).toEqual(readAll(lines));
  });

  it('takes CRLF line ends and blank lines', () => {
    const lines = [headerLine(), ...sampleLines()];
    const items = readAll(['', ...lines.map((line) => `${line}\r`), '   ', '']);
    expect(diagnosticsOf(items)).toEqual([]);
    expect(recordsOf(items)).toEqual(recordsOf(readAll(lines)));
  });
});

describe('a recording of a newer format', () => {
  it('is refused with RecordingFormatError naming both formats, however its header looks', () => {
    for (const header of [
      { ...JSON.parse(headerLine()), format: RECORDING_FORMAT + 1 },
      { record: 'header', format: RECORDING_FORMAT + 7, something: 'new', startedAt: 'later' },
    ]) {
      const error = refusal(() => readAll([JSON.stringify(header), ...sampleLines()]));
      expect(isMexcError(error)).toBe(true);
      expect(error.name).toBe('RecordingFormatError');
      expect(error.reason).toBe('newer-format');
      expect(error.format).toBe(header.format);
      expect(error.message).toContain(`format ${header.format}`);
      expect(error.message).toContain(`reads format ${RECORDING_FORMAT}`);
      expect(error.message).toContain('upgrade mexc-rx');
    }
  });
});

describe('something that is not a recording', () => {
  it.each([
    ['no line at all', []],
    ['only blank lines', ['', '  ']],
    ['a path given as the text', ['session.ndjson']],
    ['a first line that is another record', sampleLines()],
    ['a header that breaks its rules', [JSON.stringify({ record: 'header', format: 1, library: 'mexc-rx', version: '0.1.0', startedAt: 'noon', channels: [] })]],
    ['a header of format 0', [JSON.stringify({ ...JSON.parse(headerLine()), format: 0 })]],
    ['a JSON array', ['[1,2,3]']],
  ])('is refused with RecordingFormatError (not-a-recording): %s', (_what, lines) => {
    const error = refusal(() => readAll(lines));
    expect(error.reason).toBe('not-a-recording');
    expect(error.message).toMatch(/^not a mexc-rx recording: /);
  });

  it('says to pass recordingFile(path) when the first line is not a header', () => {
    expect(refusal(() => readAll(['{"hello":1}'])).message).toContain('recordingFile(path)');
  });
});

describe('a last line cut short', () => {
  it('is skipped with a truncated-last-line diagnostic, wherever it is cut; everything before it is read', () => {
    const lines = [headerLine(), ...sampleLines()];
    const last = lines[lines.length - 1] ?? '';
    const before = recordsOf(readAll(lines.slice(0, -1)));
    for (let cut = 1; cut < last.length - 1; cut++) {
      const items = readAll([...lines.slice(0, -1), last.slice(0, cut)]);
      expect({ cut, records: recordsOf(items), diagnostics: diagnosticsOf(items) }).toEqual({ cut, records: before, diagnostics: [`truncated-last-line@${lines.length}`] });
    }
  });

  it('is the last line with text: blank lines after it do not make it a middle line', () => {
    const lines = [headerLine(), ...sampleLines()];
    const items = readAll([...lines, '{"record":"frame","at":1,"conn', '', '']);
    expect(diagnosticsOf(items)).toEqual([`truncated-last-line@${lines.length + 1}`]);
  });
});

describe('broken lines in the middle', () => {
  const broken: readonly [string, string, string][] = [
    ['not JSON', '{"record":"frame",', 'malformed-line'],
    ['a frame of connection 0', '{"record":"frame","at":1,"connection":0,"text":"x"}', 'malformed-line'],
    ['a frame with both binary and text', '{"record":"frame","at":1,"connection":1,"text":"x","binary":"AA=="}', 'malformed-line'],
    ['a frame with neither', '{"record":"frame","at":1,"connection":1}', 'malformed-line'],
    ['a frame whose binary is not base64', '{"record":"frame","at":1,"connection":1,"binary":"not base64!"}', 'malformed-line'],
    ['a frame received at a negative time', '{"record":"frame","at":-5,"connection":1,"text":"x"}', 'malformed-line'],
    ['a lifecycle record of an unknown event', '{"record":"lifecycle","at":1,"event":{"type":"exploded","at":1}}', 'malformed-line'],
    ['a lifecycle event missing a field', '{"record":"lifecycle","at":1,"event":{"type":"gap","from":1,"reason":"stalled"}}', 'malformed-line'],
    ['a gap with an unknown reason', '{"record":"lifecycle","at":1,"event":{"type":"gap","from":1,"to":2,"reason":"bored"}}', 'malformed-line'],
    ['a rest record with both reply and error', '{"record":"rest","at":1,"operation":"M8","params":{},"reply":1,"error":{"name":"E","message":"m"}}', 'malformed-line'],
    ['a rest record without params', '{"record":"rest","at":1,"operation":"M8","reply":1}', 'malformed-line'],
    ['an overflow of a fraction of a record', '{"record":"overflow","at":2,"since":1,"records":1.5}', 'malformed-line'],
    ['a record type of a later writer', '{"record":"annotation","at":1,"text":"hello"}', 'unknown-record'],
    ['a record without a type', '{"at":1}', 'malformed-line'],
    ['a second header', headerLine(), 'extra-header'],
    ['a number', '42', 'malformed-line'],
  ];

  it.each(broken)('%s: skipped with a diagnostic; the lines around it are read', (_what, line, code) => {
    const lines = [headerLine(), ...sampleLines()];
    const items = readAll([...lines.slice(0, 3), line, ...lines.slice(3)]);
    expect(diagnosticsOf(items)).toEqual([`${code}@4`]);
    expect(recordsOf(items)).toEqual(recordsOf(readAll(lines)));
  });

  it('never quotes a value of the broken line in its diagnostic', () => {
    const secret = 'Zq8VbNx3Lk2pW9sT';
    const lines = [
      headerLine(),
      `{"record":"frame","at":"${secret}","connection":1,"text":"x"}`,
      `{"record":"rest","at":1,"operation":"M8","params":"${secret}","reply":1}`,
      `{"record":"lifecycle","at":1,"event":{"type":"connected","connection":1,"listenKey":7,"at":"${secret}"}}`,
      `{"record":"frame","at":1,"connection":1,"binary":"${secret}!"}`,
      `{"record":"frame", "${secret}`,
      headerLine(),
    ];
    const messages = readAll(lines).flatMap((item) => (item.kind === 'diagnostic' ? [item.diagnostic.message] : []));
    expect(messages).toHaveLength(6);
    for (const message of messages) expect(message).not.toContain(secret);
  });
});
