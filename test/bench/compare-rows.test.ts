/**
 * `npm run bench:compare` pairs the base's and the working tree's rows, takes medians over the runs,
 * and calls a row `worse` past the threshold when every head run is worse than every base run,
 * `within noise` when the runs overlap, `below resolution` when the medians differ by one printed
 * step or less; a planted 10%-worse row is flagged and exits 1.
 */
import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { abbaOrder, parseCompareArgs, UsageError } from '../../tools/bench/compare-options.js';
import { comparisonExitCode, comparisonReport, summaryLine } from '../../tools/bench/compare-report.js';
import { allRunsWorse, changePercent, compareRuns, median, type BenchRun, type Side } from '../../tools/bench/compare-rows.js';
import { parseBenchOutput } from '../../tools/bench/parse-tables.js';
import { parseArgs } from 'node:util';

const fixture = (name: string): string => readFileSync(new URL(`fixtures/${name}`, import.meta.url), 'utf8');
const run = (benchmark: string, side: Side, stdout: string): BenchRun => ({ benchmark, side, tables: parseBenchOutput(stdout) });
const decode = fixture('decode-quick.md');

describe('pairing and judging', () => {
  it('compares the same output as unchanged: every ratio row ok at 0%', () => {
    const comparison = compareRuns([run('decode', 'base', decode), run('decode', 'head', decode)], 5);
    expect(comparison.rows.map((r) => [r.figure, r.direction, r.baseMedian, r.headMedian, r.changePct, r.verdict])).toEqual([
      ['ratio', 'lower', 0.62, 0.62, 0, 'ok'],
      ['ratio', 'lower', 1.39, 1.39, 0, 'ok'],
    ]);
    expect(summaryLine(comparison)).toBe('2 rows compared, 0 worse by more than 5%');
    expect(comparisonExitCode(comparison)).toBe(0);
  });

  it('flags a planted 10%-worse row and exits 1', () => {
    const head = decode.replace('0.62x the bare cost', '0.682x the bare cost');
    const comparison = compareRuns([run('decode', 'base', decode), run('decode', 'head', head), run('decode', 'head', head), run('decode', 'base', decode)], 5);
    const [protobuf, json] = comparison.rows;
    expect(protobuf?.changePct).toBeCloseTo(10, 6);
    expect(protobuf?.verdict).toBe('worse');
    expect(json?.verdict).toBe('ok');
    expect(summaryLine(comparison)).toBe('2 rows compared, 1 worse by more than 5%');
    expect(comparisonReport(comparison)).toMatch(/\| decode \| decodeFrame, protobuf frames \(events\/s\) vs `fromBinary` alone \| ratio to its baseline \| lower \| 0\.62 x \| 0\.682 x \| \+10\.0% \| \*\*worse\*\* \|/);
    expect(comparisonExitCode(comparison)).toBe(1);
  });

  it('calls a row past the threshold whose runs overlap within noise, shows every run, and exits 0', () => {
    const at = (ratio: string): string => decode.replace('0.62x the bare cost', `${ratio}x the bare cost`);
    // Medians 0.66 and 0.70 (+6.1%), but a head run (0.68) beat a base run (0.70).
    const runs = [run('decode', 'base', at('0.62')), run('decode', 'head', at('0.72')), run('decode', 'head', at('0.68')), run('decode', 'base', at('0.70'))];
    const comparison = compareRuns(runs, 5);
    expect(comparison.rows[0]).toMatchObject({ baseRuns: [0.62, 0.7], headRuns: [0.72, 0.68], changePct: expect.closeTo(6.06, 1), verdict: 'within noise' });
    expect(comparisonReport(comparison)).toMatch(/\| \+6\.1% \| within noise \| 0\.62, 0\.7 \| 0\.72, 0\.68 \|/);
    expect(summaryLine(comparison)).toBe('2 rows compared, 0 worse by more than 5% (1 within noise: past 5% at the median, but a head run as good as a base run; more --rounds tell)');
    expect(comparisonExitCode(comparison)).toBe(0);
    // The same medians with the runs apart: worse.
    const apart = [run('decode', 'base', at('0.62')), run('decode', 'head', at('0.70')), run('decode', 'head', at('0.70')), run('decode', 'base', at('0.69'))];
    expect(compareRuns(apart, 5).rows[0]?.verdict).toBe('worse');
  });

  it('calls a change of one printed step or less below resolution, and exits 0; two steps are worse', () => {
    const page = (kb: string): string =>
      [
        '## What the library adds to a browser page (2.83 s)',
        '',
        '| Measure | Median | Min | Max | Rounds | Baseline (median) | Ratio | Target |',
        '| --- | ---: | ---: | ---: | ---: | --- | --- | --- |',
        `| stream page: isomorphic-ws (KB min+gz) | ${kb} | ${kb} | ${kb} | 1 | minified: 0.27 KB | - | - |`,
        '',
      ].join('\n');
    const oneStep = compareRuns([run('bundle', 'base', page('0.06')), run('bundle', 'head', page('0.07'))], 5);
    expect(oneStep.rows[0]).toMatchObject({ figure: 'own', direction: 'lower', changePct: expect.closeTo(16.7, 1), verdict: 'below resolution' });
    expect(summaryLine(oneStep)).toBe('1 rows compared, 0 worse by more than 5% (1 below resolution: past 5% but by one printed step or less)');
    expect(comparisonExitCode(oneStep)).toBe(0);
    expect(compareRuns([run('bundle', 'base', page('0.06')), run('bundle', 'head', page('0.08'))], 5).rows[0]?.verdict).toBe('worse');
    // A figure printed more finely on one side is judged by the coarser step.
    expect(compareRuns([run('bundle', 'base', page('0.06')), run('bundle', 'head', page('0.068'))], 5).rows[0]?.verdict).toBe('below resolution');
    // Past the threshold by more than a step: worse, whatever the size.
    expect(compareRuns([run('bundle', 'base', page('38.5')), run('bundle', 'head', page('40.5'))], 5).rows[0]?.verdict).toBe('worse');
  });

  it('takes the median over the runs of each side, so one outlier run does not decide', () => {
    const slow = decode.replace('0.62x the bare cost', '0.90x the bare cost');
    const runs = [run('decode', 'base', decode), run('decode', 'head', decode), run('decode', 'head', slow), run('decode', 'base', decode), run('decode', 'head', decode)];
    expect(compareRuns(runs, 5).rows[0]).toMatchObject({ headMedian: 0.62, verdict: 'ok' });
  });

  it('judges a better row ok, and a row without a ratio by its own figure in its own direction', () => {
    const base = fixture('operators-full.md');
    const head = base.replace('| reduceOrders, peak heap over the run (MB) | 231 |', '| reduceOrders, peak heap over the run (MB) | 260 |').replace('8.1x the bare cost', '7.0x the bare cost');
    const rows = compareRuns([run('operators', 'base', base), run('operators', 'head', head)], 5).rows;
    expect(rows[0]).toMatchObject({ figure: 'ratio', changePct: expect.closeTo(-13.6, 1), verdict: 'ok' });
    expect(rows[1]).toMatchObject({ figure: 'own', unit: 'MB', direction: 'lower', baseMedian: 231, headMedian: 260, verdict: 'worse' });
  });

  it('pairs rows whose labels carry run-dependent figures, and keeps apart rows that differ only by baseline', () => {
    const base = fixture('operators-full.md');
    const head = base.replace('(book: 1.06 MB)', '(book: 1.12 MB)');
    const rows = compareRuns([run('operators', 'base', base), run('operators', 'head', head)], 5).rows;
    expect(rows).toHaveLength(10);
    expect(rows.every((r) => r.verdict !== 'only in base' && r.verdict !== 'only in head')).toBe(true);
    const peers = fixture('peers-full.md');
    const peerRows = compareRuns([run('peers', 'base', peers), run('peers', 'head', peers)], 5).rows;
    expect(peerRows).toHaveLength(16);
    expect(peerRows.filter((r) => r.row.startsWith("listSubAccounts, transport 'ky' (default): throughput")).map((r) => r.row.split(' vs ')[1])).toEqual(['ccxt 4.5.84', 'raw fetch']);
  });

  it('lists rows in one tree only, and leaves counts unjudged', () => {
    const thousand = fixture('thousand-quick.md');
    const head = thousand.replace(/\| heap per connected stream[^\n]*\n/, '');
    const rows = compareRuns([run('thousand', 'base', thousand), run('thousand', 'head', head)], 5).rows;
    expect(rows.find((r) => r.row.startsWith('heap per connected stream'))?.verdict).toBe('only in base');
    expect(rows.filter((r) => r.verdict === 'not judged').map((r) => r.unit)).toEqual(['accounts', 'responses', 'requests', 'responses']);
    expect(summaryLine(compareRuns([run('thousand', 'base', thousand), run('thousand', 'head', head)], 5))).toBe('3 rows compared, 0 worse by more than 5% (4 not judged, 1 in one tree only)');
  });

  it('reports a side whose runs failed, its rows as failed there, and exits 1', () => {
    const failed: BenchRun = { benchmark: 'thousand', side: 'base', tables: [], failure: 'Error: timed out waiting for the budget’s windows to pass' };
    const comparison = compareRuns([failed, run('thousand', 'head', fixture('thousand-quick.md'))], 5);
    expect(comparison.failures).toEqual([{ benchmark: 'thousand', side: 'base', failed: 1, runs: 1, reason: 'Error: timed out waiting for the budget’s windows to pass' }]);
    expect(new Set(comparison.rows.map((r) => r.verdict))).toEqual(new Set(['failed in base']));
    expect(comparisonReport(comparison)).toContain('- thousand: failed in base (1 of 1 runs): Error: timed out');
    expect(comparisonExitCode(comparison)).toBe(1);
  });
});

describe('the figures', () => {
  it('change is positive when worse, either way', () => {
    expect(changePercent(100, 110, 'lower')).toBe(10);
    expect(changePercent(100, 90, 'higher')).toBe(10);
    expect(changePercent(100, 110, 'higher')).toBe(-10);
    expect(changePercent(100, 110, 'unknown')).toBeUndefined();
    expect(changePercent(0, 0, 'lower')).toBe(0);
    expect(changePercent(0, 1, 'lower')).toBeUndefined();
  });

  it('all runs worse means no overlap, either way', () => {
    expect(allRunsWorse([10, 11], [12, 13], 'lower')).toBe(true);
    expect(allRunsWorse([10, 13], [12, 14], 'lower')).toBe(false);
    expect(allRunsWorse([10, 11], [12, 13], 'higher')).toBe(false);
    expect(allRunsWorse([12, 13], [10, 11], 'higher')).toBe(true);
    expect(allRunsWorse([12, 13], [12, 11], 'higher')).toBe(false);
    expect(allRunsWorse([], [1], 'lower')).toBe(false);
    expect(allRunsWorse([1], [2], 'unknown')).toBe(false);
  });

  it('median of odd and even counts', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
  });
});

describe('the command line', () => {
  it('runs base and head alternately, base first, head twice in the middle', () => {
    expect(abbaOrder(1)).toEqual(['base', 'head']);
    expect(abbaOrder(4)).toEqual(['base', 'head', 'head', 'base', 'base', 'head', 'head', 'base']);
  });

  it('reads its options and defaults', () => {
    expect(parseCompareArgs(parseArgs, ['--base', 'aa124d9', '--only', 'decode,operators', '--only', 'bundle', '--quick'])).toEqual({
      base: 'aa124d9',
      only: ['decode', 'operators', 'bundle'],
      rounds: 2,
      thresholdPct: 5,
      quick: true,
      benchFrom: 'base',
      help: false,
    });
  });

  it.each([
    [['--only', 'decode'], /--base <git ref> is required/],
    [['--base', 'x', '--rounds', '0'], /--rounds must be a whole number/],
    [['--base', 'x', '--rounds', '1.5'], /--rounds must be a whole number/],
    [['--base', 'x', '--threshold=-1'], /--threshold must be a percentage/],
    [['--base', 'x', '--threshold', 'Infinity'], /--threshold must be a percentage/],
    [['--base', 'x', '--bench-from', 'both'], /--bench-from must be base or head/],
    [['--base', 'x', '--frobnicate'], /Unknown option/],
  ])('refuses %j', (args, message) => {
    expect(() => parseCompareArgs(parseArgs, args)).toThrow(UsageError);
    expect(() => parseCompareArgs(parseArgs, args)).toThrow(message);
  });
});
