/**
 * `mexc-rx stream --record FILE` against the simulator: a trading session of 20+ market events,
 * recorded by the command itself, replays with `mexc-rx replay FILE` to what the stream printed,
 * line for line; `replaySession` of the file piped into the state operators ends in the states the
 * printed events lead to; the file holds no api key, secret key, signature (each one the command
 * sent, seen by a proxy in front of the simulator) or whole listen key. A file that exists is
 * never written over. As a child process, Ctrl+C (SIGINT) stops the stream and the recording is
 * flushed and closed: it replays to what was printed.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { from, lastValueFrom, map, type Observable } from 'rxjs';
import { balanceSnapshots, recordingFile, reduceOrders, replaySession, type UserDataEvent } from '../../src/index.js';
import { startSimulator, type Simulator } from '../../src/simulator/index.js';
import { readAll, recordsOf } from '../recording/support.js';
import { ndjson, run } from './harness.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

let sim: Simulator;
let dir: string;
let file: string;
let streamed = '';
let streamErr = '';
let proxy: Server;
const sentUrls: string[] = [];

/** An HTTP proxy to the simulator's REST port that notes every request's URL. */
async function restProxy(target: string): Promise<{ server: Server; url: string }> {
  const upstream = new URL(target);
  const server = createServer((req, res) => {
    sentUrls.push(req.url ?? '');
    const forward = request({ host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

const isMarket = (event: { readonly type?: unknown }): boolean => event.type === 'account' || event.type === 'deal' || event.type === 'order';

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mexc-rx-record-'));
  file = join(dir, 'session.ndjson');
  sim = await startSimulator({ realtime: true });
  const started = await restProxy(sim.restUrl);
  proxy = started.server;
  const env = { MEXC_API_KEY: sim.master.apiKey, MEXC_SECRET_KEY: sim.master.secretKey };
  const stop = new AbortController();
  let printed = 0;
  let expected = Infinity;
  const result = await run(['stream', '--base-url', started.url, '--ws-url', sim.wsUrl, '--record', file], {
    env,
    signal: stop.signal,
    onStdout: () => {
      printed += 1;
      if (printed === 1) {
        sim.market.runSession({ account: sim.master.name, orders: 8, seed: 5 });
        expected = 1 + sim.ws.pushes(sim.master.name).filter((p) => p.deliveries.length > 0).length;
      }
      if (printed >= expected) stop.abort();
    },
  });
  expect(result.code).toBe(0);
  streamed = result.stdout;
  streamErr = result.stderr;
}, 30_000);

afterAll(async () => {
  await new Promise((resolve) => proxy?.close(resolve));
  await sim?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('mexc-rx stream --record FILE', () => {
  it('says what it recorded', () => {
    expect(streamErr).toMatch(/^stopped \(interrupted\) after \d+ events; listen key closed\nrecorded \d+ records to .*session\.ndjson\n$/m);
  });

  it('replays with mexc-rx replay FILE to what the stream printed, line for line (20+ market events)', async () => {
    expect(ndjson(streamed).filter(isMarket).length).toBeGreaterThanOrEqual(20);
    const replayed = await run(['replay', file]);
    expect(replayed.code).toBe(0);
    expect(replayed.stdout.split('\n')).toEqual(streamed.split('\n'));
  });

  it('holds a header, the listen-key calls, the frames and the lifecycle events', async () => {
    const records = recordsOf(readAll((await readFile(file, 'utf8')).split('\n')));
    expect(records[0]).toMatchObject({ record: 'header', library: 'mexc-rx', format: 1, channels: ['spot@private.account.v3.api.pb', 'spot@private.deals.v3.api.pb', 'spot@private.orders.v3.api.pb'] });
    expect(records.flatMap((r) => (r.record === 'rest' ? [r.operation] : []))).toEqual(['L1', 'L4']);
    expect(records.filter((r) => r.record === 'frame').length).toBeGreaterThanOrEqual(21);
    expect(records.some((r) => r.record === 'lifecycle' && r.event.type === 'connected')).toBe(true);
  });

  it('replaySession of the file, piped into reduceOrders and balanceSnapshots, ends in the states the printed events lead to', async () => {
    const printed = ndjson(streamed) as unknown as UserDataEvent[];
    const orders = (events$: Observable<UserDataEvent>) => lastValueFrom(events$.pipe(reduceOrders(), map((book) => [...book.orders].sort(([a], [b]) => a.localeCompare(b)))));
    const balances = (events$: Observable<UserDataEvent>) => lastValueFrom(events$.pipe(balanceSnapshots(), map((s) => [...s.balances].sort(([a], [b]) => a.localeCompare(b)))));
    const session = replaySession(recordingFile(file));
    const liveOrders = await orders(from(printed));
    expect(liveOrders.length).toBeGreaterThan(0);
    expect(await orders(session)).toEqual(liveOrders);
    expect(await balances(session)).toEqual(await balances(from(printed)));
  });

  it('holds no api key, secret key, signature or whole listen key', async () => {
    const text = await readFile(file, 'utf8');
    const signatures = sentUrls.map((url) => new URL(url, 'http://x').searchParams.get('signature')).filter((s): s is string => s !== null);
    const listenKeys = [...new Set(sim.ws.connections({ account: sim.master.name }).map((c) => c.listenKey))];
    expect(signatures.length).toBeGreaterThanOrEqual(2);
    expect(listenKeys.length).toBeGreaterThanOrEqual(1);
    for (const secret of [sim.master.apiKey, sim.master.secretKey, ...signatures, ...listenKeys]) expect(text).not.toContain(secret);
  });

  it('never writes over a file that exists, nor into a folder that does not: exit 2, before anything is sent', async () => {
    const taken = join(dir, 'taken.ndjson');
    await writeFile(taken, 'mine');
    const before = sentUrls.length;
    for (const [path, message] of [
      [taken, `--record: cannot write ${taken}: it exists (a recording is never written over another file)`],
      [join(dir, 'missing', 'x.ndjson'), 'ENOENT'],
    ] as const) {
      const result = await run(['stream', '--base-url', sim.restUrl, '--record', path], { env: { MEXC_API_KEY: sim.master.apiKey, MEXC_SECRET_KEY: sim.master.secretKey } });
      expect({ code: result.code, stdout: result.stdout }).toEqual({ code: 2, stdout: '' });
      expect(result.stderr).toContain(message);
    }
    expect(await readFile(taken, 'utf8')).toBe('mine');
    expect(sentUrls.length).toBe(before);
  });
});

describe('mexc-rx stream --record FILE as a child process', () => {
  it('on Ctrl+C (SIGINT to the process group) stops, flushes and closes the recording, which replays to what was printed', async () => {
    const path = join(dir, 'interrupted.ndjson');
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'stream', '--sim', '--demo-activity', '--record', path], {
      cwd: ROOT,
      env: { ...process.env, MEXC_API_KEY: '', MEXC_SECRET_KEY: '', NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    const signal = (name: NodeJS.Signals): void => {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, name);
      } catch {
        // The group is already gone.
      }
    };
    const deadline = setTimeout(() => signal('SIGKILL'), 45_000);
    let stdout = '';
    let stderr = '';
    let sent = false;
    child.stdout.setEncoding('utf8').on('data', (text: string) => {
      stdout += text;
      if (!sent && stdout.split('\n').length > 12) {
        sent = true;
        signal('SIGINT');
      }
    });
    child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    clearTimeout(deadline);
    expect({ code, stderr: stderr.split('\n').filter((l) => l.startsWith('stopped') || l.startsWith('recorded')) }).toEqual({
      code: 0,
      stderr: [expect.stringMatching(/^stopped \(interrupted\) after \d+ events; listen key closed$/), expect.stringMatching(/^recorded \d+ records to .*interrupted\.ndjson$/)],
    });
    const text = await readFile(path, 'utf8');
    expect(text.endsWith('\n')).toBe(true);
    const replayed = await run(['replay', path]);
    expect(replayed.code).toBe(0);
    expect(replayed.stderr).not.toContain('cut short');
    expect(replayed.stdout.startsWith(stdout)).toBe(true);
    expect(ndjson(stdout).length).toBeGreaterThan(12);
  }, 60_000);
});
