/**
 * The `mexc-rx` program: reads the command word and hands the rest to that command. Every
 * command takes its outside world as a {@link CliIo}, so tests run it in-process.
 *
 * @module
 */
import { CALL_HELP, callCommand } from './call-command.js';
import { EXIT, type CliIo } from './io.js';
import { SIMULATOR_HELP, simulatorCommand } from './simulator-command.js';
import { STREAM_HELP, streamCommand } from './stream-command.js';

/** Help of the program. */
export const PROGRAM_HELP = `Usage: mexc-rx <command> [options]

Commands:
  call <operation> [--<param> <value> ...]   run one operation, print its result as JSON
  stream                                     tail a user data stream as NDJSON
  simulator                                  start the simulator on 127.0.0.1

Run mexc-rx <command> --help (or mexc-rx help <command>) for a command's options.
Credentials come from MEXC_API_KEY and MEXC_SECRET_KEY; --sim uses an embedded simulator instead.
`;

const COMMANDS: Readonly<Record<string, { readonly help: string; readonly run: (argv: readonly string[], io: CliIo) => Promise<number> }>> = {
  call: { help: CALL_HELP, run: callCommand },
  stream: { help: STREAM_HELP, run: streamCommand },
  simulator: { help: SIMULATOR_HELP, run: simulatorCommand },
};

/**
 * Runs the command line `argv` (without the node and script paths); resolves to the exit code.
 *
 * @example
 * ```ts
 * const out: string[] = [];
 * const code = await main(['call', 'M2', '--sim', '--limit', '50'], { stdout: (t) => out.push(t), stderr: (t) => out.push(t), env: {} });
 * ```
 */
export async function main(argv: readonly string[], io: CliIo): Promise<number> {
  const [word, ...rest] = argv;
  if (word === undefined || word === '--help' || word === '-h') {
    io.stdout(PROGRAM_HELP);
    return EXIT.ok;
  }
  if (word === 'help') {
    const [topic] = rest;
    const command = topic === undefined ? undefined : COMMANDS[topic];
    io.stdout(command?.help ?? PROGRAM_HELP);
    return topic === undefined || command !== undefined ? EXIT.ok : EXIT.usage;
  }
  const command = COMMANDS[word];
  if (command === undefined) {
    io.stderr(`unknown command: ${word}\n\n${PROGRAM_HELP}`);
    return EXIT.usage;
  }
  return command.run(rest, io);
}
