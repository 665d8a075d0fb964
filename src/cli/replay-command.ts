/**
 * `mexc-rx replay FILE`: prints a recorded session's events as `mexc-rx stream` printed them; with
 * `--serve`, serves its frames on a websocket on 127.0.0.1 for any client instead.
 *
 * @module
 */
import { stat } from 'node:fs/promises';
import type { RecordingDiagnostic } from '../recording/format.js';
import { recordingFile } from '../recording/recording-file.js';
import { replaySession } from '../recording/replay-session.js';
import { serveRecording } from '../simulator/replay/serve-recording.js';
import { readCommandLine, text, type CommandLine } from './args.js';
import { eventLine } from './event-line.js';
import { aborted, EXIT, exitCodeHelp, type CliIo } from './io.js';
import { printError } from './print-error.js';

/** Help of the `replay` command. */
export const REPLAY_HELP = `Usage: mexc-rx replay FILE [options]

Prints the events of a recorded session (docs/recordings.md) as mexc-rx stream printed them:
one JSON object per line, market and lifecycle events, in the recorded order. Lines of the file
that cannot be read (a last line cut short, a broken line) are skipped and named on standard
error; a recording of a newer format is refused.

With --serve, serves the recording instead: a websocket on 127.0.0.1 that speaks the service's
protocol (any listen key in the URL; SUBSCRIPTION and PING answered), giving each client that
subscribes the recorded frames, byte for byte, from its SUBSCRIPTION on. Its URL is printed on
standard output; Ctrl+C stops it.

Options:
  --speed X                 at the recorded pace, X times faster (0.5: half as fast). Printing:
                            default as fast as possible; --serve: default 1
  --as-fast-as-possible     no waiting between records (the default when printing)
  --serve                   serve the frames on a websocket instead of printing the events
  --port N                  with --serve: the port (default: a free one)
  -h, --help                this help

Exit codes:
${exitCodeHelp().join('\n')}

Examples:
  mexc-rx replay session.ndjson | jq 'select(.type == "order")'
  mexc-rx replay session.ndjson --speed 10
  mexc-rx replay session.ndjson --serve --port 8090 --speed 5
`;

interface ReplaySettings {
  readonly file: string;
  readonly serve: boolean;
  /** `undefined`: as fast as possible. */
  readonly speed: number | undefined;
  readonly port: number | undefined;
}

const SPEED = /^(?:\d{1,9}(?:\.\d{1,9})?|\.\d{1,9})$/;

function readSettings(line: CommandLine): { readonly ok: true; readonly settings: ReplaySettings } | { readonly ok: false; readonly problems: readonly string[] } {
  const serve = line.options.has('serve');
  const fast = line.options.has('as-fast-as-possible');
  const speedText = text(line, 'speed');
  const portText = text(line, 'port');
  const speed = speedText !== undefined && SPEED.test(speedText) ? Number(speedText) : Number.NaN;
  const port = portText !== undefined && /^\d{1,5}$/.test(portText) ? Number(portText) : Number.NaN;
  const [file, ...extra] = line.positionals;
  const problems = [
    file === undefined ? 'FILE is missing: mexc-rx replay FILE' : undefined,
    extra.length > 0 ? `unexpected words: ${extra.join(' ')}` : undefined,
    speedText !== undefined && !(speed > 0) ? '--speed takes a number more than 0' : undefined,
    speedText !== undefined && fast ? '--speed and --as-fast-as-possible exclude each other' : undefined,
    portText !== undefined && !(port <= 65_535) ? '--port takes an integer from 0 to 65535' : undefined,
    portText !== undefined && !serve ? '--port needs --serve' : undefined,
  ].filter((problem): problem is string => problem !== undefined);
  if (problems.length > 0 || file === undefined) return { ok: false, problems };
  const pacedSpeed = speedText !== undefined ? speed : serve && !fast ? 1 : undefined;
  return { ok: true, settings: { file, serve, speed: pacedSpeed, port: portText === undefined ? undefined : port } };
}

/** Why `file` cannot be read, or `undefined` when it can. */
async function unreadable(file: string): Promise<string | undefined> {
  try {
    const info = await stat(file);
    return info.isFile() ? undefined : `${file} is not a file`;
  } catch (error: unknown) {
    const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : 'unreadable';
    return `cannot read ${file} (${code})`;
  }
}

const diagnosticPrinter =
  (io: CliIo) =>
  (diagnostic: RecordingDiagnostic): void =>
    io.stderr(`${diagnostic.message}\n`);

function whenStopped(io: CliIo): Promise<'interrupted' | 'output-closed'> {
  return Promise.race([aborted(io.signal).then(() => 'interrupted' as const), aborted(io.outputClosed).then(() => 'output-closed' as const)]);
}

async function printEvents(settings: ReplaySettings, io: CliIo): Promise<number> {
  const options = settings.speed === undefined ? {} : { pace: 'recorded' as const, speed: settings.speed };
  const events$ = replaySession(recordingFile(settings.file), { ...options, onDiagnostic: diagnosticPrinter(io) });
  let count = 0;
  const ended = new Promise<{ readonly error?: unknown; readonly reason: string }>((resolve) => {
    const subscription = events$.subscribe({
      next: (event) => {
        count += 1;
        io.stdout(eventLine(event));
      },
      error: (error: unknown) => resolve({ reason: 'error', error }),
      complete: () => resolve({ reason: 'end of the recording' }),
    });
    void whenStopped(io).then((reason) => {
      subscription.unsubscribe();
      resolve({ reason });
    });
  });
  const end = await ended;
  if ('error' in end) {
    printError(io.stderr, end.error);
    return EXIT.failed;
  }
  io.stderr(`replayed ${count} events (${end.reason})\n`);
  return EXIT.ok;
}

async function serve(settings: ReplaySettings, io: CliIo): Promise<number> {
  let server;
  try {
    server = await serveRecording(recordingFile(settings.file), {
      ...(settings.port === undefined ? {} : { port: settings.port }),
      ...(settings.speed === undefined ? { pace: 'as-fast-as-possible' as const } : { speed: settings.speed }),
      onDiagnostic: diagnosticPrinter(io),
      onError: (error) => printError(io.stderr, error),
    });
  } catch (error: unknown) {
    printError(io.stderr, error);
    return EXIT.failed;
  }
  io.stdout(`${server.url}\n`);
  const pace = settings.speed === undefined ? 'as fast as possible' : `at ${settings.speed} times the recorded pace`;
  io.stderr(`serving ${settings.file} ${pace} on ${server.url} (any listen key: ${server.url}?listenKey=anything); Ctrl+C stops\n`);
  await whenStopped(io);
  await server.close();
  io.stderr(`stopped after ${server.connections()} connections\n`);
  return EXIT.ok;
}

/**
 * Runs the `replay` command with its arguments (after the word `replay`); resolves to the exit
 * code once the recording is printed, or, with `--serve`, once `io.signal` is aborted.
 *
 * @example
 * ```ts
 * const code = await replayCommand(['session.ndjson'], { stdout: (t) => process.stdout.write(t), stderr: (t) => process.stderr.write(t), env: process.env });
 * ```
 */
export async function replayCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const read = readCommandLine(argv, { serve: 'boolean', 'as-fast-as-possible': 'boolean', speed: 'string', port: 'string' }, false);
  if (!read.ok) {
    io.stderr(`${read.message}\n(mexc-rx replay --help shows the usage)\n`);
    return EXIT.usage;
  }
  if (read.line.options.has('help')) {
    io.stdout(REPLAY_HELP);
    return EXIT.ok;
  }
  const checked = readSettings(read.line);
  if (!checked.ok) {
    io.stderr(`${checked.problems.join('\n')}\n(mexc-rx replay --help shows the usage)\n`);
    return EXIT.usage;
  }
  const problem = await unreadable(checked.settings.file);
  if (problem !== undefined) {
    io.stderr(`${problem}\n`);
    return EXIT.usage;
  }
  return checked.settings.serve ? serve(checked.settings, io) : printEvents(checked.settings, io);
}
