/**
 * What `npm run test:mutation` makes of a Stryker report (the mutation-testing-report-schema JSON,
 * which is also the incremental file): the part of it that belongs to a group, and the figures per
 * module that docs/testing.md shows.
 */
import type { MutationGroup } from './groups.js';

/** The parts of a Stryker mutant this script reads. */
export interface ReportMutant {
  readonly mutatorName: string;
  readonly replacement?: string;
  readonly status: string;
  statusReason?: string;
  readonly location: { readonly start: { readonly line: number; readonly column: number } };
}

/** The parts of a Stryker report this script reads; the rest is carried through untouched. */
export interface MutationReport {
  files: Record<string, { readonly mutants: ReportMutant[] }>;
  testFiles?: Record<string, unknown>;
  /** Where the run was made: a path of that machine, left out of the committed results. */
  projectRoot?: string;
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
 * A mutant with its fields in name order and no empty `killedBy` (Stryker writes fields in another
 * order, and an empty `killedBy` or none, depending on whether the result was reused).
 */
function canonical(mutant: ReportMutant): ReportMutant {
  const fields = Object.entries(mutant).filter(([name, value]) => !(name === 'killedBy' && Array.isArray(value) && value.length === 0));
  return Object.fromEntries(fields.sort(([a], [b]) => (a < b ? -1 : 1))) as unknown as ReportMutant;
}

function byPlace(a: ReportMutant, b: ReportMutant): number {
  const at = (m: ReportMutant): string => `${m.mutatorName}\0${m.replacement ?? ''}`;
  return a.location.start.line - b.location.start.line || a.location.start.column - b.location.start.column || (at(a) < at(b) ? -1 : at(a) > at(b) ? 1 : 0);
}

/**
 * The part of `report` that belongs to `group`: Stryker carries every module of the report a run
 * started from into the report it writes, so a group's own modules and test files are picked out.
 * Each kill's reason is cut to its first line (the stack trace would make the file several times
 * larger); each module's mutants are sorted by place, their fields by name, and the
 * path of the machine the run was made on is left out. Changes `report` in place and returns it.
 *
 * @example
 * ```ts
 * writeFileSync(file, JSON.stringify(keepGroupOnly(JSON.parse(readFileSync(file, 'utf8')), group)));
 * ```
 */
export function keepGroupOnly(report: MutationReport, group: MutationGroup): MutationReport {
  const names = (path: string, entry: string): boolean => patternMatches(path, entry) || path.startsWith(`${entry.replace(/\/$/, '')}/`);
  const inTests = (path: string): boolean =>
    group.tests.some((entry) => !entry.startsWith('!') && names(path, entry)) && !group.tests.some((entry) => entry.startsWith('!') && names(path, entry.slice(1)));
  report.files = Object.fromEntries(Object.entries(report.files).filter(([path]) => matchesPatterns(path, group.mutate)));
  if (report.testFiles !== undefined) {
    report.testFiles = Object.fromEntries(Object.entries(report.testFiles).filter(([path]) => inTests(path)));
  }
  delete report.projectRoot;
  for (const { mutants } of Object.values(report.files)) {
    // Stryker lists a file's mutants in the order they finished: sorted by place, a run that
    // changes nothing writes the same file.
    mutants.splice(0, mutants.length, ...mutants.sort(byPlace).map(canonical));
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

/** Where docs/testing.md's generated table of figures starts and ends. */
export const FIGURES_START = '<!-- mutation figures: generated by `npm run test:mutation -- --docs` -->';
export const FIGURES_END = '<!-- end of mutation figures -->';

/**
 * The markdown table of every group's figures per module, from each group's committed results:
 * what docs/testing.md shows between {@link FIGURES_START} and {@link FIGURES_END}.
 *
 * @example
 * ```ts
 * figuresTable([{ group, report: JSON.parse(readFileSync(incrementalFileOf(group.name), 'utf8')) }]);
 * ```
 */
export function figuresTable(results: readonly { readonly group: MutationGroup; readonly report: MutationReport }[]): string {
  const rows = results.flatMap(({ group, report }) =>
    figuresOf(report)
      .sort((a, b) => (a.file < b.file ? -1 : 1))
      .map((row, index) => {
        const name = index === 0 ? `\`${group.name}\`` : '';
        return `| ${name} | \`${row.file}\` | ${row.mutants} | ${row.detected} | ${row.timedOut} | ${row.survivors.length} | ${row.mutants === 0 ? '-' : `${row.score.toFixed(1)}%`} |`;
      }),
  );
  return ['| Group | Module | Mutants | Detected | Of which timed out | Survived | Score |', '|---|---|---|---|---|---|---|', ...rows].join('\n');
}

/**
 * `text` (docs/testing.md) with its generated table of figures replaced by `table`.
 *
 * @example
 * ```ts
 * writeFileSync('docs/testing.md', withFiguresTable(readFileSync('docs/testing.md', 'utf8'), table));
 * ```
 */
export function withFiguresTable(text: string, table: string): string {
  const start = text.indexOf(FIGURES_START);
  const end = text.indexOf(FIGURES_END);
  if (start === -1 || end < start) throw new Error('docs/testing.md has no generated table of mutation figures');
  return `${text.slice(0, start + FIGURES_START.length)}\n${table}\n${text.slice(end)}`;
}
