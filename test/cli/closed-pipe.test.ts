/**
 * A closed pipe (`mexc-rx stream | head -3`): the reader of standard output goes away, and every
 * later write fails with EPIPE. The command stops quietly, exit 0, with its listen key closed.
 * In-process, through `main` with an io whose writes start failing after N of them; the real
 * process's streams through `processIo`.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Writable } from 'node:stream';
import { processIo } from '../../src/cli/process-io.js';
import { startSimulator, type Simulator } from '../../src/simulator/index.js';
import { closedPipeError, ndjson, runPiped } from './harness.js';

describe('a closed pipe under mexc-rx stream', () => {
  let sim: Simulator;
  let env: Record<string, string>;
  beforeAll(async () => {
    sim = await startSimulator({ realtime: true });
    env = { MEXC_API_KEY: sim.master.apiKey, MEXC_SECRET_KEY: sim.master.secretKey };
  });
  afterAll(() => sim.close());

  it('stops the stream at the first write that fails, exits 0 and DELETEs the listen key', async () => {
    // Each line printed places an order, so events keep coming as long as anyone reads.
    const placeOrder = (): void => void sim.market.placeOrder({ account: sim.master.name, symbol: 'BTCUSDT', side: 'BUY', price: '30000', quantity: '0.01' });
    const result = await runPiped(['stream', '--base-url', sim.restUrl, '--format', 'json'], 3, { env, onStdout: placeOrder });
    expect(result.code).toBe(0);
    expect(ndjson(result.stdout).map((event) => event.type)).toEqual(['connected', expect.any(String), expect.any(String)]);
    expect(result.writesAfterClose).toBe(1);
    expect(result.stderr).toMatch(/\nstopped \(output-closed\) after 4 events; listen key closed\n$/);
    const keys = sim.admin.listenKeys(sim.master.name);
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.filter((key) => key.valid)).toEqual([]);
  });

  it('stops an embedded simulator stream with --demo-activity the same way', async () => {
    const result = await runPiped(['stream', '--sim', '--demo-activity', '--format', 'json'], 5);
    expect(result.code).toBe(0);
    expect(ndjson(result.stdout)).toHaveLength(5);
    expect(result.writesAfterClose).toBe(1);
    expect(result.stderr).toMatch(/\nstopped \(output-closed\) after 6 events; listen key closed\n$/);
  });
});

describe('a closed pipe under mexc-rx call and mexc-rx simulator', () => {
  it('call: the result is dropped, nothing is printed about it, and the exit code is 0', async () => {
    for (const format of ['json', 'table']) {
      const result = await runPiped(['call', 'listSubAccounts', '--sim', '--format', format], 0);
      expect({ format, ...result }).toEqual({ format, code: 0, stdout: '', stderr: '', writesAfterClose: 1 });
    }
  });

  it('simulator: the lines nobody reads are dropped, and it serves on until asked to stop', async () => {
    const stop = new AbortController();
    let firstLine: (text: string) => void = () => undefined;
    const read = new Promise<string>((resolve) => (firstLine = resolve));
    const result = runPiped(['simulator'], 1, { onStdout: (text) => firstLine(text), signal: stop.signal });
    // The first line was read; the second write failed; the simulator still answers.
    const restUrl = /REST (\S+),/.exec(await read)?.[1] ?? '';
    expect((await fetch(`${restUrl}/api/v3/ping`)).status).toBe(200);
    stop.abort();
    expect(await result).toEqual({ code: 0, stdout: expect.stringMatching(/^# mexc-rx simulator listening/), stderr: '', writesAfterClose: 1 });
  });
});

/** A stream whose every write fails with `error`, as standard output does once its reader has gone. */
function failingStream(error: () => Error): Writable & { attempts: number } {
  const stream = new Writable({
    write(_chunk, _encoding, callback) {
      stream.attempts += 1;
      callback(error());
    },
  }) as Writable & { attempts: number };
  stream.attempts = 0;
  return stream;
}

describe('processIo: the real process streams', () => {
  it('turns EPIPE on standard output into outputClosed, with no uncaught error and no more writes', async () => {
    const stdout = failingStream(closedPipeError);
    const { io, failure } = processIo({ stdout, stderr: new Writable({ write: (_c, _e, cb) => cb() }), env: {}, signal: new AbortController().signal });
    io.stdout('one\n');
    await new Promise((resolve) => stdout.once('close', resolve));
    expect(io.outputClosed?.aborted).toBe(true);
    io.stdout('two\n');
    expect(stdout.attempts).toBe(1);
    expect(failure()).toBeUndefined();
  });

  it('remembers a write error that is no closed pipe (a full disk), so the exit code can say output was lost', async () => {
    const full = Object.assign(new Error('write ENOSPC'), { code: 'ENOSPC' });
    const stdout = failingStream(() => full);
    const { io, failure } = processIo({ stdout, stderr: new Writable({ write: (_c, _e, cb) => cb() }), env: {}, signal: new AbortController().signal });
    io.stdout('one\n');
    await new Promise((resolve) => stdout.once('close', resolve));
    expect(io.outputClosed?.aborted).toBe(true);
    expect(failure()).toBe(full);
  });
});
