/**
 * What the comparison asks of a tree's `bench/`: the benchmarks it registers, one run of one
 * benchmark (`bench/run.ts --only <name> --no-write`), and, when the working tree's `bench/` is
 * copied into the base tree, which of its benchmarks the base's `src/` can load.
 *
 * @module
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { runNode } from './child-run.js';
import type { BenchRun, Side } from './compare-rows.js';
import { parseBenchOutput } from './parse-tables.js';

/**
 * The benchmark names `bench/run.ts --help` lists in `dir`.
 *
 * @example
 * ```ts
 * await registeredBenchmarks(tree.dir); // ['decode', 'operators', ...]
 * ```
 */
export async function registeredBenchmarks(dir: string): Promise<string[]> {
  const { code, stdout, stderr } = await runNode(dir, ['--import', 'tsx', 'bench/run.ts', '--help']);
  const line = stdout.split('\n').find((l) => l.startsWith('benchmarks: '));
  if (code !== 0 || line === undefined) throw new Error(`bench/run.ts --help failed in ${dir}: ${stderr.trim().split('\n')[0] ?? `exit ${String(code)}`}`);
  return line.slice('benchmarks: '.length).split(',').map((name) => name.trim()).filter((name) => name !== '');
}

/**
 * Why a run printed no table: the benchmark's `FAILED` line, else how the process ended.
 *
 * @example
 * ```ts
 * failureReason('thousand', { code: 1, signal: null, stderr: '[bench] thousand FAILED: Error: timed out\n' }); // 'Error: timed out'
 * ```
 */
export function failureReason(name: string, ended: { readonly code: number | null; readonly signal: string | null; readonly stderr: string }): string {
  const marker = `${name} FAILED: `;
  const line = ended.stderr.split('\n').find((l) => l.includes(marker));
  if (line !== undefined) return line.slice(line.indexOf(marker) + marker.length).trim();
  return ended.signal === null ? `no table printed, exit ${String(ended.code)}` : `no table printed, ended by ${ended.signal}`;
}

/**
 * Runs benchmark `name` once in `dir` and reads its table; a run that prints no table is failed.
 *
 * @example
 * ```ts
 * const run = await runBenchmark(tree.dir, 'decode', 'base', { quick: true });
 * ```
 */
export async function runBenchmark(dir: string, name: string, side: Side, options: { readonly quick: boolean; readonly echo?: (chunk: string) => void }): Promise<BenchRun> {
  const args = ['--expose-gc', '--import', 'tsx', 'bench/run.ts', '--only', name, '--no-write', ...(options.quick ? ['--quick'] : [])];
  const ended = await runNode(dir, args, options.echo);
  const tables = parseBenchOutput(ended.stdout);
  // A missed size budget exits 1 with its table printed: only a run without a table failed.
  return tables.length > 0 ? { benchmark: name, side, tables } : { benchmark: name, side, tables, failure: failureReason(name, ended) };
}

/** One line of `bench/registry.ts`'s list: a benchmark's name and the module that holds it. */
const REGISTRY_LINE = /^ {2}\{ name: '([\w-]+)', load: async \(\) => \(await import\('\.\/([\w-]+\.bench)\.js'\)\)\.\w+ \},$/;

/** A benchmark `bench/registry.ts` lists, and its module. */
export interface RegistryEntry {
  readonly name: string;
  /** The module's name without `.ts`, e.g. `decode.bench`. */
  readonly module: string;
}

/**
 * The benchmarks a `bench/registry.ts` source lists, with their modules.
 *
 * @example
 * ```ts
 * registryEntries(source)[0]; // { name: 'decode', module: 'decode.bench' }
 * ```
 */
export function registryEntries(source: string): RegistryEntry[] {
  return source.split('\n').flatMap((line) => {
    const match = REGISTRY_LINE.exec(line);
    return match?.[1] === undefined || match[2] === undefined ? [] : [{ name: match[1], module: match[2] }];
  });
}

/**
 * `source` of a `bench/registry.ts` without the benchmarks `dropped`: their lines, nothing else.
 *
 * @example
 * ```ts
 * withoutBenchmarks(source, [{ name: 'handwritten', module: 'handwritten.bench' }]);
 * ```
 */
export function withoutBenchmarks(source: string, dropped: readonly RegistryEntry[]): string {
  const names = new Set(dropped.map((entry) => entry.name));
  return source
    .split('\n')
    .filter((line) => {
      const name = REGISTRY_LINE.exec(line)?.[1];
      return name === undefined || !names.has(name);
    })
    .join('\n');
}

const PROBE = `
const failed = {};
for (const file of JSON.parse(process.argv[1])) {
  try { await import(new URL(file, 'file://' + process.cwd() + '/').href); }
  catch (error) { failed[file] = String(error instanceof Error ? error.message : error).split('\\n')[0]; }
}
process.stdout.write(JSON.stringify(failed));
`;

/**
 * Keeps in `dir`'s `bench/registry.ts` only the benchmarks whose modules load there, and says why
 * the others do not (with the working tree's `bench/` over an older `src/`, an import it lacks).
 *
 * @example
 * ```ts
 * copyBench(root, tree.dir);
 * await keepLoadableBenchmarks(tree.dir); // [{ module: 'handwritten.bench', reason: '...' }]
 * ```
 */
export async function keepLoadableBenchmarks(dir: string): Promise<Array<{ readonly module: string; readonly reason: string }>> {
  const registryPath = path.join(dir, 'bench', 'registry.ts');
  const source = readFileSync(registryPath, 'utf8');
  const entries = registryEntries(source);
  const fileOf = (entry: RegistryEntry): string => `bench/${entry.module}.ts`;
  const probe = await runNode(dir, ['--import', 'tsx', '--input-type=module', '-e', PROBE, JSON.stringify(entries.map(fileOf))]);
  if (probe.code !== 0) throw new Error(`could not probe bench/ in ${dir}: ${probe.stderr.trim().split('\n')[0] ?? ''}`);
  const failed = JSON.parse(probe.stdout) as Record<string, string>;
  const dropped = entries.filter((entry) => failed[fileOf(entry)] !== undefined);
  writeFileSync(registryPath, withoutBenchmarks(source, dropped));
  return dropped.map((entry) => ({ module: entry.module, reason: failed[fileOf(entry)] ?? '' }));
}
