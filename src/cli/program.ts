/**
 * The `mexc-rx` program: reads the command word and hands the rest to that command. Every
 * command takes its outside world as a {@link CliIo}, so tests run it in-process.
 *
 * @module
 */
import { CALL_HELP, callCommand } from './call-command.js';
import { guardIo, knownSecrets } from './guarded-io.js';
import { EXIT, exitCodeHelp, type CliIo } from './io.js';
import { printError } from './print-error.js';
import { REPLAY_HELP, replayCommand } from './replay-command.js';
import { SIMULATOR_HELP, simulatorCommand } from './simulator-command.js';
import { STREAM_HELP, streamCommand } from './stream-command.js';
import { didYouMean } from '../suggest.js';
import { packageVersion } from './version.js';

/** Help of the program. */
export const PROGRAM_HELP = `Usage: mexc-rx <command> [options]

Commands:
  simulator                                  start a simulator on 127.0.0.1 and print the
                                             export lines that point call and stream at it
  call <operation> [--<param> <value> ...]   run one operation, print its result (JSON or a table)
  stream                                     tail a user data stream as NDJSON
  replay FILE [--serve]                      print a recorded session's events as stream did, or
                                             serve its frames on a websocket for any client

Options:
  -h, --help       this help (mexc-rx <command> --help, or mexc-rx help <command>, for a command's)
  -v, --version    the version of mexc-rx

Environment (read by call and stream; flags override it):
  MEXC_API_KEY, MEXC_SECRET_KEY   the keys to sign with
  MEXC_BASE_URL, MEXC_WS_URL      REST and websocket URLs (default: the real service's)

A session against a local simulator:
  terminal 1:  mexc-rx simulator
  terminal 2:  paste the export line it prints, then
               mexc-rx call listSubAccounts --format table
               mexc-rx stream

Exit codes:
${exitCodeHelp().join('\n')}
`;

const COMMANDS: Readonly<Record<string, { readonly help: string; readonly run: (argv: readonly string[], io: CliIo) => Promise<number> }>> = {
  call: { help: CALL_HELP, run: callCommand },
  stream: { help: STREAM_HELP, run: streamCommand },
  simulator: { help: SIMULATOR_HELP, run: simulatorCommand },
  replay: { help: REPLAY_HELP, run: replayCommand },
};

function unknownCommand(word: string, io: CliIo): number {
  io.stderr(`unknown command: ${word}${didYouMean(word, Object.keys(COMMANDS))}\n(mexc-rx --help lists the commands)\n`);
  return EXIT.usage;
}

/**
 * Runs the command line `argv` (without the node and script paths); resolves to the exit code.
 * With no command at all it prints the usage on standard error and exits with the usage code.
 * Every command writes through {@link guardIo}: no known secret and no raw control character is
 * ever printed, and a closed output stops the command quietly.
 *
 * @example
 * ```ts
 * const out: string[] = [];
 * const code = await main(['call', 'M2', '--sim', '--limit', '50'], { stdout: (t) => out.push(t), stderr: (t) => out.push(t), env: {} });
 * ```
 */
export async function main(argv: readonly string[], given: CliIo): Promise<number> {
  const io = guardIo(given, knownSecrets(argv, given.env));
  const [word, ...rest] = argv;
  if (word === undefined) {
    io.stderr(PROGRAM_HELP);
    return EXIT.usage;
  }
  if (word === '--help' || word === '-h') {
    io.stdout(PROGRAM_HELP);
    return EXIT.ok;
  }
  if (word === '--version' || word === '-v') {
    io.stdout(`${packageVersion()}\n`);
    return EXIT.ok;
  }
  if (word === 'help') {
    const [topic] = rest;
    if (topic === undefined) {
      io.stdout(PROGRAM_HELP);
      return EXIT.ok;
    }
    const command = COMMANDS[topic];
    if (command === undefined) return unknownCommand(topic, io);
    io.stdout(command.help);
    return EXIT.ok;
  }
  const command = COMMANDS[word];
  if (command === undefined) return unknownCommand(word, io);
  try {
    return await command.run(rest, io);
  } catch (error) {
    // Not expected: still printed through the guarded io, never as a raw stack trace.
    printError(io.stderr, error);
    return EXIT.failed;
  }
}
