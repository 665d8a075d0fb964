/**
 * `npm run bench`: runs every registered benchmark (or those picked with `--only`), prints one
 * table per benchmark, and writes them to docs/performance.md with the machine's description.
 *
 *   npm run bench                       full run, writes docs/performance.md
 *   npm run bench -- --quick            smoke run: small inputs, few rounds; prints only
 *   npm run bench -- --only decode      one benchmark (repeat or comma-separate for more); prints only
 *   npm run bench -- --write / --no-write   force writing the page, or not (with --only, only those
 *                                       benchmarks' sections are rewritten; the others stay)
 *
 * @module
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import type { BenchmarkResult } from './benchmark.js';
import { commandLine, describeMachine } from './machine.js';
import { benchmarks } from './registry.js';
import { generatedSection, writeReport } from './report.js';
import { mergeGenerated } from './report-merge.js';
import { canCollectGarbage } from './stats.js';
import { formatNumber, markdownTable } from './table.js';

const REPORT_PATH = 'docs/performance.md';

const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    only: { type: 'string', multiple: true },
    write: { type: 'boolean' },
    'no-write': { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});

const log = (line: string): void => {
  process.stderr.write(`[bench] ${line}\n`);
};

if (values.help) {
  const names = benchmarks.map((b) => b.name).join(', ');
  process.stdout.write(`usage: npm run bench -- [--quick] [--only <name>]... [--write | --no-write]\nbenchmarks: ${names}\n`);
  process.exit(0);
}

const wanted = (values.only ?? []).flatMap((name) => name.split(',')).filter((name) => name !== '');
const unknown = wanted.filter((name) => !benchmarks.some((b) => b.name === name));
if (unknown.length > 0) {
  process.stderr.write(`unknown benchmark(s): ${unknown.join(', ')}; known: ${benchmarks.map((b) => b.name).join(', ')}\n`);
  process.exit(2);
}
const selected = wanted.length === 0 ? benchmarks : benchmarks.filter((b) => wanted.includes(b.name));
// A partial or quick run would replace the page's figures with incomplete or rough ones.
const write = values['no-write'] ? false : (values.write ?? (!values.quick && wanted.length === 0));

if (!canCollectGarbage()) log('garbage collection is not exposed (run with node --expose-gc): heap figures include garbage');
const machine = describeMachine();
log(`${machine.cpuModel}, ${machine.cores} cores, ${machine.memoryGb} GB, Node ${machine.node}, load ${machine.loadAtStart.toFixed(2)}`);

const started = performance.now();
const results: BenchmarkResult[] = [];
let failed = false;
/** A target that fails the run was missed (the page is still written: its figures are right). */
let overBudget = false;
for (const entry of selected) {
  try {
    const benchmark = await entry.load();
    if (benchmark.name !== entry.name) throw new Error(`bench/registry.ts lists '${entry.name}', but its module's benchmark is named '${benchmark.name}'`);
    const start = performance.now();
    log(`${benchmark.name}: ${benchmark.title}${values.quick ? ' (quick)' : ''}`);
    const rows = await benchmark.run({ quick: values.quick, log: (line) => log(`${benchmark.name}: ${line}`) });
    const result = { benchmark, rows, elapsedMs: performance.now() - start };
    results.push(result);
    process.stdout.write(`\n## ${benchmark.title} (${formatNumber(result.elapsedMs / 1000)} s)\n\n${markdownTable(rows)}\n\n`);
    for (const row of rows.filter((r) => r.target?.failsRun === true && !r.target.met)) {
      overBudget = true;
      log(`${benchmark.name} FAIL: ${row.subject.label}: ${formatNumber(row.subject.samples[0] ?? Number.NaN)} ${row.subject.unit}, target ${row.target?.text ?? ''}`);
    }
  } catch (error: unknown) {
    failed = true;
    log(`${entry.name} FAILED: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  }
}
const totalMs = performance.now() - started;
log(`done in ${formatNumber(totalMs / 1000)} s`);

if (write && !failed) {
  const info = {
    machine,
    command: commandLine(),
    args: process.argv.slice(2),
    totalMs,
    loadAtEnd: os.loadavg()[0] ?? 0,
    gcExposed: canCollectGarbage(),
    date: new Date(),
  };
  const section = generatedSection(results, info);
  // A run of some benchmarks (`--only`) rewrites only their sections.
  const partial = wanted.length > 0 ? (previous: string) => mergeGenerated(previous, section, results.map((r) => r.benchmark.name)) : undefined;
  writeReport(REPORT_PATH, section, partial);
  log(`wrote ${REPORT_PATH}`);
} else if (write) {
  log(`not writing ${REPORT_PATH}: a benchmark failed`);
}
process.exitCode = failed || overBudget ? 1 : 0;
