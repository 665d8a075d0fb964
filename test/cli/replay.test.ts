/**
 * `mexc-rx replay`: a session tailed by `mexc-rx stream` against the simulator, its frames captured
 * by a websocket proxy between the two and written as a recording with the stream's lifecycle
 * events, replays line for line to what `mexc-rx stream` printed; served with `--serve`, a bare
 * `ws` client decoding with protobufjs from the project's .proto gets the recorded push frames in
 * order, byte for byte. Bad command lines and bad files get clear messages and exit codes.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import protobuf from 'protobufjs';
import WebSocket, { WebSocketServer } from 'ws';
import { createRecordingWriter } from '../../src/recording/write-recording.js';
import { startSimulator, type Simulator } from '../../src/simulator/index.js';
import type { UserDataEvent } from '../../src/stream/user-data-stream.js';
import { decodeFrame } from '../../src/stream/decode-frame.js';
import { ndjson, run } from './harness.js';

const PROTO = fileURLToPath(new URL('../../tools/proto/mexc/push_data_v3.proto', import.meta.url));
const CHANNELS = ['spot@private.account.v3.api.pb', 'spot@private.deals.v3.api.pb', 'spot@private.orders.v3.api.pb'];

let sim: Simulator;
let dir: string;
let file: string;
let streamed = '';
/** The push frames the proxy passed on, in order (the bytes of binary frames). */
const pushes: Buffer[] = [];

/** A websocket proxy that passes every frame through and writes each one it passes to the client. */
async function captureProxy(upstreamUrl: string, lines: string[], writer: ReturnType<typeof createRecordingWriter>): Promise<{ url: string; close(): Promise<void> }> {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  let connections = 0;
  const upstreams = new Set<WebSocket>();
  server.on('connection', (client, req) => {
    const connection = ++connections;
    const upstream = new WebSocket(`${upstreamUrl}${new URL(req.url ?? '/', 'http://x').search}`);
    upstreams.add(upstream);
    const pending: string[] = [];
    upstream.on('open', () => pending.splice(0).forEach((m) => upstream.send(m)));
    client.on('message', (data: Buffer) => (upstream.readyState === WebSocket.OPEN ? upstream.send(data.toString('utf8')) : pending.push(data.toString('utf8'))));
    upstream.on('message', (data: Buffer, isBinary: boolean) => {
      const frame = isBinary ? new Uint8Array(data) : data.toString('utf8');
      lines.push(writer.frame({ connection, at: Date.now(), data: frame }));
      if (isBinary) pushes.push(Buffer.from(data));
      client.send(frame, { binary: isBinary });
    });
    upstream.on('close', () => client.close());
    client.on('close', () => upstream.close());
  });
  return {
    url: `ws://127.0.0.1:${(server.address() as AddressInfo).port}/ws`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const upstream of upstreams) upstream.terminate();
        for (const client of server.clients) client.terminate();
        server.close(() => resolve());
      }),
  };
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mexc-rx-replay-'));
  sim = await startSimulator({ realtime: true });
  const env = { MEXC_API_KEY: sim.master.apiKey, MEXC_SECRET_KEY: sim.master.secretKey };
  const writer = createRecordingWriter({ secrets: [sim.master.apiKey, sim.master.secretKey] });
  const lines = [writer.header({ startedAt: Date.now(), channels: CHANNELS, wsUrl: sim.wsUrl })];
  const proxy = await captureProxy(sim.wsUrl, lines, writer);
  const stop = new AbortController();
  let printed = 0;
  let expected = Infinity;
  const result = await run(['stream', '--base-url', sim.restUrl, '--ws-url', proxy.url], {
    env,
    signal: stop.signal,
    onStdout: (text) => {
      const event = JSON.parse(text) as UserDataEvent;
      if (event.type !== 'account' && event.type !== 'deal' && event.type !== 'order') lines.push(writer.lifecycle({ at: Date.now(), event }));
      printed += 1;
      if (printed === 1) {
        sim.market.runSession({ account: sim.master.name, orders: 8, seed: 3 });
        expected = 1 + sim.ws.pushes(sim.master.name).length;
      }
      if (printed >= expected) stop.abort();
    },
  });
  await proxy.close();
  expect(result.code).toBe(0);
  streamed = result.stdout;
  file = join(dir, 'session.ndjson');
  await writeFile(file, `${lines.join('\n')}\n`);
}, 30_000);

afterAll(async () => {
  await sim?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('mexc-rx replay FILE', () => {
  it('prints, line for line, what mexc-rx stream printed for the session (20+ market events)', async () => {
    const events = ndjson(streamed);
    expect(events.filter((e) => e.type === 'account' || e.type === 'deal' || e.type === 'order').length).toBeGreaterThanOrEqual(20);
    const replayed = await run(['replay', file]);
    expect(replayed.code).toBe(0);
    expect(replayed.stdout.split('\n')).toEqual(streamed.split('\n'));
    expect(replayed.stderr).toBe(`replayed ${events.length} events (end of the recording)\n`);
  });

  it('--serve: a bare ws client decoding with protobufjs gets the recorded push frames, in order, byte for byte', async () => {
    const stop = new AbortController();
    let url = '';
    const serving = run(['replay', file, '--serve', '--as-fast-as-possible'], { signal: stop.signal, onStdout: (text) => (url = text.trim()) });
    const deadline = Date.now() + 5000;
    while (url === '' && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(url).toMatch(/^ws:\/\/127\.0\.0\.1:\d+\/ws$/);

    const socket = new WebSocket(`${url}?listenKey=whatever-key`);
    const binaries: Buffer[] = [];
    const texts: string[] = [];
    socket.on('message', (data: Buffer, isBinary: boolean) => (isBinary ? binaries.push(data) : texts.push(data.toString('utf8'))));
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    socket.send(JSON.stringify({ method: 'SUBSCRIPTION', params: CHANNELS }));
    while (binaries.length < pushes.length && Date.now() < deadline + 5000) await new Promise((resolve) => setTimeout(resolve, 5));
    socket.terminate();
    stop.abort();
    const served = await serving;

    expect(served.code).toBe(0);
    expect(texts).toEqual([JSON.stringify({ id: 0, code: 0, msg: CHANNELS.join(',') })]);
    expect(binaries.map((b) => b.toString('hex'))).toEqual(pushes.map((b) => b.toString('hex')));
    const Wrapper = (await protobuf.load(PROTO)).lookupType('mexc.push.v3.PushDataV3ApiWrapper');
    const read = binaries.map((b) => Wrapper.toObject(Wrapper.decode(b), { longs: Number, oneofs: true }) as Record<string, unknown>);
    const printedMarket = ndjson(streamed).filter((e) => e.type === 'account' || e.type === 'deal' || e.type === 'order');
    expect(read.map((r) => r['channel'])).toEqual(printedMarket.map((e) => e['channel']));
    expect(read.map((r) => r['sendTime'])).toEqual(printedMarket.map((e) => e['sendTime']));
    expect(binaries.map((b) => JSON.stringify(decodeFrame(b).kind === 'event' ? (decodeFrame(b) as { event: unknown }).event : null))).toEqual(printedMarket.map((e) => JSON.stringify(e)));
    expect(served.stderr).toMatch(/^serving .*session\.ndjson as fast as possible on ws:\/\/127\.0\.0\.1:\d+\/ws \(any listen key: .*\); Ctrl\+C stops\nstopped after 1 connections\n$/);
  });

  it('skips a last line cut short, saying so, and prints everything before it', async () => {
    const cut = join(dir, 'cut.ndjson');
    const whole = await readFile(file, 'utf8');
    await writeFile(cut, whole.slice(0, whole.trimEnd().lastIndexOf('\n') + 20));
    const result = await run(['replay', cut]);
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/^line \d+: the last line is cut short \(the writer stopped mid-line\), skipped\nreplayed \d+ events/);
    expect(streamed.startsWith(result.stdout)).toBe(true);
  });

  it('refuses a recording of a newer format with exit code 1, naming the formats', async () => {
    const newer = join(dir, 'newer.ndjson');
    await writeFile(newer, `${JSON.stringify({ record: 'header', format: 2, library: 'mexc-rx', version: '9.0.0', startedAt: 1, channels: [] })}\n`);
    for (const argv of [['replay', newer], ['replay', newer, '--serve']]) {
      const result = await run(argv);
      expect({ argv, code: result.code, stdout: result.stdout }).toEqual({ argv, code: 1, stdout: '' });
      expect(result.stderr).toContain('RecordingFormatError: the recording is in format 2; this version of mexc-rx reads format 1 and earlier: upgrade mexc-rx to read it');
    }
  });

  it('refuses a bad command line with exit code 2', async () => {
    for (const [argv, message] of [
      [['replay'], 'FILE is missing'],
      [['replay', file, 'extra'], 'unexpected words: extra'],
      [['replay', file, '--speed', '0'], '--speed takes a number more than 0'],
      [['replay', file, '--speed', 'fast'], '--speed takes a number more than 0'],
      [['replay', file, '--speed', '2', '--as-fast-as-possible'], '--speed and --as-fast-as-possible exclude each other'],
      [['replay', file, '--port', '8080'], '--port needs --serve'],
      [['replay', file, '--serve', '--port', '99999'], '--port takes an integer from 0 to 65535'],
      [['replay', join(dir, 'missing.ndjson')], 'cannot read'],
      [['replay', dir], 'is not a file'],
      [['replay', file, '--record', 'x'], 'unknown option --record'],
    ] as const) {
      const result = await run(argv);
      expect({ argv, code: result.code, stdout: result.stdout }).toEqual({ argv, code: 2, stdout: '' });
      expect(result.stderr).toContain(message);
    }
  });

  it('is listed in the program help, and has its own', async () => {
    expect((await run(['--help'])).stdout).toContain('replay FILE [--serve]');
    const help = await run(['help', 'replay']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Usage: mexc-rx replay FILE \[options\]/);
    expect(help.stdout).toContain('--serve');
  });
});
