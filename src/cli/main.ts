#!/usr/bin/env node
/**
 * The `mexc-rx` command line. Commands: `simulator` (start the simulator on loopback).
 *
 * @module
 */
import { parseArgs } from 'node:util';
import { runSimulatorCommand } from './simulator-command.js';

const USAGE = `Usage: mexc-rx <command> [options]

Commands:
  simulator [--port N] [--json]   start the simulator on 127.0.0.1 and print its URLs and keys
`;

/**
 * Runs the command line with `argv` (without the node and script paths); resolves to an exit
 * code, or to `undefined` while a long-running command keeps the process alive.
 *
 * @example
 * ```ts
 * await main(['simulator', '--port', '8080']);
 * ```
 */
export async function main(argv: readonly string[]): Promise<number | undefined> {
  const [command, ...rest] = argv;
  if (command === 'simulator') {
    const { values } = parseArgs({
      args: [...rest],
      options: { port: { type: 'string', default: '0' }, json: { type: 'boolean', default: false } },
      strict: true,
    });
    const port = Number(values.port);
    if (!Number.isInteger(port) || port < 0 || port > 65535) {
      process.stderr.write(`invalid --port: ${values.port}\n`);
      return 2;
    }
    const sim = await runSimulatorCommand({ port, json: values.json, print: (line) => process.stdout.write(`${line}\n`) });
    const stop = (): void => {
      void sim.close().then(() => process.exit(0));
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    return undefined;
  }
  process.stdout.write(USAGE);
  return command === undefined || command === 'help' || command === '--help' ? 0 : 2;
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code !== undefined) process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
