/**
 * The Node sender's kept-alive connections do not keep a process alive: a child process that makes
 * one REST call against the simulator (`test/support/one-rest-call.ts`) ends on its own while its
 * connection is still open, kept for the next call. And undici is loaded by that call, not by
 * importing the library or making a client. Real I/O in a real process; the child is killed
 * if it is still running after a bound, and the test fails then.
 */
import { spawn } from 'node:child_process';
import type { Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, expect, it } from '@jest/globals';
import { startSimulator, type Simulator } from '../../src/simulator/index.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Longest the child may run (startup through tsx included) before it is killed, ms. */
const DEADLINE_MS = 30_000;

let sim: Simulator;
const connections: Socket[] = [];

beforeEach(async () => {
  sim = await startSimulator();
  // The simulator's server keeps an idle connection longer than the sender's 4 s: whatever
  // closes it first is the child.
  sim.httpServer.keepAliveTimeout = 60_000;
  sim.httpServer.on('connection', (socket: Socket) => connections.push(socket));
});

afterEach(() => sim.close());

interface Finished {
  readonly code: number | null;
  readonly lines: readonly string[];
  /** Whether the child's connection was still open when it said it had nothing left to do. */
  readonly openAtTheEnd: boolean;
  readonly stderr: string;
}

function runChild(): Promise<Finished> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'test/support/one-rest-call.ts', sim.restUrl], {
      cwd: ROOT,
      env: { ...process.env, MEXC_API_KEY: sim.master.apiKey, MEXC_SECRET_KEY: sim.master.secretKey },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const deadline = setTimeout(() => child.kill('SIGKILL'), DEADLINE_MS);
    let stdout = '';
    let stderr = '';
    let openAtTheEnd = false;
    child.stdout.setEncoding('utf8').on('data', (text: string) => {
      stdout += text;
      if (stdout.includes('keptAlive')) openAtTheEnd = connections.some((socket) => !socket.destroyed && !socket.readableEnded);
    });
    child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(deadline);
      resolve({ code, lines: stdout.split('\n').filter((line) => line !== ''), openAtTheEnd, stderr });
    });
  });
}

it('a process that made one REST call ends on its own, its kept-alive connection unref’d; undici loaded by the call', async () => {
  const result = await runChild();
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
  expect(connections).toHaveLength(1);
  expect(result.openAtTheEnd).toBe(true);
  const [answer, resources] = result.lines.map((line) => JSON.parse(line) as unknown);
  expect(answer).toEqual({ answered: 'object', undiciLoaded: [false, true] });
  // Nothing of the network is left keeping the loop alive (a ref'd socket is a TCPSocketWrap, a
  // ref'd timer a Timeout). Left out: the child's own pipes, and file requests, which tsx makes
  // while it writes its compile cache on a cold start (a machine's first run), and a handle in
  // the middle of closing (a CloseReq, seen on Node 22: it ends by itself, keeping nothing open).
  const ownAndFiles = new Set(['TTYWrap', 'PipeWrap', 'FSReqCallback', 'FSReqPromise', 'FileHandle', 'CloseReq']);
  expect((resources as { keptAlive: string[] }).keptAlive.filter((name) => !ownAndFiles.has(name))).toEqual([]);
}, 60_000);
