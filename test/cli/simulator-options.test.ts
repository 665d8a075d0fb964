/**
 * The `simulator` command's options, in-process: trading (the market driver trades on every
 * printed account, sub-accounts included), broker sub-accounts with keys printed as commented
 * export lines and written to a JSON file only its owner can read, the limits it enforces raised
 * or lowered, and every bad option refused with exit code 2 before anything starts.
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { firstValueFrom } from 'rxjs';
import { SIMULATOR_DEFAULTS } from '../../src/cli/simulator-options.js';
import { createClient, createSubAccount, getAccount, listOpenOrders } from '../../src/index.js';
import { run, type Run } from './harness.js';

interface PrintedAccount {
  readonly name: string;
  readonly apiKey: string;
  readonly secretKey: string;
  readonly variables: Record<string, string>;
}
interface Printed {
  readonly restUrl: string;
  readonly wsUrl: string;
  readonly master: PrintedAccount;
  readonly broker: PrintedAccount;
  readonly subAccounts: readonly PrintedAccount[];
  readonly trading?: { readonly paceMs: number; readonly seed: number };
}

let dir = '';
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mexc-rx-simulator-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

/** Runs `simulator args`, hands its first output to `use` while it runs, then stops it (Ctrl+C). */
async function withSimulator(args: readonly string[], use: (printed: string) => Promise<void>): Promise<Run> {
  const stop = new AbortController();
  let printed = '';
  let used: Promise<void> | undefined;
  const result = run(['simulator', ...args], {
    signal: stop.signal,
    onStdout: (text) => {
      printed += text;
      used ??= Promise.resolve()
        .then(() => use(printed))
        .finally(() => stop.abort());
    },
  });
  const finished = await result;
  await used;
  return finished;
}

function clientOf(printed: Printed, account: PrintedAccount) {
  return createClient({ baseUrl: printed.restUrl, wsUrl: printed.wsUrl, apiKey: account.apiKey, secretKey: account.secretKey });
}

describe('simulator --trade', () => {
  it('trades on every printed account, sub-accounts included, and says so in the JSON', async () => {
    const result = await withSimulator(['--json', '--trade', '--pace', '20', '--seed', '3', '--sub-accounts', '2'], async (text) => {
      const printed = JSON.parse(text) as Printed;
      expect(printed.trading).toEqual({ paceMs: 20, seed: 3 });
      expect(printed.subAccounts.map((a) => a.name)).toEqual(['simsub00001', 'simsub00002']);
      // Real time: the simulator's clock follows it. A step every 20 ms places an order on each account at once.
      for (const account of [printed.master, printed.broker, ...printed.subAccounts]) {
        const client = clientOf(printed, account);
        // It traded: an order is open, or its USDT moved from the 100000 it started with.
        let traded = false;
        for (let tries = 0; tries < 100 && !traded; tries++) {
          const open = await firstValueFrom(listOpenOrders(client, { symbol: 'BTCUSDT' }));
          const { balances } = await firstValueFrom(getAccount(client));
          traded = open.length > 0 || balances.find((b) => b.asset === 'USDT')?.free !== '100000';
          if (!traded) await new Promise((resolve) => setTimeout(resolve, 50));
        }
        expect(traded).toBe(true);
      }
    });
    expect(result.code).toBe(0);
  }, 60_000);
});

describe('simulator --sub-accounts', () => {
  it('prints each sub-account as a commented export line and writes them all to a file only its owner can read', async () => {
    const file = join(dir, 'accounts.json');
    const result = await withSimulator(['--sub-accounts', '3', '--accounts-file', file], async () => {
      const written = JSON.parse(await readFile(file, 'utf8')) as Printed;
      expect(written.subAccounts).toHaveLength(3);
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      // Each sub-account's key works, as that sub-account.
      const sub = written.subAccounts[2]!;
      expect(sub.variables['MEXC_API_KEY']).toBe(sub.apiKey);
      const { balances } = await firstValueFrom(getAccount(clientOf(written, sub)));
      expect(balances.find((b) => b.asset === 'USDT')?.free).toBe('100000');
    });
    expect(result.code).toBe(0);
    const lines = result.stdout.split('\n');
    const subLines = lines.filter((line) => line.startsWith('# export ') && line.includes('MEXC_API_KEY='));
    // The broker's and the three sub-accounts', all commented out: pasting the whole output acts as the master.
    expect(subLines).toHaveLength(4);
    expect(lines.filter((line) => line.startsWith('export '))).toHaveLength(1);
    expect(lines.find((line) => line.includes('simsub00003'))).toMatch(/^# Or, to act as the broker sub-account simsub00003 \(uid \d+\), paste this line without its leading "# ":$/);
    expect(lines).toContain(`# Every account's keys are also in ${file} (JSON).`);
  }, 60_000);
});

describe('simulator limits', () => {
  it('--max-sub-accounts sets how many sub-accounts a master may hold', async () => {
    const result = await withSimulator(['--json', '--max-sub-accounts', '1'], async (text) => {
      const printed = JSON.parse(text) as Printed;
      const master = clientOf(printed, printed.master);
      await firstValueFrom(createSubAccount(master, { subAccount: 'limitone01', note: 'first' }));
      await expect(firstValueFrom(createSubAccount(master, { subAccount: 'limitone02', note: 'second' }))).rejects.toThrow(/at most 1 sub-accounts/);
    });
    expect(result.code).toBe(0);
  }, 60_000);

  it('--rate-limit and --rate-window set the request budget, and off lifts it', async () => {
    // Unsigned calls: refused, but counted against the caller's IP first (a 429 once the budget is spent).
    const calls = async (restUrl: string, count: number): Promise<number[]> => {
      const statuses: number[] = [];
      for (let i = 0; i < count; i++) statuses.push((await fetch(`${restUrl}/api/v3/sub-account/list`)).status);
      return statuses;
    };
    const limited = await withSimulator(['--json', '--rate-limit', '3', '--rate-window', '600000'], async (text) => {
      const statuses = await calls((JSON.parse(text) as Printed).restUrl, 4);
      expect(statuses.slice(0, 3).every((status) => status !== 429)).toBe(true);
      expect(statuses[3]).toBe(429);
    });
    expect(limited.code).toBe(0);
    const lifted = await withSimulator(['--json', '--rate-limit', 'off'], async (text) => {
      expect((await calls((JSON.parse(text) as Printed).restUrl, 600)).filter((status) => status === 429)).toEqual([]);
    });
    expect(lifted.code).toBe(0);
  }, 60_000);
});

describe('bad options', () => {
  it.each<[readonly string[], string]>([
    [['--pace', '100'], '--pace and --seed go with --trade'],
    [['--seed', '1'], '--pace and --seed go with --trade'],
    [['--trade', '--pace', '5'], `invalid --pace: 5 (a whole number from ${SIMULATOR_DEFAULTS.minPaceMs} to 3600000)`],
    [['--trade', '--pace', 'fast'], 'invalid --pace: fast'],
    [['--trade', '--seed', '-1'], 'invalid --seed: -1'],
    [['--sub-accounts', '10001'], 'invalid --sub-accounts: 10001 (a whole number from 0 to 10000)'],
    [['--sub-accounts', '1e3'], 'invalid --sub-accounts: 1e3'],
    [['--max-sub-accounts', 'Infinity'], 'invalid --max-sub-accounts: Infinity'],
    [['--rate-limit', '0'], 'invalid --rate-limit: 0 (a whole number from 1 to 1000000), or off'],
    [['--rate-limit', 'off', '--rate-window', '1000'], '--rate-window goes with a --rate-limit number, not with off'],
    [['--rate-window', '1000'], '--rate-window goes with --rate-limit'],
    [['--accounts-file', ''], '--accounts-file needs a file name'],
    [['--port', '70000'], 'invalid --port: 70000'],
    [['--trade', 'now'], 'unexpected words: now'],
    [['--trade=yes'], '--trade takes no value'],
  ])('%j: %s', async (args, message) => {
    const result = await run(['simulator', ...args]);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(message);
    expect(result.stderr).toContain('(mexc-rx simulator --help shows the usage)');
  });

  it('fails with exit code 1, and nothing left running, when the accounts file cannot be written', async () => {
    const result = await run(['simulator', '--sub-accounts', '1', '--accounts-file', join(dir, 'missing', 'accounts.json')]);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^mexc-rx simulator: could not start\n.*ENOENT: no such file or directory, open '.*accounts\.json'\n$/);
  });
});
