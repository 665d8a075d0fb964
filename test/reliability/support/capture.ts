/**
 * Captures everything written to the console and to stdout/stderr while it is installed (of Jest's
 * sandboxed process and of the real one), so a test can scan it for secrets. Writes still go
 * through; console calls are only recorded.
 */
import { jest } from '@jest/globals';
import { realProcess } from './crash-guard.js';

/** What was captured, and how to stop capturing. */
export interface OutputCapture {
  /** Console call arguments and written chunks, in order. */
  readonly items: unknown[];
  restore(): void;
}

const CONSOLE_METHODS = ['log', 'info', 'warn', 'error', 'debug', 'trace'] as const;

type Write = NodeJS.WriteStream['write'];

/**
 * Starts capturing.
 *
 * @example
 * ```ts
 * const output = captureOutput();
 * // ... run things ...
 * output.restore();
 * expect(leaks(output.items, secrets)).toEqual([]);
 * ```
 */
export function captureOutput(): OutputCapture {
  const items: unknown[] = [];
  const restorers: (() => void)[] = [];
  for (const method of CONSOLE_METHODS) {
    const spy = jest.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      items.push(args);
    });
    restorers.push(() => spy.mockRestore());
  }
  const streams = new Set<NodeJS.WriteStream>([process.stdout, process.stderr, realProcess.stdout, realProcess.stderr]);
  for (const stream of streams) {
    const original: Write = stream.write;
    const wrapped = function (this: NodeJS.WriteStream, chunk: unknown, ...rest: unknown[]): boolean {
      items.push(typeof chunk === 'string' ? chunk : Buffer.isBuffer(chunk) ? chunk.toString('utf8') : String(chunk));
      return (original as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
    };
    stream.write = wrapped as Write;
    restorers.push(() => {
      stream.write = original;
    });
  }
  return {
    items,
    restore() {
      for (const restore of restorers.splice(0).reverse()) restore();
    },
  };
}
