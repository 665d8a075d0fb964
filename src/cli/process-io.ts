/**
 * The command line's outside world in a real process: its standard output and error streams,
 * its environment and a stop signal, as a {@link CliIo}. A write error on either stream (a closed
 * pipe: `EPIPE`) is caught there, instead of ending the process with a stack trace, and aborts
 * `outputClosed`, so a running stream stops and closes its listen key.
 *
 * @module
 */
import type { Writable } from 'node:stream';
import { isClosedOutput } from './guarded-io.js';
import type { CliIo } from './io.js';

/** The streams and settings of a process. */
export interface ProcessStreams {
  readonly stdout: Writable;
  readonly stderr: Writable;
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Aborted on Ctrl+C. */
  readonly signal: AbortSignal;
}

/** A process's {@link CliIo}, and what went wrong writing, if anything did. */
export interface ProcessIo {
  readonly io: CliIo;
  /** The first write error that was not a reader going away (a full disk), if any. */
  failure(): unknown;
}

/**
 * Wraps a process's streams: each write goes to its stream until that stream fails, after which
 * writes to it are dropped; any failure aborts `io.outputClosed`.
 *
 * @example
 * ```ts
 * const { io } = processIo({ stdout: process.stdout, stderr: process.stderr, env: process.env, signal: stop.signal });
 * const code = await main(process.argv.slice(2), io);
 * ```
 */
export function processIo(streams: ProcessStreams): ProcessIo {
  const closed = new AbortController();
  let failure: unknown;
  const writer = (stream: Writable): ((text: string) => void) => {
    let failed = false;
    stream.on('error', (error: unknown) => {
      failed = true;
      if (!isClosedOutput(error)) failure ??= error;
      closed.abort();
    });
    return (text) => {
      if (!failed && !stream.destroyed) stream.write(text);
    };
  };
  return {
    io: { stdout: writer(streams.stdout), stderr: writer(streams.stderr), env: streams.env, signal: streams.signal, outputClosed: closed.signal },
    failure: () => failure,
  };
}
