/**
 * `npm run bench:compare` reads the tables `bench/run.ts` prints (fixtures captured from real runs,
 * test/bench/fixtures/) and judges each figure by one direction rule (tools/bench/direction.ts).
 */
import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { benchmarks } from '../../bench/registry.js';
import { failureReason, registryEntries, withoutBenchmarks } from '../../tools/bench/bench-trees.js';
import { figureDirection, unitDirection } from '../../tools/bench/direction.js';
import { parseBenchOutput, printedNumber, printedStep } from '../../tools/bench/parse-tables.js';

const fixture = (name: string): string => readFileSync(new URL(`fixtures/${name}`, import.meta.url), 'utf8');

describe('parseBenchOutput', () => {
  it('reads a run: heading, seconds, label, unit, median, baseline label and ratio, with their printed steps', () => {
    const tables = parseBenchOutput(fixture('decode-quick.md'));
    expect(tables).toHaveLength(1);
    expect(tables[0]).toMatchObject({ title: 'Frame decoding', seconds: 0.814 });
    expect(tables[0]?.rows).toEqual([
      { label: 'decodeFrame, protobuf frames', unit: 'events/s', median: 736392, medianStep: 1, baselineLabel: '`fromBinary` alone', ratioText: '0.62x the bare cost', ratio: 0.62, ratioStep: 0.01 },
      { label: 'decodeFrame, JSON frames', unit: 'events/s', median: 475167, medianStep: 1, baselineLabel: '`JSON.parse` alone', ratioText: '1.39x the bare cost', ratio: 1.39, ratioStep: 0.01 },
    ]);
  });

  it('takes the last parentheses as the unit, and a colon inside the baseline label stays in it', () => {
    const rows = parseBenchOutput(fixture('operators-full.md'))[0]?.rows ?? [];
    expect(rows[4]).toMatchObject({ label: 'reduceOrders, 1,000 open orders held (book: 1.06 MB)', unit: 'CPU ns/event', median: 2141, baselineLabel: 'bare fold' });
    const thousand = parseBenchOutput(fixture('thousand-quick.md'))[0]?.rows ?? [];
    expect(thousand[5]).toMatchObject({ unit: 'ms', median: 11960, baselineLabel: 'the budget’s floor (100 reads of weight 10 at 500 per 10 s)', ratio: 1.196 });
  });

  it('leaves the ratio out when the cell is not a multiple, and absent cells undefined', () => {
    const operators = parseBenchOutput(fixture('operators-full.md'))[0]?.rows ?? [];
    expect(operators[9]).toMatchObject({ ratioText: 'end 23.4 MB / first 23.1 MB = 1.01x; peak 211 MB', ratio: undefined, median: 23.8 });
    expect(operators[1]).toMatchObject({ unit: 'MB', baselineLabel: undefined, ratioText: undefined, ratio: undefined });
    const handwritten = parseBenchOutput(fixture('handwritten-full.md'))[0]?.rows ?? [];
    expect(handwritten.at(-1)).toMatchObject({ ratioText: '2.19 KB kept out of a page', ratio: undefined, unit: 'KB' });
  });

  it('reads several tables and ignores lines that are neither heading nor table', () => {
    const text = `noise\n${fixture('decode-quick.md')}\nmore noise | not a row\n${fixture('peers-full.md')}`;
    expect(parseBenchOutput(text).map((t) => [t.title, t.rows.length])).toEqual([
      ['Frame decoding', 2],
      ['Beside the peers (ccxt)', 16],
    ]);
    expect(parseBenchOutput('[bench] done\n')).toEqual([]);
  });

  it('reads printed numbers and refuses what is not one', () => {
    expect(printedNumber('1,234,568')).toBe(1234568);
    expect(printedNumber('0.0123')).toBe(0.0123);
    expect(printedNumber('NaN')).toBeNaN();
    expect(printedNumber('12 ms')).toBeNaN();
  });

  it('tells the smallest change a printed number can show', () => {
    expect(printedStep('0.07')).toBeCloseTo(0.01, 12);
    expect(printedStep('38.5')).toBeCloseTo(0.1, 12);
    expect(printedStep('1,234,568')).toBe(1);
    expect(printedStep(' 0.0123 ')).toBeCloseTo(0.0001, 12);
  });
});

describe('the direction rule', () => {
  it.each([
    ['events/s', 'higher'],
    ['requests/CPU s', 'higher'],
    ['values/s', 'higher'],
    ['µs', 'lower'],
    ['ms', 'lower'],
    ['s', 'lower'],
    ['CPU ns/event', 'lower'],
    ['ns/event', 'lower'],
    ['KB', 'lower'],
    ['KB min+gz', 'lower'],
    ['MB', 'lower'],
    ['responses', 'unknown'],
    ['accounts', 'unknown'],
    ['requests', 'unknown'],
    ['x', 'unknown'],
  ] as const)('a figure in %s is judged: %s (better)', (unit, direction) => {
    expect(unitDirection(unit, 'some row')).toBe(direction);
  });

  it('a multiple is better lower when its label calls it a cost', () => {
    expect(unitDirection('x', 'reduceOrders per-event cost, 1,000,000 vs 1,000 held')).toBe('lower');
  });

  it('a ratio that calls itself a cost is better lower even on a rate; any other ratio follows the unit', () => {
    expect(figureDirection({ unit: 'events/s', label: 'decodeFrame', ratioText: '0.62x the bare cost' })).toBe('lower');
    expect(figureDirection({ unit: 'requests/s', label: 'ccxt', ratioText: '1.66x raw fetch' })).toBe('higher');
    expect(figureDirection({ unit: 'µs', label: 'ccxt', ratioText: '0.59x raw fetch' })).toBe('lower');
    expect(figureDirection({ unit: 'events/s', label: 'decodeFrame' })).toBe('higher');
  });

  it('every row of the captured tables with a rate or time unit gets a direction', () => {
    const rows = ['decode-quick.md', 'operators-full.md', 'peers-full.md', 'handwritten-full.md', 'thousand-quick.md'].flatMap((name) => parseBenchOutput(fixture(name)).flatMap((t) => t.rows));
    const unjudged = new Set(rows.filter((row) => unitDirection(row.unit, row.label) === 'unknown').map((row) => row.unit));
    expect([...unjudged].sort()).toEqual(['accounts', 'requests', 'responses']);
  });
});

describe('failureReason', () => {
  it("quotes the benchmark's FAILED line", () => {
    expect(failureReason('thousand', { code: 1, signal: null, stderr: fixture('thousand-failed.stderr.txt') })).toBe('Error: timed out waiting for the budget’s windows to pass');
  });

  it('says how the process ended when it printed no such line', () => {
    expect(failureReason('decode', { code: null, signal: 'SIGKILL', stderr: '' })).toBe('no table printed, ended by SIGKILL');
    expect(failureReason('decode', { code: 1, signal: null, stderr: 'SyntaxError: no export named Queue\n' })).toBe('no table printed, exit 1');
  });
});

describe('the registry with --bench-from head', () => {
  const source = readFileSync(new URL('../../bench/registry.ts', import.meta.url), 'utf8');

  it('finds every benchmark the registry lists, with its module', () => {
    const entries = registryEntries(source);
    expect(entries).toContainEqual({ name: 'handwritten', module: 'handwritten.bench' });
    expect(entries).toContainEqual({ name: 'decode', module: 'decode.bench' });
    expect(entries.map((entry) => entry.name)).toEqual(benchmarks.map((entry) => entry.name));
  });

  it('drops a benchmark that does not load: its line, nothing else', () => {
    const dropped = registryEntries(source).filter((entry) => ['handwritten', 'scale'].includes(entry.name));
    const kept = withoutBenchmarks(source, dropped);
    expect(kept).not.toMatch(/handwritten|scaleBenchmark|scale\.bench/);
    expect(registryEntries(kept).map((entry) => entry.name)).toEqual(registryEntries(source).map((entry) => entry.name).filter((m) => m !== 'handwritten' && m !== 'scale'));
    expect(kept).toMatch(/^ {2}\{ name: 'decode', load: .*\},$/m);
    expect(source.split('\n').length - kept.split('\n').length).toBe(2);
  });
});

describe('the registry', () => {
  it('imports no benchmark module until that benchmark is asked for, then gives it under its name', async () => {
    const source = readFileSync(new URL('../../bench/registry.ts', import.meta.url), 'utf8');
    expect(source).not.toMatch(/^import (?!type ).*\.bench\.js/m);
    const decode = benchmarks.find((entry) => entry.name === 'decode');
    expect((await decode?.load())?.name).toBe('decode');
  });
});
