/**
 * `createRecorder` on its own: its settings refused when given, the header first (made when the
 * first batch goes out, with the channels of the streams started by then), calls of your own
 * recorded with `record`, a slow sink making the buffer overflow (records left out, counted, and
 * the file saying so), a sink that throws or rejects told as a diagnostic and said in the file,
 * `flush` and `close` (the Node file sink: file-sink.test.ts).
 */
import { describe, expect, it } from '@jest/globals';
import { firstValueFrom, of, throwError, VirtualTimeScheduler } from 'rxjs';
import { createClient, createRecorder, userDataStream, ValidationError, type RecorderDiagnostic } from '../../src/index.js';
import { RECORDER_HOOKS } from '../../src/recording-hooks.js';
import { readAll, recordsOf } from './support.js';

const CHANNELS = ['spot@private.orders.v3.api.pb'];

/** A sink collecting lines, whose writes can be held until released. */
function heldSink(): { readonly lines: string[]; readonly calls: number[]; hold(): void; release(): void; readonly sink: (batch: readonly string[]) => Promise<void> | void } {
  const lines: string[] = [];
  const calls: number[] = [];
  let held: (() => void)[] | undefined;
  return {
    lines,
    calls,
    hold: () => (held = []),
    release: () => {
      const waiting = held ?? [];
      held = undefined;
      for (const resolve of waiting) resolve();
    },
    sink: (batch) => {
      calls.push(batch.length);
      if (held === undefined) {
        lines.push(...batch);
        return;
      }
      const waiting = held;
      return new Promise<void>((resolve) =>
        waiting.push(() => {
          lines.push(...batch);
          resolve();
        }),
      );
    },
  };
}

const frame = (i: number): string => JSON.stringify({ id: i, msg: 'x'.repeat(100) });

describe('createRecorder settings', () => {
  it('refuses a missing sink, a tiny buffer, secrets given as one text, and a recorder that is not one', () => {
    const refused = (make: () => unknown): string[] => {
      try {
        make();
      } catch (error) {
        if (error instanceof ValidationError) return error.issues.map((issue) => issue.field);
        throw error;
      }
      return [];
    };
    expect(refused(() => createRecorder({} as never))).toEqual(['sink']);
    expect(refused(() => createRecorder({ sink: () => undefined, maxBufferedChars: 10 }))).toEqual(['maxBufferedChars']);
    expect(refused(() => createRecorder({ sink: () => undefined, maxBufferedChars: Infinity }))).toEqual(['maxBufferedChars']);
    expect(refused(() => createRecorder({ sink: () => undefined, secrets: 'my-api-key' as never }))).toEqual(['secrets']);
    expect(refused(() => createRecorder({ sink: 'file.ndjson' as never }))).toEqual(['sink']);
    expect(refused(() => createClient({ recorder: { sink: () => undefined } as never }))).toEqual(['recorder']);
    expect(refused(() => userDataStream(() => of('key'), { wsUrl: 'ws://127.0.0.1:1/ws', recorder: 5 as never }))).toEqual(['recorder']);
    expect(refused(() => createClient({ recorder: undefined }))).toEqual([]);
  });
});

describe('what a recorder writes', () => {
  it('writes the header first, with the channels of the streams started before the first batch, then each record in order', async () => {
    const out = heldSink();
    const recorder = createRecorder({ sink: out.sink });
    const hooks = recorder[RECORDER_HOOKS];
    hooks.rest({ operation: 'L1', at: 1000, params: {}, reply: { listenKey: 'a-listen-key-of-sixty-characters-0123456789abcdef' } });
    const tap = hooks.stream({ at: 1001, channels: CHANNELS, wsUrl: 'ws://127.0.0.1:9/ws' });
    tap.frame(1, 1002, frame(1))(false);
    tap.lifecycle(1003, { type: 'connected', connection: 1, listenKey: 'a-li…cdef', at: 1003 } as never);
    await recorder.flush();
    const records = recordsOf(readAll(out.lines));
    expect(records.map((r) => r.record)).toEqual(['header', 'rest', 'frame', 'lifecycle']);
    expect(records[0]).toMatchObject({ record: 'header', startedAt: 1000, channels: CHANNELS, wsUrl: 'ws://127.0.0.1:9/ws' });
    expect(out.lines.join('\n')).not.toContain('a-listen-key-of-sixty-characters-0123456789abcdef');
  });

  it('records calls of your own with record(): the reply or the failure, credential fields replaced', async () => {
    const out = heldSink();
    const recorder = createRecorder({ sink: out.sink, clock: () => 5000, secrets: ['backend-token-1234'] });
    await firstValueFrom(recorder.record('openOrders', () => of([{ orderId: '1', apiKey: 'whatever-it-is' }]), { token: 'backend-token-1234' }));
    await expect(firstValueFrom(recorder.record('openOrders', () => throwError(() => new Error('HTTP 503 for backend-token-1234'))))).rejects.toThrow('HTTP 503');
    await recorder.close();
    const records = recordsOf(readAll(out.lines));
    expect(records.slice(1)).toEqual([
      { record: 'rest', at: 5000, operation: 'openOrders', params: { token: '[redacted]' }, reply: [{ orderId: '1', apiKey: '[redacted]' }] },
      { record: 'rest', at: 5000, operation: 'openOrders', params: {}, error: { name: 'Error', message: 'HTTP 503 for [redacted]' } },
    ]);
  });

  it('writes a header alone when closed with nothing recorded, and ignores what comes after close', async () => {
    const out = heldSink();
    const recorder = createRecorder({ sink: out.sink, clock: () => 7 });
    expect(await recorder.close()).toEqual({ recordsWritten: 0, recordsLeftOut: 0, sinkFailures: 0 });
    recorder[RECORDER_HOOKS].rest({ operation: 'L1', at: 8, params: {}, reply: {} });
    await recorder.flush();
    expect(recordsOf(readAll(out.lines)).map((r) => r.record)).toEqual(['header']);
    expect(recorder.close()).toBe(recorder.close());
  });
});

describe('a sink slower than the session', () => {
  it('leaves records out once the buffer is full, tells onDiagnostic once, and writes the overflow marker when there is room again', async () => {
    const out = heldSink();
    const diagnostics: RecorderDiagnostic[] = [];
    const recorder = createRecorder({ sink: out.sink, maxBufferedChars: 2048, onDiagnostic: (d) => diagnostics.push(d) });
    const tap = recorder[RECORDER_HOOKS].stream({ at: 0, channels: CHANNELS, wsUrl: 'ws://127.0.0.1:9/ws' });
    tap.frame(1, 1, frame(0))(false);
    await Promise.resolve();
    out.hold();
    tap.frame(1, 2, frame(1))(false);
    await Promise.resolve(); // the second batch is with the sink, held
    for (let i = 2; i < 100; i++) tap.frame(1, i + 1, frame(i))(false);
    expect(diagnostics.map((d) => d.code)).toEqual(['overflow']);
    out.release();
    await new Promise((resolve) => setTimeout(resolve, 0));
    tap.frame(1, 200, frame(200))(false);
    out.release();
    await recorder.flush();
    const records = recordsOf(readAll(out.lines));
    const marker = records.find((r) => r.record === 'overflow');
    const frames = records.filter((r) => r.record === 'frame');
    expect(marker).toEqual({ record: 'overflow', at: 200, since: expect.any(Number) as unknown, records: 100 - frames.length + 1 });
    expect(frames.length).toBeLessThan(30);
    expect(records.at(-1)).toMatchObject({ record: 'frame', at: 200 });
    expect(records.indexOf(marker!)).toBe(records.length - 2);
    expect(recorder.report()).toEqual({ recordsWritten: frames.length, recordsLeftOut: 101 - frames.length, sinkFailures: 0 });
  });

  it('leaves out a frame too big for the whole buffer, and takes the next one', async () => {
    const out = heldSink();
    const recorder = createRecorder({ sink: out.sink, maxBufferedChars: 2048 });
    const tap = recorder[RECORDER_HOOKS].stream({ at: 0, channels: CHANNELS, wsUrl: 'ws://127.0.0.1:9/ws' });
    tap.frame(1, 1, new Uint8Array(4096))(false);
    tap.frame(1, 2, 'y'.repeat(3000))(false);
    tap.frame(1, 3, frame(3))(false);
    await recorder.flush();
    expect(recordsOf(readAll(out.lines)).slice(1)).toEqual([{ record: 'overflow', at: 3, since: 1, records: 2 }, expect.objectContaining({ record: 'frame', at: 3 })]);
  });

  it('at close, writes the marker of records left out still waiting to be said', async () => {
    const out = heldSink();
    const recorder = createRecorder({ sink: out.sink, maxBufferedChars: 1024 });
    const tap = recorder[RECORDER_HOOKS].stream({ at: 0, channels: CHANNELS, wsUrl: 'ws://127.0.0.1:9/ws' });
    out.hold();
    for (let i = 0; i < 30; i++) tap.frame(1, i, frame(i))(false);
    const closing = recorder.close();
    out.release();
    await Promise.resolve();
    out.release();
    await new Promise((resolve) => setTimeout(resolve, 0));
    out.release();
    const report = await closing;
    const records = recordsOf(readAll(out.lines));
    expect(records.at(-1)).toMatchObject({ record: 'overflow', records: report.recordsLeftOut });
    expect(report.recordsLeftOut).toBeGreaterThan(0);
    expect(report.recordsWritten + report.recordsLeftOut).toBe(30);
  });
});

describe('a failing sink', () => {
  it.each(['throws', 'rejects'] as const)('that %s is a diagnostic (its message without secrets), and the file says how many records it lost once it writes again', async (how) => {
    const lines: string[] = [];
    let failing = true;
    const diagnostics: RecorderDiagnostic[] = [];
    const recorder = createRecorder({
      secrets: ['secret-in-a-path'],
      onDiagnostic: (d) => {
        diagnostics.push(d);
        throw new Error('a diagnostic handler that throws changes nothing');
      },
      sink: (batch) => {
        if (failing) {
          const error = new Error('ENOSPC: no space left on device, write /secret-in-a-path/session.ndjson');
          if (how === 'throws') throw error;
          return Promise.reject(error);
        }
        lines.push(...batch);
      },
    });
    const tap = recorder[RECORDER_HOOKS].stream({ at: 0, channels: CHANNELS, wsUrl: 'ws://127.0.0.1:9/ws' });
    for (let i = 0; i < 5; i++) {
      tap.frame(1, i, frame(i))(false);
      await recorder.flush();
    }
    expect(diagnostics).toEqual([{ code: 'sink-failed', message: expect.stringContaining('ENOSPC: no space left on device, write /[redacted]/session.ndjson') as unknown }]);
    failing = false;
    tap.frame(1, 10, frame(10))(false);
    await recorder.flush();
    const records = recordsOf(readAll(lines));
    expect(records).toEqual([
      expect.objectContaining({ record: 'header', startedAt: 0 }),
      { record: 'overflow', at: 10, since: 0, records: 5 },
      expect.objectContaining({ record: 'frame', at: 10 }),
    ]);
    expect(recorder.report()).toEqual({ recordsWritten: 1, recordsLeftOut: 5, sinkFailures: 5 });
  });
});

describe('a failing sink given a very large batch', () => {
  it('counts 150,000 lost records without overflowing the stack', async () => {
    const diagnostics: RecorderDiagnostic[] = [];
    const recorder = createRecorder({
      maxBufferedChars: 64 * 1024 * 1024,
      onDiagnostic: (d) => diagnostics.push(d),
      sink: () => {
        throw new Error('EIO');
      },
    });
    const tap = recorder[RECORDER_HOOKS].stream({ at: 0, channels: CHANNELS, wsUrl: 'ws://127.0.0.1:9/ws' });
    for (let i = 0; i < 150_000; i++) tap.frame(1, i, '{}')(false);
    await recorder.flush();
    expect(recorder.report()).toEqual({ recordsWritten: 0, recordsLeftOut: 150_000, sinkFailures: 1 });
    expect(diagnostics.map((d) => d.code)).toEqual(['sink-failed']);
  });
});

describe('client.close() with a recorder', () => {
  it('awaits the flush: it resolves only once the sink has taken the last batch', async () => {
    const out = heldSink();
    const recorder = createRecorder({ sink: out.sink });
    const client = createClient({ recorder, scheduler: new VirtualTimeScheduler() });
    recorder[RECORDER_HOOKS].rest({ operation: 'mine', at: 1, params: {}, reply: 1 });
    out.hold();
    let closed = false;
    const closing = client.close().then(() => (closed = true));
    for (let i = 0; i < 20; i++) await Promise.resolve();
    expect(closed).toBe(false);
    expect(out.calls).toEqual([2]);
    out.release();
    await closing;
    expect(recordsOf(readAll(out.lines)).map((r) => r.record)).toEqual(['header', 'rest']);
  });

  it('is not held by a sink that never answers: it resolves one timeout later, on the client scheduler', async () => {
    const scheduler = new VirtualTimeScheduler();
    const recorder = createRecorder({ sink: () => new Promise<void>(() => undefined) });
    const client = createClient({ recorder, scheduler, timeout: 5000 });
    recorder[RECORDER_HOOKS].rest({ operation: 'mine', at: 1, params: {}, reply: 1 });
    let closed = false;
    const closing = client.close().then(() => (closed = true));
    for (let i = 0; i < 100 && !closed; i++) {
      await Promise.resolve();
      scheduler.flush();
    }
    await closing;
    expect(scheduler.now()).toBeGreaterThanOrEqual(5000);
    expect(client.close()).toBe(client.close());
  });
});
