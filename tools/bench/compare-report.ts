/**
 * The comparison as the terminal shows it: one Markdown table, the failed runs, a summary line, and
 * the exit status it calls for.
 *
 * @module
 */
import { formatNumber } from '../../bench/table.js';
import type { Comparison, ComparedRow } from './compare-rows.js';

const HEADER = ['Benchmark', 'Row', 'Compared', 'Better', 'Base median', 'Head median', 'Change', 'Verdict', 'Base runs', 'Head runs'];

const figure = (value: number | undefined, unit: string): string => (value === undefined ? '-' : `${formatNumber(value)} ${unit}`);
const escape = (text: string): string => text.replace(/\|/g, '\\|');

function cells(row: ComparedRow): string[] {
  const change = row.changePct === undefined ? '-' : `${row.changePct > 0 ? '+' : ''}${row.changePct.toFixed(1)}%`;
  return [
    row.benchmark,
    row.row,
    row.figure === 'ratio' ? 'ratio to its baseline' : 'own figure',
    row.direction === 'unknown' ? '-' : row.direction,
    figure(row.baseMedian, row.unit),
    figure(row.headMedian, row.unit),
    change,
    row.verdict === 'worse' ? '**worse**' : row.verdict,
    row.baseRuns.map((value) => formatNumber(value)).join(', '),
    row.headRuns.map((value) => formatNumber(value)).join(', '),
  ];
}

/**
 * The summary line: `N rows compared, N worse by more than T%`, the rows within noise and below
 * resolution, then what was not compared.
 *
 * @example
 * ```ts
 * summaryLine(comparison); // '12 rows compared, 0 worse by more than 5% (1 within noise)'
 * ```
 */
export function summaryLine(comparison: Comparison): string {
  const compared = comparison.rows.filter((row) => row.verdict === 'ok' || row.verdict === 'worse' || row.verdict === 'within noise' || row.verdict === 'below resolution').length;
  const worse = comparison.rows.filter((row) => row.verdict === 'worse').length;
  const extra: string[] = [];
  const noisy = comparison.rows.filter((row) => row.verdict === 'within noise').length;
  if (noisy > 0) extra.push(`${noisy} within noise: past ${comparison.thresholdPct}% at the median, but a head run as good as a base run; more --rounds tell`);
  const coarse = comparison.rows.filter((row) => row.verdict === 'below resolution').length;
  if (coarse > 0) extra.push(`${coarse} below resolution: past ${comparison.thresholdPct}% but by one printed step or less`);
  const notJudged = comparison.rows.filter((row) => row.verdict === 'not judged').length;
  const oneSide = comparison.rows.filter((row) => row.verdict.startsWith('only in')).length;
  const failedRuns = comparison.failures.reduce((sum, failure) => sum + failure.failed, 0);
  if (notJudged > 0) extra.push(`${notJudged} not judged`);
  if (oneSide > 0) extra.push(`${oneSide} in one tree only`);
  if (failedRuns > 0) extra.push(`${failedRuns} runs failed`);
  return `${compared} rows compared, ${worse} worse by more than ${comparison.thresholdPct}%${extra.length > 0 ? ` (${extra.join(', ')})` : ''}`;
}

/**
 * The whole report: the table, a line per side of a benchmark that failed, the summary line.
 *
 * @example
 * ```ts
 * process.stdout.write(comparisonReport(comparison));
 * ```
 */
export function comparisonReport(comparison: Comparison): string {
  const lines = [HEADER, HEADER.map((_, i) => (i >= 4 && i <= 6 ? '---:' : '---'))].map((row) => `| ${row.join(' | ')} |`);
  for (const row of comparison.rows) lines.push(`| ${cells(row).map(escape).join(' | ')} |`);
  const failures = comparison.failures.map((f) => `- ${f.benchmark}: failed in ${f.side} (${f.failed} of ${f.runs} runs): ${f.reason}`);
  return [...lines, '', ...(failures.length > 0 ? [...failures, ''] : []), summaryLine(comparison), ''].join('\n');
}

/**
 * 1 when a row is worse than the threshold allows or a run failed (the comparison cannot say no
 * row is worse), else 0.
 *
 * @example
 * ```ts
 * process.exitCode = comparisonExitCode(comparison);
 * ```
 */
export function comparisonExitCode(comparison: Comparison): 0 | 1 {
  return comparison.rows.some((row) => row.verdict === 'worse') || comparison.failures.length > 0 ? 1 : 0;
}
