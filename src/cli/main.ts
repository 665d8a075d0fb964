#!/usr/bin/env node
/**
 * The `mexc-rx` executable: runs {@link main} with the process's arguments, streams and
 * environment; Ctrl+C (SIGINT) or SIGTERM asks the running command to stop cleanly, and a second
 * one ends the process at once. A closed standard output (`mexc-rx stream | head -5`) stops the
 * command quietly ({@link processIo}).
 *
 * @module
 */
import { processIo } from './process-io.js';
import { main } from './program.js';

const stop = new AbortController();
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    stop.abort();
    process.once(signal, () => process.exit(130));
  });
}

const { io, failure } = processIo({ stdout: process.stdout, stderr: process.stderr, env: process.env, signal: stop.signal });

main(process.argv.slice(2), io).then(
  (code) => {
    // A write that failed for another reason than a reader going away (a full disk) lost output.
    process.exitCode = failure() === undefined ? code : 1;
  },
  (error: unknown) => {
    io.stderr(`${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}\n`);
    process.exitCode = 1;
  },
);
