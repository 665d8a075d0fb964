/**
 * What `npm run test:mutation` makes of a Stryker report (the mutation-testing-report-schema JSON,
 * which is also the incremental file): the part of it that belongs to a group, and the figures per
 * module that docs/testing.md shows.
 */
import type { MutationGroup } from '../../mutation-groups.js';

/** The parts of a Stryker mutant this script reads. */
export interface ReportMutant {
  readonly mutatorName: string;
  readonly replacement?: string;
  readonly status: string;
  statusReason?: string;
  readonly location: { readonly start: { readonly line: number } };
}

/** The parts of a Stryker report this script reads; the rest is carried through untouched. */
export interface MutationReport {
  files: Record<string, { readonly mutants: ReportMutant[] }>;
  testFiles?: Record<string, unknown>;
}

/** One module's figures: the mutants scored, those detected (killed or timed out), the survivors. */
export interface ModuleFigures {
  readonly file: string;
  readonly mutants: number;
  readonly detected: number;
  readonly timedOut: number;
  /** Survived or not covered by any test, as `line: mutator "replacement"`. */
  readonly survivors: readonly string[];
  /** Detected over scored, in percent (100 when nothing was scored). */
  readonly score: number;
}

/** How much of a kill's reason is kept: its first line says which assertion failed. */
const REASON_KEPT = 200;

function patternMatches(file: string, pattern: string): boolean {
  const path = pattern.replace(/:[\d-]+$/, '');
  const source = path.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*');
  return new RegExp(`^${source}$`).test(file);
}

/**
 * Whether `file` is among Stryker's `patterns`: a path, `*` within one folder, `!` to leave out,
 * `:lines` to narrow (the whole file counts).
 *
 * @example
 * ```ts
 * matchesPatterns('src/a/b.ts', ['src/a/*.ts', '!src/a/c.ts']); // true
 * ```
 */
export function matchesPatterns(file: string, patterns: readonly string[]): boolean {
  const included = patterns.some((p) => !p.startsWith('!') && patternMatches(file, p));
  return included && !patterns.some((p) => p.startsWith('!') && patternMatches(file, p.slice(1)));
}

/**
 * The part of `report` that belongs to `group`: Stryker carries every module of the report a run
 * started from into the report it writes, so a group's own modules and test files are picked out.
 * Each kill's reason is cut to its first line (the stack trace would make the file several times
 * larger). Changes `report` in place and returns it.
 *
 * @example
 * ```ts
 * writeFileSync(file, JSON.stringify(keepGroupOnly(JSON.parse(readFileSync(file, 'utf8')), group)));
 * ```
 */
export function keepGroupOnly(report: MutationReport, group: MutationGroup): MutationReport {
  const inTests = (path: string): boolean =>
    group.tests.some((entry) => path === entry || path.startsWith(`${entry.replace(/\/$/, '')}/`));
  report.files = Object.fromEntries(Object.entries(report.files).filter(([path]) => matchesPatterns(path, group.mutate)));
  if (report.testFiles !== undefined) {
    report.testFiles = Object.fromEntries(Object.entries(report.testFiles).filter(([path]) => inTests(path)));
  }
  for (const { mutants } of Object.values(report.files)) {
    for (const mutant of mutants) {
      if (mutant.statusReason !== undefined) mutant.statusReason = (mutant.statusReason.split('\n', 1)[0] ?? '').slice(0, REASON_KEPT);
    }
  }
  return report;
}

const DETECTED = new Set(['Killed', 'Timeout']);
const UNDETECTED = new Set(['Survived', 'NoCoverage']);

/**
 * The figures of each module of `report`, scored as Stryker scores them: killed and timed-out
 * mutants are detected, survivors and mutants no test covers are not, and mutants that did not
 * compile or crashed the run are left out.
 *
 * @example
 * ```ts
 * for (const row of figuresOf(report)) console.log(`${row.file}: ${row.score.toFixed(1)}%`);
 * ```
 */
export function figuresOf(report: MutationReport): ModuleFigures[] {
  return Object.entries(report.files).map(([file, { mutants }]) => {
    const detected = mutants.filter((m) => DETECTED.has(m.status)).length;
    const undetected = mutants.filter((m) => UNDETECTED.has(m.status));
    const scored = detected + undetected.length;
    return {
      file,
      mutants: scored,
      detected,
      timedOut: mutants.filter((m) => m.status === 'Timeout').length,
      survivors: undetected.map((m) => `${m.location.start.line}: ${m.mutatorName} ${JSON.stringify(m.replacement ?? '')}`),
      score: scored === 0 ? 100 : (100 * detected) / scored,
    };
  });
}
