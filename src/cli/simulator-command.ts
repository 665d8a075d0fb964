/**
 * The `simulator` command: starts the simulator in real-time mode and prints its URLs and the
 * master and broker credentials, then runs until stopped.
 *
 * @module
 */
import { startSimulator, type Simulator } from '../simulator/index.js';
import { positiveInteger, readCommandLine, text } from './args.js';
import { aborted, EXIT, type CliIo } from './io.js';

/** Help of the `simulator` command. */
export const SIMULATOR_HELP = `Usage: mexc-rx simulator [--port N] [--json]

Starts the simulator on 127.0.0.1 (its clock in real time) and prints its REST and websocket
URLs and the master and broker credentials; runs until Ctrl+C.

Options:
  --port N     port to listen on (default: a free one)
  --json       print one JSON object instead of text
  -h, --help   this help
`;

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
  const info = {
    restUrl: sim.restUrl,
    wsUrl: sim.wsUrl,
    master: sim.master,
    broker: sim.broker,
  };
  if (options.json) {
    options.print(JSON.stringify(info));
  } else {
    options.print(`mexc-rx simulator listening`);
    options.print(`  REST  ${info.restUrl}`);
    options.print(`  WS    ${info.wsUrl}`);
    for (const [role, account] of [['master', sim.master], ['broker', sim.broker]] as const) {
      options.print(`  ${role.padEnd(6)} uid ${account.uid}  name ${account.name}`);
      options.print(`         apiKey    ${account.apiKey}`);
      options.print(`         secretKey ${account.secretKey}`);
    }
    options.print('Press Ctrl+C to stop.');
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
