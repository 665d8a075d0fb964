/**
 * The `simulator` command: starts the simulator in real-time mode and prints the lines a user
 * pastes into another terminal (`export MEXC_BASE_URL=... MEXC_WS_URL=... MEXC_API_KEY=...
 * MEXC_SECRET_KEY=...`), so `call` and `stream` there talk to it, then runs until stopped. Its
 * keys are throwaway ones, valid only on this simulator while it runs: printing them is its job.
 *
 * @module
 */
import { writeFile } from 'node:fs/promises';
import { startSimulator, type SimCredentials, type Simulator } from '../simulator/index.js';
import { readCommandLine } from './args.js';
import { aborted, EXIT, type CliIo } from './io.js';
import { printError } from './print-error.js';
import { CREDENTIAL_VARIABLES } from './session.js';
import { readSimulatorSettings, SIMULATOR_DEFAULTS, SIMULATOR_OPTION_KINDS, type SimulatorSettings } from './simulator-options.js';
import { startTrading } from './trade-activity.js';
import { URL_VARIABLES } from './urls.js';

/** Help of the `simulator` command. */
export const SIMULATOR_HELP = `Usage: mexc-rx simulator [--port N] [--json] [--trade [--pace MS] [--seed N]]
                         [--sub-accounts N [--accounts-file FILE]]
                         [--max-sub-accounts N] [--rate-limit N|off [--rate-window MS]]

Starts the simulator on 127.0.0.1 (its clock in real time) and prints, for its master and its
broker account, a line to paste into another terminal:

  export MEXC_BASE_URL=http://127.0.0.1:PORT MEXC_WS_URL=ws://127.0.0.1:PORT/ws MEXC_API_KEY=... MEXC_SECRET_KEY=...

after which mexc-rx call and mexc-rx stream there act as that account on this simulator, one
call after another on the same state. The master's line is live; the others are commented
out (paste one without its leading "# " to act as that account). Every other line starts
with #, so pasting the whole output is safe. The keys are throwaway: they work only on this
simulator, until it stops. Runs until Ctrl+C.

Options:
  --port N               port to listen on (default: a free one)
  --json                 print one JSON object instead (URLs, accounts, and each account's variables)
  --trade                trade on every printed account (orders placed, filled in parts, canceled),
                         so mexc-rx stream shows order, deal and account events
  --pace MS              with --trade: ms between two trading steps of each account (default ${SIMULATOR_DEFAULTS.paceMs}, at least ${SIMULATOR_DEFAULTS.minPaceMs})
  --seed N               with --trade: seed of the trading, the same every run (default ${SIMULATOR_DEFAULTS.seed})
  --sub-accounts N       create N broker sub-accounts (funded, each with a key) and print them too
                         (at most ${SIMULATOR_DEFAULTS.maxSubAccounts})
  --accounts-file FILE   also write every account (URLs, keys, variables) to FILE as JSON, for
                         scripts (readable by you only)
  --max-sub-accounts N   sub-accounts a master account may hold (the service's: 30)
  --rate-limit N|off     requests per endpoint per window, per IP and per account (the service's:
                         500), or off for none
  --rate-window MS       the rate limit's window (default ${SIMULATOR_DEFAULTS.rateWindowMs})
  -h, --help             this help
`;

/**
 * The shell variables that point `call` and `stream` at `sim` as `account`.
 *
 * @example
 * ```ts
 * simulatorVariables(sim, sim.master);
 * // { MEXC_BASE_URL: 'http://127.0.0.1:41234', MEXC_WS_URL: 'ws://127.0.0.1:41234/ws', MEXC_API_KEY: 'mx0v...', MEXC_SECRET_KEY: '...' }
 * ```
 */
export function simulatorVariables(sim: Pick<Simulator, 'restUrl' | 'wsUrl'>, account: SimCredentials): Readonly<Record<string, string>> {
  const [apiKeyVariable, secretKeyVariable] = CREDENTIAL_VARIABLES;
  return { [URL_VARIABLES.base]: sim.restUrl, [URL_VARIABLES.ws]: sim.wsUrl, [apiKeyVariable]: account.apiKey, [secretKeyVariable]: account.secretKey };
}

/** A word as a POSIX shell reads it back unchanged: bare when plain, else single-quoted. */
function shellWord(value: string): string {
  return /^[\w.:/@%+=,-]+$/.test(value) ? value : `'${value.replaceAll("'", "'\\''")}'`;
}

/**
 * The `export` line for `variables`, for a POSIX shell (bash, zsh, sh).
 *
 * @example
 * ```ts
 * exportLine({ MEXC_BASE_URL: 'http://127.0.0.1:41234' }); // 'export MEXC_BASE_URL=http://127.0.0.1:41234'
 * ```
 */
export function exportLine(variables: Readonly<Record<string, string>>): string {
  return `export ${Object.entries(variables)
    .map(([name, value]) => `${name}=${shellWord(value)}`)
    .join(' ')}`;
}

/** What the command started: the simulator, the sub-accounts it made, and how to stop it all. */
export interface SimulatorRun {
  readonly sim: Simulator;
  /** The broker sub-accounts made with `--sub-accounts`, each with its key. */
  readonly subAccounts: readonly SimCredentials[];
  /** Stops the trading, then closes the simulator. */
  close(): Promise<void>;
}

function who(role: string, account: SimCredentials): string {
  return role === 'broker sub-account' ? `the ${role} ${account.name} (uid ${account.uid})` : `the ${role} account (${account.name}, uid ${account.uid})`;
}

/** The text `mexc-rx simulator` prints: comments, the master's export line, the others commented out. */
function simulatorText(run: SimulatorRun, settings: SimulatorSettings): readonly string[] {
  const { sim, subAccounts } = run;
  const commented = (role: string, account: SimCredentials): readonly string[] => [
    `# Or, to act as ${who(role, account)}, paste this line without its leading "# ":`,
    `# ${exportLine(simulatorVariables(sim, account))}`,
  ];
  const trading = settings.trade === undefined ? [] : [`# Trading on every account above, a step each ${settings.trade.paceMs} ms (seed ${settings.trade.seed}): mexc-rx stream shows order, deal and account events.`];
  return [
    `# mexc-rx simulator listening: REST ${sim.restUrl}, websocket ${sim.wsUrl}`,
    '# Its keys are throwaway: they work only on this simulator, until it stops.',
    `# Paste into another terminal to act as ${who('master', sim.master)}:`,
    exportLine(simulatorVariables(sim, sim.master)),
    ...commented('broker', sim.broker),
    ...subAccounts.flatMap((account) => commented('broker sub-account', account)),
    ...trading,
    ...(settings.accountsFile === undefined ? [] : [`# Every account's keys are also in ${settings.accountsFile} (JSON).`]),
    '# Then: mexc-rx call listSubAccounts --format table   or   mexc-rx stream',
    '# Press Ctrl+C to stop.',
  ];
}

/** Everything about the accounts as one JSON-able object (the --json output and the accounts file). */
function accountsJson(run: SimulatorRun): Record<string, unknown> {
  const { sim } = run;
  const account = (credentials: SimCredentials): Record<string, unknown> => ({ ...credentials, variables: simulatorVariables(sim, credentials) });
  return { restUrl: sim.restUrl, wsUrl: sim.wsUrl, master: account(sim.master), broker: account(sim.broker), subAccounts: run.subAccounts.map(account) };
}

/** Funding of each sub-account made, so that it can trade. */
const SUB_ACCOUNT_FUNDS = { USDT: '100000', BTC: '10' } as const;

/** Names of the sub-accounts made: `simsub` and a number, 8 to 32 letters and digits as the service wants. */
function subAccountName(index: number): string {
  return `simsub${String(index + 1).padStart(5, '0')}`;
}

function makeSubAccounts(sim: Simulator, count: number): SimCredentials[] {
  return Array.from({ length: count }, (_, index) => {
    const name = subAccountName(index);
    sim.admin.createSubAccount(sim.broker.name, name, 'made by mexc-rx simulator');
    for (const [asset, amount] of Object.entries(SUB_ACCOUNT_FUNDS)) sim.admin.fund(name, asset, amount);
    return sim.admin.createApiKey(name);
  });
}

/**
 * Starts the simulator as `settings` say (limits, sub-accounts, trading), writes the accounts file
 * when asked, and prints how to reach it.
 *
 * @example
 * ```ts
 * const run = await startSimulatorRun({ port: 0, json: false, trade: { paceMs: 500, seed: 1 }, subAccounts: 3, accountsFile: undefined, maxSubAccounts: undefined, rateLimit: undefined }, console.log);
 * process.once('SIGINT', () => void run.close());
 * ```
 */
export async function startSimulatorRun(settings: SimulatorSettings, print: (line: string) => void): Promise<SimulatorRun> {
  const sim = await startSimulator({
    port: settings.port,
    realtime: true,
    ...(settings.maxSubAccounts === undefined ? {} : { limits: { subAccountsPerMaster: settings.maxSubAccounts } }),
    ...(settings.rateLimit === undefined ? {} : { rateLimit: settings.rateLimit }),
  });
  let stopTrading = (): void => undefined;
  const close = async (): Promise<void> => {
    stopTrading();
    await sim.close();
  };
  try {
    const subAccounts = makeSubAccounts(sim, settings.subAccounts);
    const run: SimulatorRun = { sim, subAccounts, close };
    // The file holds keys: readable and writable by its owner only, from its creation on.
    if (settings.accountsFile !== undefined) await writeFile(settings.accountsFile, `${JSON.stringify(accountsJson(run), null, 2)}\n`, { mode: 0o600 });
    if (settings.json) print(JSON.stringify({ ...accountsJson(run), ...(settings.trade === undefined ? {} : { trading: settings.trade }) }));
    else for (const printed of simulatorText(run, settings)) print(printed);
    if (settings.trade !== undefined) stopTrading = startTrading(sim, [sim.master.name, sim.broker.name, ...subAccounts.map((a) => a.name)], settings.trade);
    return run;
  } catch (error) {
    await close();
    throw error;
  }
}

/** Settings of the `simulator` command. */
export interface SimulatorCommandOptions {
  /** Port on 127.0.0.1; 0 picks a free one. */
  readonly port: number;
  /** Print one JSON object instead of text. */
  readonly json: boolean;
  /** Where to print. */
  readonly print: (line: string) => void;
}

/**
 * Starts the simulator (clock in real time, so clients using `Date.now` are accepted) and prints
 * how to reach it, with the service's limits, no sub-accounts and no trading. Returns the running
 * simulator; the caller closes it.
 *
 * @example
 * ```ts
 * const sim = await runSimulatorCommand({ port: 0, json: false, print: console.log });
 * process.once('SIGINT', () => void sim.close());
 * ```
 */
export async function runSimulatorCommand(options: SimulatorCommandOptions): Promise<Simulator> {
  const settings: SimulatorSettings = { port: options.port, json: options.json, trade: undefined, subAccounts: 0, accountsFile: undefined, maxSubAccounts: undefined, rateLimit: undefined };
  return (await startSimulatorRun(settings, options.print)).sim;
}

/**
 * Runs the `simulator` command with its arguments (after the word `simulator`): starts the
 * simulator, prints how to reach it, and resolves to the exit code once `io.signal` is aborted
 * and the simulator is closed.
 *
 * @example
 * ```ts
 * const stop = new AbortController();
 * process.once('SIGINT', () => stop.abort());
 * const code = await simulatorCommand(['--trade', '--pace', '200'], { stdout: (t) => process.stdout.write(t), stderr: (t) => process.stderr.write(t), env: process.env, signal: stop.signal });
 * ```
 */
export async function simulatorCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const read = readCommandLine(argv, SIMULATOR_OPTION_KINDS, false);
  const settings = read.ok ? readSimulatorSettings(read.line) : read;
  if (read.ok && read.line.options.has('help')) {
    io.stdout(SIMULATOR_HELP);
    return EXIT.ok;
  }
  if (!settings.ok) {
    io.stderr(`${settings.message}\n(mexc-rx simulator --help shows the usage)\n`);
    return EXIT.usage;
  }
  let run: SimulatorRun;
  try {
    run = await startSimulatorRun(settings.settings, (printed) => io.stdout(`${printed}\n`));
  } catch (error) {
    // A file that cannot be written, a port taken: the error's own words (no secret is in them).
    io.stderr('mexc-rx simulator: could not start\n');
    printError(io.stderr, error);
    return EXIT.failed;
  }
  await aborted(io.signal);
  await run.close();
  return EXIT.ok;
}
