/**
 * Mutation testing's groups (`tools/mutation/groups.js`) and what `npm run test:mutation` keeps of a
 * Stryker report: a group that names a module or a suite that is not there would silently test
 * nothing, and a group's committed results must hold its own modules only.
 */
import { describe, expect, it } from '@jest/globals';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { incrementalFileOf, mutationGroup, MUTATION_GROUPS, type MutationGroup } from '../../tools/mutation/groups.js';
import { figuresOf, keepGroupOnly, matchesPatterns, type MutationReport, type ReportMutant } from '../../tools/mutation/report.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

function filesUnder(folder: string): string[] {
  return readdirSync(`${ROOT}/${folder}`).flatMap((name) => {
    const path = `${folder}/${name}`;
    return statSync(`${ROOT}/${path}`).isDirectory() ? filesUnder(path) : [path];
  });
}

const SOURCES = filesUnder('src');
const TESTS = filesUnder('test');

describe('the mutation groups', () => {
  it('have distinct names, each found by mutationGroup and given its own results file', () => {
    const names = MUTATION_GROUPS.map((group) => group.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) {
      expect(mutationGroup(name).name).toBe(name);
      expect(incrementalFileOf(name)).toBe(`tools/mutation/results/${name}.json`);
    }
  });

  it('refuse an unknown name with the list of the groups', () => {
    expect(() => mutationGroup('operator')).toThrow(/unknown mutation group "operator"; the groups: signing, params, /);
  });

  it.each(MUTATION_GROUPS.map((group): [string, MutationGroup] => [group.name, group]))(
    '%s: every pattern names a module that exists, and every suite is there',
    (_name, group) => {
      for (const pattern of group.mutate.filter((p) => !p.startsWith('!'))) {
        expect([pattern, SOURCES.some((file) => matchesPatterns(file, [pattern]))]).toEqual([pattern, true]);
      }
      for (const suite of group.tests.map((entry) => entry.replace(/^!/, ''))) {
        const found = suite.includes('*') ? TESTS.some((file) => matchesPatterns(file, [suite])) : existsSync(`${ROOT}/${suite}`);
        expect([suite, found]).toEqual([suite, true]);
      }
    },
  );

  it('mutate each module in one group only', () => {
    const owners = SOURCES.map((file) => [file, MUTATION_GROUPS.filter((g) => matchesPatterns(file, g.mutate)).map((g) => g.name)] as const);
    expect(owners.filter(([, groups]) => groups.length > 1)).toEqual([]);
    expect(owners.filter(([, groups]) => groups.length === 1).length).toBeGreaterThan(40);
  });
});

describe('matchesPatterns', () => {
  it('reads a path, a star within one folder, a line range and a left-out file as Stryker does', () => {
    expect(matchesPatterns('src/a/b.ts', ['src/a/b.ts'])).toBe(true);
    expect(matchesPatterns('src/a/b.ts', ['src/a/*.ts'])).toBe(true);
    expect(matchesPatterns('src/a/c/b.ts', ['src/a/*.ts'])).toBe(false);
    expect(matchesPatterns('src/a/b.ts', ['src/a/b.ts:10-20'])).toBe(true);
    expect(matchesPatterns('src/a/b.ts', ['src/a/*.ts', '!src/a/b.ts'])).toBe(false);
    expect(matchesPatterns('src/a/bxts', ['src/a/b.ts'])).toBe(false);
    expect(matchesPatterns('src/a/b.tsx', ['src/a/b.ts'])).toBe(false);
    expect(matchesPatterns('src/a/b.ts', ['!src/a/c.ts'])).toBe(false);
  });
});

const mutant = (status: string, line: number, statusReason?: string, column = 1, replacement = 'a <= b'): ReportMutant => ({
  mutatorName: 'EqualityOperator',
  replacement,
  status,
  location: { start: { line, column } },
  ...(statusReason === undefined ? {} : { statusReason }),
});

describe("what a group's run keeps", () => {
  const group: MutationGroup = { name: 'g', what: 'g', mutate: ['src/x/*.ts', '!src/x/skip.ts'], tests: ['test/x', 'test/y.test.ts', 'test/w/a-*.test.ts', '!test/x/skip.test.ts'] };

  it("keeps the group's modules and test files only, and each reason's first line", () => {
    const report: MutationReport = {
      files: {
        'src/x/a.ts': { mutants: [mutant('Killed', 3, 'Error: expected 1\n    at stack (a.ts:1)'), mutant('Survived', 4)] },
        'src/x/skip.ts': { mutants: [] },
        'src/other.ts': { mutants: [] },
      },
      testFiles: { 'test/x/a.test.ts': {}, 'test/x/skip.test.ts': {}, 'test/y.test.ts': {}, 'test/xy/b.test.ts': {}, 'test/z.test.ts': {}, 'test/w/a-1.test.ts': {}, 'test/w/b-1.test.ts': {} },
    };
    const kept = keepGroupOnly(report, group);
    expect(Object.keys(kept.files)).toEqual(['src/x/a.ts']);
    expect(Object.keys(kept.testFiles ?? {})).toEqual(['test/x/a.test.ts', 'test/y.test.ts', 'test/w/a-1.test.ts']);
    expect(kept.files['src/x/a.ts']?.mutants.map((m) => m.statusReason)).toEqual(['Error: expected 1', undefined]);
  });

  it('sorts each module\'s mutants by line, column, then mutant, so a run that changes nothing writes the same file', () => {
    const place = (m: ReportMutant): string => `${m.location.start.line}:${m.location.start.column}:${m.replacement ?? ''}`;
    const shuffled = [mutant('Killed', 9, undefined, 1), mutant('Killed', 2, undefined, 7, 'b'), mutant('Killed', 2, undefined, 7, 'a'), mutant('Killed', 2, undefined, 3), mutant('Killed', 10, undefined, 1)];
    const report: MutationReport = { files: { 'src/x/a.ts': { mutants: shuffled } } };
    expect(keepGroupOnly(report, group).files['src/x/a.ts']?.mutants.map(place)).toEqual(['2:3:a <= b', '2:7:a', '2:7:b', '9:1:a <= b', '10:1:a <= b']);
  });

  it('writes each mutant\'s fields in name order without an empty killedBy, and leaves out the machine\'s path', () => {
    const reused = { status: 'Timeout', killedBy: [], location: { start: { line: 1, column: 1 } }, mutatorName: 'BlockStatement' };
    const killed = { status: 'Killed', killedBy: ['3'], location: { start: { line: 2, column: 1 } }, mutatorName: 'BlockStatement' };
    const report = { projectRoot: '/home/someone/mexc-rx', files: { 'src/x/a.ts': { mutants: [killed, reused] } } } as MutationReport;
    const kept = keepGroupOnly(report, group);
    expect('projectRoot' in kept).toBe(false);
    expect(kept.files['src/x/a.ts']?.mutants.map((m) => Object.keys(m))).toEqual([
      ['location', 'mutatorName', 'status'],
      ['killedBy', 'location', 'mutatorName', 'status'],
    ]);
  });

  it('cuts a long first line of a reason to 200 characters', () => {
    const report: MutationReport = { files: { 'src/x/a.ts': { mutants: [mutant('Killed', 1, 'e'.repeat(201))] } } };
    expect(keepGroupOnly(report, group).files['src/x/a.ts']?.mutants[0]?.statusReason).toBe('e'.repeat(200));
  });
});

describe('figuresOf', () => {
  it('scores killed and timed-out mutants as detected, survivors and uncovered ones not, and leaves out errors', () => {
    const report: MutationReport = {
      files: {
        'src/a.ts': {
          mutants: [mutant('Killed', 1), mutant('Timeout', 2), mutant('Survived', 7), mutant('NoCoverage', 9), mutant('CompileError', 3), mutant('RuntimeError', 4)],
        },
        'src/b.ts': { mutants: [mutant('CompileError', 1)] },
      },
    };
    expect(figuresOf(report)).toEqual([
      {
        file: 'src/a.ts',
        mutants: 4,
        detected: 2,
        timedOut: 1,
        survivors: ['7: EqualityOperator "a <= b"', '9: EqualityOperator "a <= b"'],
        score: 50,
      },
      { file: 'src/b.ts', mutants: 0, detected: 0, timedOut: 0, survivors: [], score: 100 },
    ]);
  });
});
