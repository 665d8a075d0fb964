/**
 * Reads what `bench/run.ts` prints on stdout: for each benchmark a `## <title> (<s> s)` heading and a
 * Markdown table (bench/table.ts) with the columns Measure, Median, Min, Max, Rounds, Baseline
 * (median), Ratio and Target.
 *
 * @module
 */

/** One row of a printed table, as the comparison needs it. */
export interface PrintedRow {
  /** The measure's label, without its unit, e.g. `decodeFrame, protobuf frames`. */
  readonly label: string;
  /** The unit in the last parentheses of the Measure cell, e.g. `events/s`. */
  readonly unit: string;
  /** The row's own figure: the median of its rounds. */
  readonly median: number;
  /** The smallest change the Median cell can show as printed (`0.07` gives 0.01, `4,118` gives 1). */
  readonly medianStep: number;
  /** The in-run baseline's label (its cell without the figure), when the row has one. */
  readonly baselineLabel: string | undefined;
  /** The Ratio cell as printed, when not `-`. */
  readonly ratioText: string | undefined;
  /** The ratio's value when the cell starts with one (`0.62x the bare cost` gives 0.62). */
  readonly ratio: number | undefined;
  /** The smallest change the ratio can show as printed (`0.62x` gives 0.01), when there is one. */
  readonly ratioStep: number | undefined;
}

/** One benchmark's printed table. */
export interface PrintedTable {
  readonly title: string;
  /** The benchmark's wall time from its heading, s. */
  readonly seconds: number;
  readonly rows: readonly PrintedRow[];
}

const HEADING = /^## (.*) \(([\d.,]+) s\)$/;
const MEASURE = /^(.*) \(([^()]*)\)$/;
const BASELINE = /^(.*): \S+ .*$/;
const RATIO = /^(\d[\d,]*(?:\.\d+)?)x(?:\s|$)/;

/**
 * A number as bench/table.ts prints it (`1,234`, `0.0123`), or `NaN` for anything else.
 *
 * @example
 * ```ts
 * printedNumber('1,234,568'); // 1234568
 * ```
 */
export function printedNumber(text: string): number {
  const plain = text.trim().replace(/,/g, '');
  return /^-?\d+(\.\d+)?(e[-+]?\d+)?$/i.test(plain) ? Number(plain) : Number.NaN;
}

/**
 * The smallest change a number as printed can show: one unit of its last digit.
 *
 * @example
 * ```ts
 * printedStep('0.07'); // 0.01
 * printedStep('1,234'); // 1
 * ```
 */
export function printedStep(text: string): number {
  const decimals = /\.(\d+)/.exec(text.trim())?.[1]?.length ?? 0;
  return 10 ** -decimals;
}

/** The cells of a table line, `\|` unescaped. */
function cells(line: string): string[] {
  return line
    .trim()
    .replace(/^\||\|$/g, '')
    .split(/(?<!\\)\|/)
    .map((cell) => cell.trim().replace(/\\\|/g, '|'));
}

function cellOrUndefined(text: string | undefined): string | undefined {
  return text === undefined || text === '-' || text === '' ? undefined : text;
}

function parseRow(values: readonly string[], column: (name: string) => number): PrintedRow {
  const measure = values[column('Measure')] ?? '';
  const [, label = measure, unit = ''] = MEASURE.exec(measure) ?? [];
  const baseline = cellOrUndefined(values[column('Baseline (median)')]);
  const ratioText = cellOrUndefined(values[column('Ratio')]);
  const ratioMatch = ratioText === undefined ? undefined : RATIO.exec(ratioText);
  return {
    label,
    unit,
    median: printedNumber(values[column('Median')] ?? ''),
    medianStep: printedStep(values[column('Median')] ?? ''),
    baselineLabel: baseline === undefined ? undefined : (BASELINE.exec(baseline)?.[1] ?? baseline),
    ratioText,
    ratio: ratioMatch?.[1] === undefined ? undefined : printedNumber(ratioMatch[1]),
    ratioStep: ratioMatch?.[1] === undefined ? undefined : printedStep(ratioMatch[1]),
  };
}

/**
 * Every table in a run's stdout, under its heading. Lines that are neither (blank lines, anything
 * a benchmark printed) are skipped.
 *
 * @example
 * ```ts
 * const [table] = parseBenchOutput(stdout);
 * table?.rows[0]?.ratio; // 0.62
 * ```
 */
export function parseBenchOutput(stdout: string): PrintedTable[] {
  const tables: PrintedTable[] = [];
  let current: { title: string; seconds: number; rows: PrintedRow[]; header: string[] | undefined } | undefined;
  const flush = (): void => {
    if (current !== undefined) tables.push({ title: current.title, seconds: current.seconds, rows: current.rows });
    current = undefined;
  };
  for (const line of stdout.split(/\r?\n/)) {
    const heading = HEADING.exec(line.trim());
    if (heading !== null) {
      flush();
      current = { title: heading[1] ?? '', seconds: printedNumber(heading[2] ?? ''), rows: [], header: undefined };
    } else if (current !== undefined && line.trim().startsWith('|')) {
      const values = cells(line);
      if (current.header === undefined) current.header = values;
      else if (!values.every((cell) => /^-+:?$/.test(cell))) {
        const header = current.header;
        current.rows.push(parseRow(values, (name) => header.indexOf(name)));
      }
    }
  }
  flush();
  return tables;
}
