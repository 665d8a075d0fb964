/**
 * docs/reliability.md's "What the simulator enforces" names, per rule, the tests that prove it, and
 * its "Hostile inputs" tables, per input. This holds the tables to the tests: every file they name
 * exists, and every test name they quote is in that file, so a renamed or deleted test cannot leave
 * a table claiming a proof that is gone.
 */
import { describe, expect, it } from '@jest/globals';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

interface Claim {
  readonly rule: string;
  readonly file: string;
  readonly name: string;
}

/** The table rows of the `## heading` section of docs/reliability.md (all its tables), header rows left out. */
function tableRows(heading = '## What the simulator enforces'): string[] {
  const text = readFileSync(join(ROOT, 'docs', 'reliability.md'), 'utf8');
  const section = text.slice(text.indexOf(heading));
  const table = section.slice(0, section.indexOf('\n## '));
  return table.split('\n').filter((line) => line.startsWith('| ') && !line.startsWith('| Rule') && !line.startsWith('| Input |') && !line.startsWith('|---'));
}

/** Each quoted test name of a row, with the file named before it. */
function claims(row: string): Claim[] {
  const cells = row.split(' | ');
  const rule = (cells[0] ?? '').replace(/^\| /, '');
  const proof = cells.at(-1) ?? '';
  const found: Claim[] = [];
  for (const part of proof.split(/;\s*/)) {
    const file = /`([^`]+\.test\.ts)`/.exec(part)?.[1];
    if (file === undefined) continue;
    for (const quoted of part.matchAll(/"([^"]+)"/g)) found.push({ rule, file, name: quoted[1] ?? '' });
  }
  return found;
}

const normalize = (text: string): string => text.replace(/[’‘]/g, "'");

const allClaims = tableRows().flatMap(claims);

describe('docs/reliability.md: what the simulator enforces', () => {
  it('has a row for every area the simulator must hold, each naming tests', () => {
    const rules = tableRows().map((row) => (row.split(' | ')[0] ?? '').replace(/^\| /, ''));
    expect(rules).toEqual(expect.arrayContaining(['Authentication', 'Permissions', 'Tenancy', 'Money', 'Values', 'Time', 'Rate budget', 'Websocket rules']));
    for (const rule of rules) expect(allClaims.filter((c) => c.rule === rule).length).toBeGreaterThan(0);
  });

  it.each(allClaims.map((c) => [c.rule, c.file, c.name] as const))('%s: %s holds "%s"', (_rule, file, name) => {
    expectTestNamed(file, name);
  });
});

/** `file` (under test/simulator/ unless it names its folder) holds a test named `name` (`describe › it`, `%s` for parameters). */
function expectTestNamed(file: string, name: string): void {
  const path = file.includes('/') ? join(ROOT, file) : join(ROOT, 'test', 'simulator', file);
  expect(existsSync(path)).toBe(true);
  const source = normalize(readFileSync(path, 'utf8'));
  for (const piece of name.split(' › ').filter((p) => p !== '…')) {
    for (const literal of normalize(piece).replace(/^… /, '').split('%s')) {
      if (literal.trim() !== '') expect(source).toContain(literal.trim());
    }
  }
}

const hostileClaims = tableRows('## Hostile inputs').flatMap(claims);

describe('docs/reliability.md: hostile inputs', () => {
  it('names a test file and a test for every input it lists', () => {
    for (const row of tableRows('## Hostile inputs')) {
      const input = (row.split(' | ')[0] ?? '').replace(/^\| /, '');
      expect([input, hostileClaims.filter((c) => c.rule === input).length > 0]).toEqual([input, true]);
    }
  });

  it.each(hostileClaims.map((c) => [c.file, c.name] as const))('%s holds "%s"', (file, name) => {
    expectTestNamed(file, name);
  });
});
