/**
 * Money that moves exactly once when the paying process dies: a child pays 25 sub-accounts through
 * a file journal against the simulator in this process, which drops answers after committing; it is
 * killed with SIGKILL between a journal write and its request, between a request and its answer,
 * and at random moments, and restarted with the same intents until it finishes. Every payout is
 * then carried out exactly once, on the simulator's balances and on its transfer list.
 */
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fileTransferJournal } from '../../src/journal/file/index.js';
import { pendingTransfers } from '../../src/journal/index.js';
import { startSimulator, type Simulator } from '../../src/simulator/index.js';
import { run } from '../simulator/helpers.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const PAYEES = 25;
const payee = (n: number) => `payee${String(n).padStart(3, '0')}`;

let sim: Simulator;
let dir: string;
beforeAll(async () => {
  sim = await startSimulator();
  for (let n = 1; n <= PAYEES; n++) sim.admin.createSubAccount('simmaster', payee(n));
  dir = mkdtempSync(join(tmpdir(), 'journal-kill-'));
});
afterAll(async () => {
  await sim.close();
  rmSync(dir, { recursive: true, force: true });
});

interface Run {
  readonly signal: NodeJS.Signals | null;
  readonly code: number | null;
  readonly lines: readonly string[];
}

/** One run of the payer; killed from here after `killAfterMs` when given (a random moment). */
function payer(journal: string, killAt: string, killAfterMs: number | undefined): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'test/journal/support/payer.ts'], {
      cwd: ROOT,
      env: { ...process.env, SIM_URL: sim.restUrl, MEXC_API_KEY: sim.master.apiKey, MEXC_SECRET_KEY: sim.master.secretKey, JOURNAL: journal, KILL_AT: killAt },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let stdout = '';
    let killer: NodeJS.Timeout | undefined;
    child.stdout.setEncoding('utf8').on('data', (text: string) => {
      stdout += text;
      // A random moment once payouts are under way (the start of a process is the same each time).
      if (killAfterMs !== undefined && stdout.includes('paid ')) {
        killer = setTimeout(() => child.kill('SIGKILL'), killAfterMs);
        killAfterMs = undefined;
      }
      // A run that has paid everything is let end: a kill now would only cut its exit short.
      if (stdout.includes('done\n')) clearTimeout(killer);
    });
    const deadline = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(deadline);
      resolve({ code, signal, lines: stdout.split('\n').filter((line) => line !== '') });
    });
  });
}

/** A small seeded generator, so a failing run can be told again (its seed is in the message). */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => ((state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}

it('25 payouts, the payer killed with SIGKILL at least 5 times and restarted: each paid exactly once', async () => {
  const seed = Date.now() % 100_000;
  const next = random(seed);
  const journal = join(dir, 'payouts.journal');
  const masterBefore = Number(sim.admin.balance('simmaster', 'USDT'));
  // The hooks first (between a journal write and its request; between a request and its answer), then random moments.
  const plan: [string, boolean][] = [['write:3', false], ['answer:2', false], ['write:1', false], ['answer:1', false], ['', true], ['', true], ['', true]];
  const runs: Run[] = [];
  for (let attempt = 0; attempt < 20; attempt++) {
    const [killAt, randomly] = plan[attempt] ?? ['', false];
    // Now and then the service commits and the answer is lost on the way back.
    if (next() < 0.5) sim.faults.next('M6', 'drop-after-commit');
    const result = await payer(journal, killAt, randomly ? Math.floor(next() * 300) : undefined);
    runs.push(result);
    if (result.lines.includes('done')) break;
  }
  const context = `seed ${seed}, runs: ${JSON.stringify(runs.map((r) => [r.signal ?? r.code, r.lines.length]))}`;
  const last = runs[runs.length - 1];
  expect([last?.lines.includes('done'), context]).toEqual([true, context]);
  expect(runs.filter((r) => r.signal === 'SIGKILL').length).toBeGreaterThanOrEqual(5);
  // The run killed between a request and its answer left a payout its successor found in the history.
  expect(runs.slice(2).some((r) => r.lines.some((line) => line.endsWith(' history')))).toBe(true);

  const transfers = sim.admin.transfers();
  expect(transfers).toHaveLength(PAYEES);
  expect(new Set(transfers.map((t) => t.clientTranId)).size).toBe(PAYEES);
  for (let n = 1; n <= PAYEES; n++) {
    expect([payee(n), sim.admin.balance(payee(n), 'USDT')]).toEqual([payee(n), String(n)]);
  }
  expect(masterBefore - Number(sim.admin.balance('simmaster', 'USDT'))).toBe((PAYEES * (PAYEES + 1)) / 2);

  const reopened = fileTransferJournal(journal);
  const entries = await reopened.entries();
  expect(await run(pendingTransfers(reopened))).toEqual([]);
  reopened.close();
  expect(entries.map((r) => r.entry.state)).toEqual(Array.from({ length: PAYEES }, () => 'settled'));
  const tranIds = new Map(transfers.map((t) => [t.clientTranId, t.tranId]));
  for (const { entry } of entries) expect(entry.resultId).toBe(tranIds.get(entry.params['clientTranId']));
  // Every line the killed and restarted payers wrote holds no credential.
  const text = readFileSync(journal, 'utf8');
  expect(text.split('\n').length).toBeGreaterThan(PAYEES);
  for (const secret of [sim.master.apiKey, sim.master.secretKey]) expect(text).not.toContain(secret);
}, 240_000);
