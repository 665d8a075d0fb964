/**
 * `mexc-rx call <operation> --param value ...`: runs one operation and prints its result as JSON.
 * Parameters arrive as wire text and are checked with the client's own rules
 * (`decodeWireParams` over the row's fields) before anything is sent.
 *
 * @module
 */
import type { Observable } from 'rxjs';
import { DEFAULT_BASE_URL } from '../client/create-client.js';
import { paramFields, type AnyEndpoint } from '../endpoints/endpoint.js';
import { ValidationError } from '../errors.js';
import { decodeWireParams } from '../params/decode-wire.js';
import { readCommandLine } from './args.js';
import { EXIT, type CliIo } from './io.js';
import { findOperation, operationList, runOperation } from './operations.js';
import { printError } from './print-error.js';
import { openSession, readTarget } from './session.js';

/** Help of the `call` command. */
export const CALL_HELP = `Usage: mexc-rx call <operation> [--<param> <value> ...] [options]

Runs one operation and prints its result as JSON on standard output.
<operation> is a function name (listSubAccounts) or a spec id (M2).
Parameters are --name value (or --name=value) in wire text: numbers as digits, booleans as
true or false, lists comma-joined (--permissions SPOT_DEAL_READ,SPOT_DEAL_WRITE). They are
checked with the client's own rules before anything is sent.

Options:
  --sim                start an embedded simulator and act as its master account
  --as master|broker   with --sim: the simulator account to act as (default master)
  --base-url URL       REST base URL (default ${DEFAULT_BASE_URL})
  -h, --help           this help; after an operation, that operation's parameters

Credentials (without --sim): MEXC_API_KEY and MEXC_SECRET_KEY.
Exit codes: 0 done, 1 the call failed, 2 bad command line or invalid parameters.

Examples:
  mexc-rx call listSubAccounts --sim --limit 50
  mexc-rx call M1 --sim --subAccount strategy01 --note "market making"
  MEXC_API_KEY=... MEXC_SECRET_KEY=... mexc-rx call M8 --subAccount strategy01

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

/**
 * Runs the `call` command with its arguments (after the word `call`); resolves to the exit code.
 *
 * @example
 * ```ts
 * const code = await callCommand(['listSubAccounts', '--sim', '--limit', '50'], { stdout: (t) => process.stdout.write(t), stderr: (t) => process.stderr.write(t), env: process.env });
 * ```
 */
export async function callCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const read = readCommandLine(argv, { sim: 'boolean', as: 'string', 'base-url': 'string' }, true);
  if (!read.ok) {
    io.stderr(`${read.message}\n(mexc-rx call --help shows the usage)\n`);
    return EXIT.usage;
  }
  const { line } = read;
  const [name, ...extra] = line.positionals;
  const row = name === undefined ? undefined : findOperation(name);
  if (line.options.has('help')) {
    io.stdout(row === undefined ? CALL_HELP : operationHelp(row));
    return EXIT.ok;
  }
  if (name === undefined || extra.length > 0) {
    io.stderr(`${name === undefined ? 'which operation?' : `unexpected words: ${extra.join(' ')}`}\n(mexc-rx call --help lists the operations)\n`);
    return EXIT.usage;
  }
  if (row === undefined) {
    io.stderr(`unknown operation: ${name}\n(mexc-rx call --help lists the operations)\n`);
    return EXIT.usage;
  }
  const decoded = decodeWireParams(paramFields(row), line.params);
  if (!decoded.ok) {
    printError(io.stderr, new ValidationError({ operation: row.id, issues: decoded.issues }));
    return EXIT.usage;
  }
  const target = readTarget(line);
  if (!target.ok) {
    io.stderr(`${target.message}\n`);
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
  const { client } = opened.session;
  try {
    const ending = await runToEnd(runOperation(client, row, decoded.values), io.signal);
    if (ending.kind === 'interrupted') {
      io.stderr('interrupted; the request was aborted\n');
      return EXIT.interrupted;
    }
    if (ending.kind === 'error') {
      printError(io.stderr, ending.error, client.redact);
      return EXIT.failed;
    }
    for (const value of ending.values) io.stdout(`${JSON.stringify(value, null, 2)}\n`);
    return EXIT.ok;
  } finally {
    await opened.session.close();
  }
}
