/**
 * `npm run bench:compare -- --base <ref>`: the benchmarks of two versions in one run, interleaved,
 * so a machine's drift and load fall on both alike (docs/performance.md, "Comparing two versions").
 *
 *   --base <ref>          the version to compare with (checked out in a temporary git worktree)
 *   --only <names>        benchmarks to run (comma-separated or repeated); default: every one both
 *                         trees register
 *   --rounds <n>          runs per tree and benchmark, in the order base, head, head, base, ...
 *                         (default 2; `bundle`, whose sizes do not vary, runs once)
 *   --threshold <pct>     a row worse by more than this is `worse` (default 5)
 *   --quick               pass `--quick` to every run (small inputs: a smoke test of the comparison)
 *   --bench-from <tree>   `base` (default): each tree runs its own bench/; `head`: the working tree's
 *                         bench/ is copied over the base's, one instrument timing both src/
 *
 * Exit status: 0 when no row is worse, 1 when a row is worse or a run failed, 2 on a usage error.
 *
 * @module
 */
import { parseArgs } from 'node:util';
import { checkoutBase, copyBench, repositoryRoot, resolveCommit, type BaseTree } from './base-tree.js';
import { keepLoadableBenchmarks, registeredBenchmarks, runBenchmark } from './bench-trees.js';
import { stopChild, stopRequested } from './child-run.js';
import { comparisonExitCode, comparisonReport } from './compare-report.js';
import { compareRuns, type BenchRun, type Side } from './compare-rows.js';
import { abbaOrder, parseCompareArgs, UsageError, type CompareOptions } from './compare-options.js';

const log = (line: string): void => {
  process.stderr.write(`[compare] ${line}\n`);
};

/** Every benchmark both trees register, or those asked for (each must be in both). */
function pickBenchmarks(options: CompareOptions, head: readonly string[], base: readonly string[]): string[] {
  const both = head.filter((name) => base.includes(name));
  const oneSide = [...head.filter((n) => !base.includes(n)).map((n) => `${n} (head only)`), ...base.filter((n) => !head.includes(n)).map((n) => `${n} (base only)`)];
  if (options.only.length === 0) {
    if (oneSide.length > 0) log(`not compared, in one tree only: ${oneSide.join(', ')}`);
    return both;
  }
  const missing = options.only.filter((name) => !both.includes(name));
  if (missing.length > 0) {
    const where = (name: string): string => (head.includes(name) ? 'not in the base' : base.includes(name) ? 'not in the working tree' : 'in neither tree');
    throw new UsageError(`unknown benchmark(s): ${missing.map((n) => `${n} (${where(n)})`).join(', ')}; in both: ${both.join(', ')}`);
  }
  return [...options.only];
}

async function compare(options: CompareOptions, root: string, tree: BaseTree): Promise<number> {
  if (options.benchFrom === 'head') {
    copyBench(root, tree.dir);
    for (const { module, reason } of await keepLoadableBenchmarks(tree.dir)) log(`bench/${module}.ts does not load against the base's src/: ${reason}`);
  }
  const selected = pickBenchmarks(options, await registeredBenchmarks(root), await registeredBenchmarks(tree.dir));
  const dirs: Record<Side, string> = { base: tree.dir, head: root };
  const runs: BenchRun[] = [];
  for (const name of selected) {
    const order = abbaOrder(name === 'bundle' ? 1 : options.rounds);
    for (const [index, side] of order.entries()) {
      // Ctrl-C: the handler removes the worktree and exits; nothing more starts meanwhile.
      if (stopRequested()) return 1;
      log(`${name}: ${side} (${index + 1} of ${order.length})`);
      const run = await runBenchmark(dirs[side], name, side, { quick: options.quick, echo: (chunk) => process.stderr.write(chunk) });
      if (run.failure !== undefined) log(`${name}: ${side} failed: ${run.failure}`);
      runs.push(run);
    }
  }
  const comparison = compareRuns(runs, options.thresholdPct);
  process.stdout.write(`\n${comparisonReport(comparison)}`);
  if (options.benchFrom === 'base' && comparison.failures.some((f) => f.side === 'base')) log('a benchmark failed in the base: if its bench/ is at fault, --bench-from head times the base with the working tree’s');
  return comparisonExitCode(comparison);
}

async function main(): Promise<number> {
  let options: CompareOptions;
  try {
    options = parseCompareArgs(parseArgs);
  } catch (error) {
    if (error instanceof UsageError) return usage(error.message);
    throw error;
  }
  if (options.help) return usage(undefined);
  const root = repositoryRoot(process.cwd());
  const commit = resolveCommit(root, options.base);
  if (commit === undefined) return usage(`unknown git ref: ${options.base}`);
  log(`base ${options.base} (${commit.slice(0, 12)}), bench/ from ${options.benchFrom}; head: the working tree ${root}`);
  const tree = checkoutBase(root, commit);
  process.on('exit', () => tree.remove());
  const interrupted = (signal: NodeJS.Signals, status: number) => () => {
    log(`${signal}: stopping the running benchmark and removing the base worktree`);
    void stopChild().finally(() => {
      tree.remove();
      process.exit(status);
    });
  };
  process.once('SIGINT', interrupted('SIGINT', 130));
  process.once('SIGTERM', interrupted('SIGTERM', 143));
  try {
    return await compare(options, root, tree);
  } catch (error) {
    if (error instanceof UsageError) return usage(error.message);
    throw error;
  } finally {
    tree.remove();
  }
}

function usage(problem: string | undefined): number {
  if (problem !== undefined) process.stderr.write(`${problem}\n`);
  process.stderr.write('usage: npm run bench:compare -- --base <git ref> [--only <names>] [--rounds N] [--threshold 5] [--quick] [--bench-from base|head]\n');
  return problem === undefined ? 0 : 2;
}

process.exitCode = await main();
