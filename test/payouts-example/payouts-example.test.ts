/**
 * The payouts example run as a user runs it, a child process, against a simulator served from
 * this process (so the simulator outlives the child) through the example's own configuration
 * (`MEXC_BASE_URL`, `MEXC_API_KEY`, `MEXC_API_SECRET`). The child is killed with SIGKILL three
 * times at different moments (just after a payout was told; between a transfer's commit and its
 * answer, which the simulator drops; at a moment after the start) and started again with the same
 * journal and batch until it finishes. Each of the 25 payouts is then carried out exactly once, on
 * the simulator's balances and transfers, and a run after completion sends nothing and says so.
 */
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { payeeNames, payoutBatch } from '../../examples/payouts/batch.js';
import { startSimulator, type Simulator } from '../../src/simulator/index.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const DATE = '2026-12-06';
const RUN_LIMIT_MS = 30_000;

let sim: Simulator;
let dir: string;
beforeAll(async () => {
  sim = await startSimulator();
  for (const name of payeeNames()) sim.admin.createSubAccount(sim.broker.name, name);
  dir = mkdtempSync(join(tmpdir(), 'payouts-example-'));
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

/** When a run is killed: after its Nth `paid` line, or once the simulator holds N transfers, or never. */
type Kill = { readonly afterPaid: number } | { readonly atTransfers: number } | undefined;

/** The example, as `npx tsx examples/payouts/main.ts` runs it, pointed at this process's simulator. */
function example(journal: string, kill: Kill): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'examples/payouts/main.ts', '--date', DATE, '--journal', journal], {
      cwd: ROOT,
      env: { ...process.env, MEXC_BASE_URL: sim.restUrl, MEXC_API_KEY: sim.broker.apiKey, MEXC_API_SECRET: sim.broker.secretKey },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let stdout = '';
    child.stdout.setEncoding('utf8').on('data', (text: string) => {
      stdout += text;
      if (kill !== undefined && 'afterPaid' in kill && stdout.split('\npaid ').length - 1 >= kill.afterPaid) child.kill('SIGKILL');
    });
    // The simulator is in this process: its transfer list is watched for the commit whose answer it drops.
    const watch = setInterval(() => {
      if (kill !== undefined && 'atTransfers' in kill && sim.admin.transfers().length >= kill.atTransfers) child.kill('SIGKILL');
    }, 2);
    const deadline = setTimeout(() => child.kill('SIGKILL'), RUN_LIMIT_MS);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearInterval(watch);
      clearTimeout(deadline);
      resolve({ code, signal, lines: stdout.split('\n').filter((line) => line !== '') });
    });
  });
}

const starting = (run: Run, word: string) => run.lines.filter((line) => line.startsWith(word));

it('25 payouts, the example killed with SIGKILL three times and started again: each paid exactly once, then nothing sent', async () => {
  const journal = join(dir, `payouts-${DATE}.journal`);
  const batch = payoutBatch(DATE);
  const brokerBefore = Number(sim.admin.balance(sim.broker.name, 'USDT'));

  // Killed just after it told its third payout.
  const first = await example(journal, { afterPaid: 3 });
  // The next transfer's answer is dropped after the simulator commits it: killed before it learns the outcome.
  sim.faults.next('B13', 'drop-after-commit');
  const second = await example(journal, { atTransfers: sim.admin.transfers().length + 1 });
  sim.faults.clear();
  // Killed a little later into a run, once it has paid twelve more.
  const third = await example(journal, { afterPaid: 12 });
  const runs = [first, second, third];
  for (let attempt = 0; attempt < 5 && !runs.some((r) => r.code === 0); attempt++) runs.push(await example(journal, undefined));

  const context = JSON.stringify(runs.map((r) => [r.signal ?? r.code, r.lines.length]));
  expect([first.signal, second.signal, third.signal, context]).toEqual(['SIGKILL', 'SIGKILL', 'SIGKILL', context]);
  const finished = runs[runs.length - 1];
  expect([finished?.code, context]).toEqual([0, context]);
  // The run after the kill between commit and answer found that payout pending and settled it from the history.
  expect(starting(third, 'pending from a previous run: 1')).toHaveLength(1);
  expect(starting(third, 'resumed ').filter((line) => line.endsWith('confirmed by history'))).toHaveLength(1);
  // Each later run skipped what the earlier ones settled, and paid only the rest.
  const told = runs.flatMap((r) => [...starting(r, 'paid '), ...starting(r, 'resumed ')].map((line) => line.split(' ')[1]?.replace(/:$/, '')));
  expect(new Set(told).size).toBe(told.length);
  expect(starting(finished ?? third, 'skipped ').length).toBeGreaterThan(0);

  const transfers = sim.admin.transfers();
  expect(transfers).toHaveLength(batch.length);
  expect(new Set(transfers.map((t) => t.clientTranId)).size).toBe(batch.length);
  for (const { account, amount } of batch) expect([account, sim.admin.balance(account, 'USDT')]).toEqual([account, amount]);
  const total = batch.reduce((sum, { amount }) => sum + Number(amount), 0);
  expect(brokerBefore - Number(sim.admin.balance(sim.broker.name, 'USDT'))).toBe(total);

  // Started once more on the finished batch: it sends nothing and says so.
  const again = await example(journal, undefined);
  expect(again.code).toBe(0);
  expect(again.lines).toContain('nothing pending from a previous run');
  expect(again.lines).toContain('nothing to send: every payout of the batch is already settled');
  expect(starting(again, 'skipped ')).toHaveLength(batch.length);
  expect(again.lines).toContain(`summary: ${batch.length} payouts, 0 paid now, 0 resumed, ${batch.length} already settled, 0 failed; 0 USDT settled by this run`);
  expect(sim.admin.transfers()).toHaveLength(batch.length);
  // The keys stay in the child: no line prints one.
  const printed = [...runs, again].flatMap((r) => r.lines).join('\n');
  expect([sim.broker.apiKey, sim.broker.secretKey].filter((secret) => printed.includes(secret))).toEqual([]);
}, 180_000);
