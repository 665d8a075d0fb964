/**
 * The `simulator` command: starts the simulator in real-time mode and prints the lines a user
 * pastes into another terminal (`export MEXC_BASE_URL=... MEXC_WS_URL=... MEXC_API_KEY=...
 * MEXC_SECRET_KEY=...`), so `call` and `stream` there talk to it, then runs until stopped. Its
 * keys are throwaway ones, valid only on this simulator while it runs: printing them is its job.
 *
 * @module
 */
import { startSimulator, type SimCredentials, type Simulator } from '../simulator/index.js';
import { positiveInteger, readCommandLine, text } from './args.js';
import { aborted, EXIT, type CliIo } from './io.js';
import { CREDENTIAL_VARIABLES } from './session.js';
import { URL_VARIABLES } from './urls.js';

/** Help of the `simulator` command. */
export const SIMULATOR_HELP = `Usage: mexc-rx simulator [--port N] [--json]

Starts the simulator on 127.0.0.1 (its clock in real time) and prints, for its master and its
broker account, a line to paste into another terminal:

  export MEXC_BASE_URL=http://127.0.0.1:PORT MEXC_WS_URL=ws://127.0.0.1:PORT/ws MEXC_API_KEY=... MEXC_SECRET_KEY=...

after which mexc-rx call and mexc-rx stream there act as that account on this simulator, one
call after another on the same state. The master's line is live; the broker's is commented
out (paste it without its leading "# " to act as the broker). Every other line starts with #,
so pasting the whole output is safe. The keys are throwaway: they work only on this simulator,
until it stops. Runs until Ctrl+C.

Options:
  --port N     port to listen on (default: a free one)
  --json       print one JSON object instead (URLs, accounts, and each account's variables)
  -h, --help   this help
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

/** The text `mexc-rx simulator` prints: comments, the master's export line, the broker's commented out. */
function simulatorText(sim: Simulator): readonly string[] {
  const who = (role: string, account: SimCredentials): string => `the ${role} account (${account.name}, uid ${account.uid})`;
  return [
    `# mexc-rx simulator listening: REST ${sim.restUrl}, websocket ${sim.wsUrl}`,
    '# Its keys are throwaway: they work only on this simulator, until it stops.',
    `# Paste into another terminal to act as ${who('master', sim.master)}:`,
    exportLine(simulatorVariables(sim, sim.master)),
    `# Or, to act as ${who('broker', sim.broker)}, paste this line without its leading "# ":`,
    `# ${exportLine(simulatorVariables(sim, sim.broker))}`,
    '# Then: mexc-rx call listSubAccounts --format table   or   mexc-rx stream',
    '# Press Ctrl+C to stop.',
  ];
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
 * how to reach it. Returns the running simulator; the caller closes it.
 *
 * @example
 * ```ts
 * const sim = await runSimulatorCommand({ port: 0, json: false, print: console.log });
 * process.once('SIGINT', () => void sim.close());
 * ```
 */
export async function runSimulatorCommand(options: SimulatorCommandOptions): Promise<Simulator> {
  const sim = await startSimulator({ port: options.port, realtime: true });
  if (options.json) {
    const account = (credentials: SimCredentials): Record<string, unknown> => ({ ...credentials, variables: simulatorVariables(sim, credentials) });
    options.print(JSON.stringify({ restUrl: sim.restUrl, wsUrl: sim.wsUrl, master: account(sim.master), broker: account(sim.broker) }));
  } else {
    for (const printed of simulatorText(sim)) options.print(printed);
  }
  return sim;
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
 * const code = await simulatorCommand(['--port', '8080'], { stdout: (t) => process.stdout.write(t), stderr: (t) => process.stderr.write(t), env: process.env, signal: stop.signal });
 * ```
 */
export async function simulatorCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const read = readCommandLine(argv, { port: 'string', json: 'boolean' }, false);
  if (!read.ok) {
    io.stderr(`${read.message}\n(mexc-rx simulator --help shows the usage)\n`);
    return EXIT.usage;
  }
  const { line } = read;
  if (line.options.has('help')) {
    io.stdout(SIMULATOR_HELP);
    return EXIT.ok;
  }
  const portText = text(line, 'port');
  const port = portText === '0' ? 0 : positiveInteger(line, 'port') ?? 0;
  if (Number.isNaN(port) || port > 65535 || line.positionals.length > 0) {
    io.stderr(line.positionals.length > 0 ? `unexpected words: ${line.positionals.join(' ')}\n` : `invalid --port: ${portText ?? ''}\n`);
    return EXIT.usage;
  }
  const sim = await runSimulatorCommand({ port, json: line.options.has('json'), print: (printed) => io.stdout(`${printed}\n`) });
  await aborted(io.signal);
  await sim.close();
  return EXIT.ok;
}
