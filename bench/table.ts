/**
 * Formats result rows as a Markdown table (for the report and the terminal alike).
 *
 * @module
 */
import type { BenchmarkResult, Measure, ResultRow } from './benchmark.js';
import { summarize } from './stats.js';

/**
 * A number for humans: thousands separators, three significant digits below 100.
 *
 * @example
 * ```ts
 * formatNumber(1234567.8); // '1,234,568'
 * formatNumber(0.01234); // '0.0123'
 * ```
 */
export function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  if (Math.abs(value) >= 100) return Math.round(value).toLocaleString('en-US');
  return value.toPrecision(3).replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '');
}

function measureCells(measure: Measure): string[] {
  const { median, min, max } = summarize(measure.samples);
  return [`${measure.label} (${measure.unit})`, formatNumber(median), formatNumber(min), formatNumber(max)];
}

function rowCells(row: ResultRow): string[] {
  const baseline = row.baseline;
  const baselineCells = baseline ? [`${baseline.label}: ${formatNumber(summarize(baseline.samples).median)} ${baseline.unit}`] : ['-'];
  const target = row.target ? `${row.target.text}: ${row.target.met ? 'met' : '**missed**'}` : '-';
  return [...measureCells(row.subject), `${row.subject.samples.length}`, ...baselineCells, row.ratio?.text ?? '-', target];
}

const HEADER = ['Measure', 'Median', 'Min', 'Max', 'Rounds', 'Baseline (median)', 'Ratio', 'Target'];

function escapeCell(text: string): string {
  return text.replace(/\|/g, '\\|');
}

/**
 * The rows of one benchmark as a Markdown table.
 *
 * @example
 * ```ts
 * console.log(markdownTable(result.rows));
 * ```
 */
export function markdownTable(rows: readonly ResultRow[]): string {
  const lines = [HEADER, HEADER.map((_, i) => (i === 0 || i >= 5 ? '---' : '---:'))];
  for (const row of rows) lines.push(rowCells(row).map(escapeCell));
  return lines.map((cells) => `| ${cells.join(' | ')} |`).join('\n');
}

/**
 * Every benchmark's table under its title, with its description.
 *
 * @example
 * ```ts
 * console.log(resultsMarkdown(results));
 * ```
 */
export function resultsMarkdown(results: readonly BenchmarkResult[]): string {
  return results
    .map(({ benchmark, rows, elapsedMs }) => {
      const heading = `### ${benchmark.title} (\`${benchmark.name}\`, ${formatNumber(elapsedMs / 1000)} s)`;
      return [heading, '', benchmark.description, '', markdownTable(rows)].join('\n');
    })
    .join('\n\n');
}
