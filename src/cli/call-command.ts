/**
 * `mexc-rx call <operation> --param value ...`: runs one operation and prints its result as JSON
 * or as a table.
 * Parameters arrive as wire text and are checked with the client's own rules
 * (`decodeWireParams` over the row's fields) before anything is sent.
 *
 * @module
 */
import type { Observable } from 'rxjs';
import { DEFAULT_BASE_URL, DEFAULT_WS_URL } from '../client/create-client.js';
import { endpointTarget, paramFields, type AnyEndpoint } from '../endpoints/endpoint.js';
import { endpointTable } from '../endpoints/table.js';
import { UnknownOutcomeError, ValidationError, type ValidationIssue } from '../errors.js';
import { decodeWireParams } from '../params/decode-wire.js';
import { flag, readCommandLine, text, type CommandLine, type OptionKinds } from './args.js';
import { EXIT, exitCodeHelp, type CliIo } from './io.js';
import { findOperation, operationList, runOperation } from './operations.js';
import { printError } from './print-error.js';
import { resultTable } from './result-table.js';
import { describeTarget, openSession, readTarget } from './session.js';
import { didYouMean } from '../suggest.js';

/** The options of `call` itself (every other `--name` is a parameter of the operation). */
export const CALL_OPTIONS: OptionKinds = { sim: 'boolean', verbose: 'boolean', as: 'string', 'base-url': 'string', 'ws-url': 'string', format: 'string' };

/** Help of the `call` command. */
export const CALL_HELP = `Usage: mexc-rx call <operation> [--<param> <value> ...] [options]

Runs one operation and prints its result on standard output: JSON, or with --format table, a
table (a list result one row per entry; times in ISO 8601, UTC).
<operation> is a function name (listSubAccounts) or a spec id (M2).
Parameters are --name value (or --name=value) in wire text: numbers as digits, booleans as
true or false, lists comma-joined (--permissions SPOT_DEAL_READ,SPOT_DEAL_WRITE). They are
checked with the client's own rules before anything is sent.

Options:
  --format json|table  how to print the result (default json)
  --base-url URL       REST base URL (default $MEXC_BASE_URL, else ${DEFAULT_BASE_URL})
  --ws-url URL         websocket base URL (default $MEXC_WS_URL; for a local --base-url, its
                       simulator's; else ${DEFAULT_WS_URL})
  --sim                start a fresh embedded simulator for this one call, acting as its master
                       account. It stops when the call ends, so nothing carries over to the next
                       call: for a session, run mexc-rx simulator and paste its export line
  --as master|broker   with --sim: the simulator account to act as (default master)
  --verbose            say on standard error where the call goes and how long it took
  -h, --help           this help; after an operation, that operation's parameters

Keys: MEXC_API_KEY and MEXC_SECRET_KEY (not needed with --sim).
Exit codes:
${exitCodeHelp().join('\n')}

Examples:
  mexc-rx call listSubAccounts --format table     (after pasting mexc-rx simulator's exports)
  mexc-rx call M1 --subAccount strategy01 --note "market making"
  mexc-rx call listSubAccounts --sim --limit 50

Operations:
${operationList().join('\n')}
`;

function operationHelp(row: AnyEndpoint): string {
  const fields = paramFields(row);
  const lines = fields.map(([name, field]) => `  --${name.padEnd(16)} ${field.required ? 'required' : 'optional'}  ${field.codec.name}: ${field.doc}`);
  return `${row.id} ${row.name}: ${row.summary}
${row.method} ${row.path} (called by: ${row.audience})

Parameters:
${lines.length > 0 ? lines.join('\n') : '  none'}
`;
}

type Ending = { readonly kind: 'done'; readonly values: readonly unknown[] } | { readonly kind: 'error'; readonly error: unknown } | { readonly kind: 'interrupted' };

function runToEnd(source: Observable<unknown>, signal: AbortSignal | undefined): Promise<Ending> {
  return new Promise((resolve) => {
    const values: unknown[] = [];
    const subscription = source.subscribe({
      next: (value) => values.push(value),
      error: (error: unknown) => resolve({ kind: 'error', error }),
      complete: () => resolve({ kind: 'done', values }),
    });
    signal?.addEventListener(
      'abort',
      () => {
        subscription.unsubscribe();
        resolve({ kind: 'interrupted' });
      },
      { once: true },
    );
  });
}

/** How `call` prints a result. */
type OutputFormat = 'json' | 'table';

function printResult(values: readonly unknown[], format: OutputFormat, io: CliIo): void {
  for (const value of values) {
    if (format === 'json') io.stdout(`${JSON.stringify(value, null, 2)}\n`);
    else io.stdout(`${resultTable(value).join('\n')}\n`);
  }
}

/** Each unknown parameter's issue, with the nearest parameter or option name suggested. */
function withSuggestions(row: AnyEndpoint, issues: readonly ValidationIssue[]): ValidationIssue[] {
  const known = [...paramFields(row).map(([name]) => name), ...Object.keys(CALL_OPTIONS)];
  return issues.map((issue) => (issue.rule === 'unknown parameter' ? { ...issue, rule: `${issue.rule}${didYouMean(issue.field, known, (name) => `--${name}`)}` } : issue));
}

/** What was said when a call ended, and the exit code. */
function reportEnding(ending: Ending, row: AnyEndpoint, format: OutputFormat, io: CliIo, redact: (text: string) => string): number {
  if (ending.kind === 'interrupted') {
    io.stderr(
      row.idempotent
        ? 'interrupted; the request was aborted\n'
        : `interrupted; the request was aborted, but it may have reached the service: look before repeating ${row.name}\n`,
    );
    return EXIT.interrupted;
  }
  if (ending.kind === 'error') {
    printError(io.stderr, ending.error, redact);
    return ending.error instanceof UnknownOutcomeError ? EXIT.unknownOutcome : EXIT.failed;
  }
  printResult(ending.values, format, io);
  return EXIT.ok;
}

/** The operation a command line names, or the exit code of why there is none. */
function chooseOperation(line: CommandLine, io: CliIo): AnyEndpoint | number {
  const [name, ...extra] = line.positionals;
  if (name === undefined || extra.length > 0) {
    io.stderr(`${name === undefined ? 'which operation?' : `unexpected words: ${extra.join(' ')}`}\n(mexc-rx call --help lists the operations)\n`);
    return EXIT.usage;
  }
  const row = findOperation(name);
  if (row === undefined) {
    const names = endpointTable.flatMap((r) => [r.name, r.id]);
    io.stderr(`unknown operation: ${name}${didYouMean(name, names)}\n(mexc-rx call --help lists the operations)\n`);
    return EXIT.usage;
  }
  return row;
}

/**
 * Runs the `call` command with its arguments (after the word `call`); resolves to the exit code.
 *
 * @example
 * ```ts
 * const code = await callCommand(['listSubAccounts', '--sim', '--limit', '50'], { stdout: (t) => process.stdout.write(t), stderr: (t) => process.stderr.write(t), env: process.env });
 * ```
 */
export async function callCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const read = readCommandLine(argv, CALL_OPTIONS, true);
  if (!read.ok) {
    io.stderr(`${read.message}\n(mexc-rx call --help shows the usage)\n`);
    return EXIT.usage;
  }
  const { line } = read;
  if (line.options.has('help')) {
    const [name] = line.positionals;
    const row = name === undefined ? undefined : findOperation(name);
    io.stdout(row === undefined ? CALL_HELP : operationHelp(row));
    return EXIT.ok;
  }
  const row = chooseOperation(line, io);
  if (typeof row === 'number') return row;
  const decoded = decodeWireParams(paramFields(row), line.params);
  if (!decoded.ok) {
    printError(io.stderr, new ValidationError({ operation: row.id, target: endpointTarget(row), issues: withSuggestions(row, decoded.issues) }));
    return EXIT.usage;
  }
  const format = text(line, 'format') ?? 'json';
  const target = readTarget(line, io.env);
  const problem = format === 'json' || format === 'table' ? (target.ok ? undefined : target.message) : `--format takes json or table, not ${format}`;
  if (problem !== undefined || !target.ok || (format !== 'json' && format !== 'table')) {
    io.stderr(`${problem ?? ''}\n`);
    return EXIT.usage;
  }
  let opened;
  try {
    opened = await openSession(target.target, io.env);
  } catch (error) {
    printError(io.stderr, error);
    return error instanceof ValidationError ? EXIT.usage : EXIT.failed;
  }
  if (!opened.ok) {
    io.stderr(`${opened.message}\n`);
    return EXIT.usage;
  }
  const { session } = opened;
  const verbose = flag(line, 'verbose');
  if (verbose) for (const note of describeTarget(target.target, session)) io.stderr(`${note}\n`);
  const started = Date.now();
  try {
    const ending = await runToEnd(runOperation(session.client, row, decoded.values), io.signal);
    const code = reportEnding(ending, row, format, io, session.client.redact);
    if (verbose) io.stderr(`${row.id} ${row.name}: ${ending.kind} after ${Date.now() - started} ms\n`);
    if (target.target.sim && row.method !== 'GET') {
      io.stderr('note: the simulator started for this call has stopped, and what the call changed is gone with it; for a session, run mexc-rx simulator and paste its export line\n');
    }
    return code;
  } finally {
    await session.close();
  }
}
