#!/usr/bin/env node
/**
 * The `mexc-rx` executable: runs {@link main} with the process's arguments, streams and
 * environment; Ctrl+C (SIGINT) or SIGTERM asks the running command to stop cleanly, and a second
 * one ends the process at once.
 *
 * @module
 */
import { main } from './program.js';

const stop = new AbortController();
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    stop.abort();
    process.once(signal, () => process.exit(130));
  });
}

main(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  env: process.env,
  signal: stop.signal,
}).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}\n`);
    process.exitCode = 1;
  },
);
