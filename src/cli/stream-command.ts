/**
 * `mexc-rx stream`: tails a user data stream as NDJSON (one JSON object per event, lifecycle
 * events included) until Ctrl+C, `--max-events` or `--duration-ms`; then unsubscribes, waits for
 * the listen key's DELETE, and exits.
 *
 * @module
 */
import { asyncScheduler } from 'rxjs';
import { DEFAULT_BASE_URL, DEFAULT_WS_URL } from '../client/create-client.js';
import { ValidationError } from '../errors.js';
import { scheduleInSteps } from '../long-delays.js';
import { STREAM_DEFAULTS } from '../stream/stream-settings.js';
import { userDataStream, type UserDataEvent } from '../stream/user-data-stream.js';
import type { Recorder } from '../recording/recorder.js';
import { startDemoActivity, DEMO_ORDERS } from './demo-activity.js';
import { flag, positiveInteger, readCommandLine, text } from './args.js';
import { eventLine } from './event-line.js';
import { EXIT, exitCodeHelp, type CliIo } from './io.js';
import { trackListenKeys, type KeysOutcome, type TrackedKeys } from './listen-key-tracker.js';
import { printError } from './print-error.js';
import { startRecording } from './record-option.js';
import { describeTarget, openSession, readTarget, type Session } from './session.js';
import { shownUrl } from './urls.js';

/** Help of the `stream` command. */
export const STREAM_HELP = `Usage: mexc-rx stream [options]

Tails the user data stream as NDJSON on standard output: one JSON object per line per event,
lifecycle events (connected, reconnecting, gap, rolled-over, key-replaced, diagnostic) included.
Stops on Ctrl+C, after --max-events or --duration-ms, or when its reader has gone (| head -5
has read enough: exit 0, at the next line written); the listen key is DELETEd on the way out.

Options:
  --base-url URL            REST base URL, for the listen key (default $MEXC_BASE_URL,
                            else ${DEFAULT_BASE_URL})
  --ws-url URL              websocket base URL (default $MEXC_WS_URL; for a local --base-url,
                            its simulator's; else ${DEFAULT_WS_URL})
  --format protobuf|json    frame format to subscribe to (default protobuf)
  --record FILE             also write the session to FILE as it is received (a recording:
                            mexc-rx replay FILE plays it back); FILE must not exist
  --max-events N            stop after N events (lifecycle events count)
  --duration-ms N           stop after N milliseconds
  --sim                     start a fresh embedded simulator and stream its master account
  --as master|broker        with --sim: the simulator account to stream (default master)
  --demo-activity           with --sim: trade on the account, so order, deal and account
                            events flow (a seeded session of ${DEMO_ORDERS} orders)
  --verbose                 also say where the URLs and keys came from
  -h, --help                this help

Keys: MEXC_API_KEY and MEXC_SECRET_KEY (not needed with --sim). A local REST URL with a
websocket URL that is not local, or the reverse, is refused: a listen key made by a local
simulator is never sent to the real service.
Exit codes:
${exitCodeHelp().join('\n')}

Examples:
  mexc-rx stream                                   (after pasting mexc-rx simulator's exports)
  mexc-rx stream --sim --demo-activity --max-events 20
  mexc-rx stream --format json | jq .
  mexc-rx stream --record session.ndjson          (then: mexc-rx replay session.ndjson)
`;

/** Calls `stop` once `signal` is aborted (at once when it already is); returns how to stop listening. */
function whenAborted(signal: AbortSignal | undefined, stop: () => void): () => void {
  if (signal === undefined) return () => undefined;
  if (signal.aborted) stop();
  else signal.addEventListener('abort', stop, { once: true });
  return () => signal.removeEventListener('abort', stop);
}

/** How long to wait for the listen key's DELETE on the way out, ms. */
const CLOSE_WAIT_MS = 5000;

type Stop = { readonly reason: 'max-events' | 'duration' | 'interrupted' | 'output-closed' | 'completed' } | { readonly reason: 'error'; readonly error: unknown };

interface StreamSettings {
  readonly format: 'protobuf' | 'json';
  readonly maxEvents: number | undefined;
  readonly durationMs: number | undefined;
  readonly demoActivity: boolean;
  readonly recorder: Recorder | undefined;
}

const KEY_NOTES: Readonly<Record<KeysOutcome, string>> = {
  'none-created': 'no listen key was created',
  closed: 'listen key closed',
  'close-failed': 'the listen key could not be closed (it expires within 60 minutes)',
  'close-pending': 'the listen key close got no answer in time (it expires within 60 minutes)',
};

function tail(session: Session, settings: StreamSettings, io: CliIo): { readonly stopped: Promise<Stop>; readonly keys: TrackedKeys; count(): number } {
  const { client } = session;
  const keys = trackListenKeys(client);
  const events$ = userDataStream(keys.source, { wsUrl: client.wsUrl, format: settings.format, scheduler: client.scheduler, recorder: settings.recorder });
  let count = 0;
  let done = false;
  let stopDemo: (() => void) | undefined;
  let resolveStop: (stop: Stop) => void = () => undefined;
  const ended = new Promise<Stop>((resolve) => (resolveStop = resolve));
  const finish = (stop: Stop): void => {
    if (done) return;
    done = true;
    resolveStop(stop);
  };
  const forgetInterrupt = whenAborted(io.signal, () => finish({ reason: 'interrupted' }));
  const forgetOutput = whenAborted(io.outputClosed, () => finish({ reason: 'output-closed' }));
  // In steps on real time: `--duration-ms 3000000000` is longer than a timer holds, and must not end at once.
  const timer = settings.durationMs === undefined ? undefined : scheduleInSteps(asyncScheduler, () => finish({ reason: 'duration' }), settings.durationMs);
  const subscription = events$.subscribe({
    next: (event: UserDataEvent) => {
      if (done) return;
      if (event.type === 'connected' && settings.demoActivity && session.simulator && session.account && !stopDemo) {
        stopDemo = startDemoActivity(session.simulator, session.account);
      }
      count += 1;
      io.stdout(eventLine(event, client.redact));
      if (settings.maxEvents !== undefined && count >= settings.maxEvents) finish({ reason: 'max-events' });
    },
    error: (error: unknown) => finish({ reason: 'error', error }),
    complete: () => finish({ reason: 'completed' }),
  });
  const stopped = ended.then((stop) => {
    timer?.unsubscribe();
    stopDemo?.();
    forgetInterrupt();
    forgetOutput();
    subscription.unsubscribe();
    return stop;
  });
  return { stopped, keys, count: () => count };
}

/**
 * Runs the `stream` command with its arguments (after the word `stream`); resolves to the exit
 * code once the stream has stopped and its listen key was closed.
 *
 * @example
 * ```ts
 * const code = await streamCommand(['--sim', '--max-events', '1'], { stdout: (t) => process.stdout.write(t), stderr: (t) => process.stderr.write(t), env: process.env });
 * ```
 */
export async function streamCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const read = readCommandLine(
    argv,
    { sim: 'boolean', 'demo-activity': 'boolean', verbose: 'boolean', as: 'string', 'base-url': 'string', 'ws-url': 'string', format: 'string', 'max-events': 'string', 'duration-ms': 'string', record: 'string' },
    false,
  );
  if (!read.ok) {
    io.stderr(`${read.message}\n(mexc-rx stream --help shows the usage)\n`);
    return EXIT.usage;
  }
  const { line } = read;
  if (line.options.has('help')) {
    io.stdout(STREAM_HELP);
    return EXIT.ok;
  }
  const format = text(line, 'format') ?? STREAM_DEFAULTS.format;
  const maxEvents = positiveInteger(line, 'max-events');
  const durationMs = positiveInteger(line, 'duration-ms');
  const problems = [
    line.positionals.length > 0 ? `unexpected words: ${line.positionals.join(' ')}` : undefined,
    format === 'protobuf' || format === 'json' ? undefined : `--format takes protobuf or json, not ${format}`,
    Number.isNaN(maxEvents) ? '--max-events takes a positive integer' : undefined,
    Number.isNaN(durationMs) ? '--duration-ms takes a positive integer' : undefined,
  ].filter((problem): problem is string => problem !== undefined);
  const target = readTarget(line, io.env);
  if (!target.ok) problems.push(target.message);
  const demoActivity = line.options.has('demo-activity');
  if (demoActivity && target.ok && !target.target.sim) problems.push('--demo-activity needs --sim');
  if (problems.length > 0 || !target.ok || (format !== 'protobuf' && format !== 'json')) {
    io.stderr(`${problems.join('\n')}\n`);
    return EXIT.usage;
  }
  const recording = await startRecording(text(line, 'record'), io);
  if (!recording.ok) {
    io.stderr(`${recording.message}\n`);
    return EXIT.usage;
  }
  let opened;
  try {
    opened = await openSession(target.target, io.env, { recorder: recording.recorder });
  } catch (error) {
    await recording.finish();
    printError(io.stderr, error);
    return error instanceof ValidationError ? EXIT.usage : EXIT.failed;
  }
  if (!opened.ok) {
    await recording.finish();
    io.stderr(`${opened.message}\n`);
    return EXIT.usage;
  }
  const { session } = opened;
  if (flag(line, 'verbose')) for (const note of describeTarget(target.target, session)) io.stderr(`${note}\n`);
  io.stderr(`streaming from ${shownUrl(session.client.wsUrl)} (listen keys from ${shownUrl(session.client.baseUrl)}); Ctrl+C stops\n`);
  try {
    const running = tail(session, { format, maxEvents, durationMs, demoActivity, recorder: recording.recorder }, io);
    const stop = await running.stopped;
    const keys = await running.keys.settle(CLOSE_WAIT_MS);
    if (stop.reason === 'error') printError(io.stderr, stop.error, session.client.redact);
    io.stderr(`stopped (${stop.reason}) after ${running.count()} events; ${KEY_NOTES[keys]}\n`);
    return stop.reason === 'error' ? EXIT.failed : EXIT.ok;
  } finally {
    await recording.finish();
    await session.close();
  }
}
