/**
 * Runs the command line in-process: collects what it writes, and gives it an environment and a
 * stop signal of the test's choosing.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { main } from '../../src/cli/program.js';

/** What one run did. */
export interface Run {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Settings of one run. */
export interface RunOptions {
  readonly env?: Readonly<Record<string, string | undefined>>;
  readonly signal?: AbortSignal;
  /** Called with each piece of standard output as it is written. */
  readonly onStdout?: (text: string) => void;
}

/** Runs `main(argv)` and collects its output. */
export async function run(argv: readonly string[], options: RunOptions = {}): Promise<Run> {
  let stdout = '';
  let stderr = '';
  const code = await main(argv, {
    stdout: (text) => {
      stdout += text;
      options.onStdout?.(text);
    },
    stderr: (text) => {
      stderr += text;
    },
    env: options.env ?? {},
    ...(options.signal === undefined ? {} : { signal: options.signal }),
  });
  return { code, stdout, stderr };
}

/** What one run into a pipe whose reader leaves did, and how many writes it tried after that. */
export interface PipedRun extends Run {
  readonly writesAfterClose: number;
}

/** A write error of a closed pipe. */
export function closedPipeError(): Error {
  return Object.assign(new Error('write EPIPE'), { code: 'EPIPE', errno: -32, syscall: 'write' });
}

/**
 * Runs `main(argv)` with a standard output whose reader leaves after `readerLeavesAfter` writes:
 * every later write throws an error with `code: 'EPIPE'`, as a write into a closed pipe fails.
 */
export async function runPiped(argv: readonly string[], readerLeavesAfter: number, options: RunOptions = {}): Promise<PipedRun> {
  let writes = 0;
  let writesAfterClose = 0;
  let stdout = '';
  let stderr = '';
  const code = await main(argv, {
    stdout: (text) => {
      writes += 1;
      if (writes > readerLeavesAfter) {
        writesAfterClose += 1;
        throw closedPipeError();
      }
      stdout += text;
      options.onStdout?.(text);
    },
    stderr: (text) => {
      stderr += text;
    },
    env: options.env ?? {},
    ...(options.signal === undefined ? {} : { signal: options.signal }),
  });
  return { code, stdout, stderr, writesAfterClose };
}

/** The JSON objects of NDJSON text. */
export function ndjson(text: string): readonly Record<string, unknown>[] {
  return text
    .split('\n')
    .filter((line) => line.length > 0)
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** A loopback HTTP server that counts requests and answers each with `[]` (`reply`), a 500 (`fail`), or never (`hang`). */
export interface CountingServer {
  readonly url: string;
  readonly requests: IncomingMessage[];
  /** Requests whose connection closed before an answer. */
  readonly aborted: () => number;
  close(): Promise<void>;
}

/** Starts a {@link CountingServer}. */
export async function countingServer(mode: 'reply' | 'fail' | 'hang'): Promise<CountingServer> {
  const requests: IncomingMessage[] = [];
  let abortedCount = 0;
  const server: Server = createServer((req, res) => {
    requests.push(req);
    if (mode !== 'hang') {
      res.writeHead(mode === 'reply' ? 200 : 500, { 'Content-Type': 'application/json' });
      res.end(mode === 'reply' ? '[]' : '{"code":500,"msg":"internal error"}');
      return;
    }
    res.on('close', () => {
      if (!res.writableEnded) abortedCount += 1;
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    aborted: () => abortedCount,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
