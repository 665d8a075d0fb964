/**
 * How long importing the package takes a program, on each runtime the package is for: the root
 * entry and `mexc-rx/server`, each a program of its own (one import and nothing else), against an
 * empty program on the same runtime, in the same rounds. What a user waits for before a line of
 * theirs runs: the runtime's start is the baseline, the figure is what the import adds to it.
 *
 * @module
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureRuntimes } from '../tools/test/runtimes/ensure.js';
import { RUNTIMES } from '../tools/test/runtimes/runtimes.js';
import type { Benchmark, ResultRow } from './benchmark.js';
import { summarize } from './stats.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** The most an import may add to an empty program's time, ms (the goal of docs/performance.md). */
const GOAL_MS = 100;
/** Another Node line, from the npm registry as `.ci/run` brings it. */
const OTHER_NODE = 24;

/** A runtime as a command that runs a program file. */
interface Runner {
  readonly name: string;
  readonly command: string;
  readonly args: readonly string[];
}

function otherNode(log: (line: string) => void): string {
  const platform = `${process.platform}-${process.arch}`;
  const prefix = join(ROOT, 'node_modules/.cache/node-versions', String(OTHER_NODE));
  const bin = join(prefix, 'node_modules', `node-${platform}`, 'bin', 'node');
  if (spawnSync(bin, ['--version']).status !== 0) {
    log(`installing node-${platform}@${OTHER_NODE} into node_modules/.cache/node-versions/ (once)`);
    const args = ['install', '--prefix', prefix, '--no-save', '--no-package-lock', '--no-audit', '--no-fund', `node-${platform}@${OTHER_NODE}`];
    const result = spawnSync('npm', args, { stdio: ['ignore', 'ignore', 'inherit'], timeout: 600_000 });
    if (result.status !== 0) throw new Error(`npm ${args.join(' ')} failed`);
  }
  return bin;
}

function runners(log: (line: string) => void): Runner[] {
  const found = ensureRuntimes(ROOT, process.env, log, RUNTIMES.filter((runtime) => runtime.envVar !== 'MINIFLARE_DIR'));
  const deno = found.DENO_BIN;
  const bun = found.BUN_BIN;
  if (deno === undefined || bun === undefined) throw new Error('Bun or Deno was not found');
  return [
    { name: `Node ${process.versions.node}`, command: process.execPath, args: [] },
    { name: `Node ${OTHER_NODE}`, command: otherNode(log), args: [] },
    { name: 'Bun', command: bun, args: [] },
    // What a careful user grants: the network, and reading the project; nothing else, no prompt.
    { name: 'Deno', command: deno, args: ['run', '--no-prompt', '--node-modules-dir=manual', '--allow-net', `--allow-read=${ROOT}`] },
  ];
}

/** Wall time of one run of `program`, ms. */
function timeRun(runner: Runner, program: string): number {
  const started = performance.now();
  const result = spawnSync(runner.command, [...runner.args, program], { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'], timeout: 60_000 });
  const ms = performance.now() - started;
  if (result.status !== 0) throw new Error(`${runner.name} ${program} failed: ${result.stderr.toString().slice(0, 500)}`);
  return ms;
}

const PROGRAMS = {
  empty: 'export {};\n',
  // What any program of the library's users loads anyway: rxjs, the peer dependency.
  rxjs: "await import('rxjs');\n",
  root: `await import(${JSON.stringify(join(ROOT, 'dist/node/index.js'))});\n`,
  server: `await import(${JSON.stringify(join(ROOT, 'dist/node/server/index.js'))});\n`,
} as const;
type Program = keyof typeof PROGRAMS;

/** The import-time benchmark. */
export const importTimeBenchmark: Benchmark = {
  name: 'import-time',
  title: 'Import time on each runtime',
  description:
    'Three programs, each a file run by the runtime and nothing else: an empty one, one that imports the root entry and ' +
    'one that imports `mexc-rx/server`, from the built package as Node, Deno and Bun load it (`dist/node/`, after ' +
    '`npm run build`). Wall time from spawning the runtime to its exit; in each round every program runs once, in an ' +
    'order that turns from round to round; the figure is the median of the per-round differences from the empty ' +
    `program. Node ${OTHER_NODE} comes from the npm registry as \`.ci/run\` brings it; Bun and Deno as the full tier ` +
    'brings them. Deno runs with `--allow-net` and read access only. Each import is also shown above a program that ' +
    'imports rxjs alone (the peer every user of the library loads): the library’s own share. 15 rounds (3 with --quick).',
  async run({ quick, log }) {
    const build = spawnSync('npm', ['run', '--silent', 'build'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
    if (build.status !== 0) throw new Error('npm run build failed');
    // Inside the project, so `rxjs` resolves from its node_modules as from a user's program.
    mkdirSync(join(ROOT, 'node_modules/.cache'), { recursive: true });
    const dir = mkdtempSync(join(ROOT, 'node_modules/.cache/import-time-'));
    try {
      const files = Object.fromEntries(
        (Object.keys(PROGRAMS) as Program[]).map((name) => {
          const file = join(dir, `${name}.mjs`);
          writeFileSync(file, PROGRAMS[name]);
          return [name, file];
        }),
      ) as Record<Program, string>;
      const rounds = quick ? 3 : 15;
      const rows: ResultRow[] = [];
      for (const runner of runners(log)) {
        const times: Record<Program, number[]> = { empty: [], rxjs: [], root: [], server: [] };
        const order = Object.keys(PROGRAMS) as Program[];
        timeRun(runner, files.root); // warm the disk cache
        for (let round = 0; round < rounds; round++) {
          for (const program of [...order.slice(round % order.length), ...order.slice(0, round % order.length)]) times[program].push(timeRun(runner, files[program]));
        }
        const empty = { label: `${runner.name}: an empty program`, unit: 'ms', samples: times.empty };
        for (const entry of ['root', 'server'] as const) {
          const above = times[entry].map((ms, i) => ms - (times.empty[i] ?? Number.NaN));
          const median = summarize(above).median;
          log(`${runner.name}: ${entry} ${median.toFixed(0)} ms above an empty program (${summarize(times.empty).median.toFixed(0)} ms)`);
          const name = entry === 'root' ? 'the root entry' : 'mexc-rx/server';
          rows.push({
            subject: { label: `${runner.name}: import of ${name}, above an empty program`, unit: 'ms', samples: above },
            baseline: empty,
            target: { text: `<= ${GOAL_MS} ms above`, met: median <= GOAL_MS },
          });
          // The library's own share: what the import adds to a program that imports rxjs and nothing else.
          const aboveRxjs = times[entry].map((ms, i) => ms - (times.rxjs[i] ?? Number.NaN));
          rows.push({
            subject: { label: `${runner.name}: import of ${name}, above a program importing rxjs alone`, unit: 'ms', samples: aboveRxjs },
            baseline: { label: `${runner.name}: rxjs alone`, unit: 'ms', samples: times.rxjs },
          });
        }
      }
      return rows;
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
