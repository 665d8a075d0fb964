/**
 * The demo as a user sees it in a real terminal (a tmux pseudo-terminal): the live view fits the
 * terminal it is in, most useful parts first, follows a resize, and leaves nothing of an earlier
 * frame behind; the final screen shows the status line, the balances and the open orders above
 * the summary.
 */
import { afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { startInTmux, tmuxVersion, type TmuxSession } from './tmux.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** The demo, then its exit code where a shell would put its prompt (no newline after it). */
const DEMO = `sh -c 'unset CI; node --import tsx examples/demo/main.ts; printf "[exit %s]" "$?"; exec sleep 600'`;
const STATUS_LINE = /^mexc-rx demo {2}status: \w+ {2}events: \d+ \(\d+\/s\) {2}gaps: \d+$/;
const WAIT_MS = 120_000;
/** Where the captured screens are written, for people to look at. */
const OUTPUT = 'test-output/terminal';

let term: TmuxSession | undefined;
afterEach(async () => {
  await term?.kill();
  term = undefined;
});

/** Reads the screen until `accept` holds; fails with the last screen after `WAIT_MS`. */
async function screenWhen(what: string, accept: (lines: readonly string[]) => boolean): Promise<string[]> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const lines = (await term?.screen()) ?? [];
    if (accept(lines)) return lines;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; the screen:\n${lines.join('\n')}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The live view, once the session is well under way (at least 150 events, out of about 500). */
const live = (lines: readonly string[]): boolean => {
  const events = /^mexc-rx demo {2}status: live {2}events: (\d+) /.exec(lines[0] ?? '');
  return events !== null && Number(events[1]) >= 150 && lines.some((l) => l.startsWith('Open orders ('));
};
const finished = (lines: readonly string[]): boolean => lines.some((line) => /\[exit \d+\]$/.test(line));

/** The first row matching `pattern`, or -1. */
const rowOf = (lines: readonly string[], pattern: RegExp): number => lines.findIndex((line) => pattern.test(line));

/** Every row fits `columns`; at most `rows` rows; status, balances and open orders shown, in that order. */
function expectFits(lines: readonly string[], columns: number, rows: number): void {
  const tooWide = lines.filter((line) => [...line].length > columns);
  expect({ columns, tooWide }).toEqual({ columns, tooWide: [] });
  expect(lines.length).toBeLessThanOrEqual(rows);
  const status = rowOf(lines, STATUS_LINE);
  const balances = rowOf(lines, /^Balances/);
  const open = rowOf(lines, /^Open orders \(\d+\)/);
  expect({ status: status >= 0, balances: balances > status, open: open > balances }).toEqual({ status: true, balances: true, open: true });
  expect(lines[balances + 1]).toMatch(/^ {2}asset +free +frozen +total$/);
  expect(lines.slice(balances + 2, open).some((line) => /^ {2}USDT\s/.test(line))).toBe(true);
}

/** The final screen: the last frame above the summary, exit code 0, nothing of an earlier frame anywhere. */
async function expectFinalScreen(columns: number, rows: number): Promise<string[]> {
  const lines = await screenWhen('the demo to finish', finished);
  expect(lines[lines.length - 1]).toBe('[exit 0]');
  expectFits(lines, columns, rows);
  expect(lines).toContain("  streamed state equals the simulator's: yes");
  expect(rowOf(lines, /^Summary$/)).toBeGreaterThan(rowOf(lines, /^Open orders/));
  // Scrollback included: no line wider than the terminal; one status line in all (the final
  // frame's), never the first frame's.
  const everything = (await term?.everything()) ?? [];
  expect(everything.filter((line) => [...line].length > columns)).toEqual([]);
  expect(everything.filter((line) => line.startsWith('mexc-rx demo'))).toEqual([expect.stringMatching(STATUS_LINE)]);
  expect(everything.some((line) => line.includes('status: starting'))).toBe(false);
  return lines;
}

/** Writes captured screens to `OUTPUT/<name>.txt`. */
async function keep(name: string, screens: Readonly<Record<string, readonly string[]>>): Promise<void> {
  const text = Object.entries(screens).map(([title, lines]) => `--- ${title}\n${lines.join('\n')}\n`);
  await writeFile(`${OUTPUT}/${name}.txt`, text.join('\n'));
}

beforeAll(async () => {
  // Fails here, with what to do, when tmux is missing.
  expect(await tmuxVersion()).toMatch(/^tmux \d/);
  await mkdir(OUTPUT, { recursive: true });
});

describe('the demo in a terminal', () => {
  it('at 80x24: the live view and the final screen fit, status, balances and open orders first', async () => {
    term = await startInTmux(DEMO, ROOT, 80, 24);
    const during = await screenWhen('the live view', live);
    expectFits(during, 80, 24);
    expect(rowOf(during, STATUS_LINE)).toBe(0);
    expect(during[1]).toMatch(/^connection: /);
    const after = await expectFinalScreen(80, 24);
    await keep('demo-80x24', { live: during, 'at the end': after });
  }, WAIT_MS + 30_000);

  it('at 160x50: every section shows, live and at the end', async () => {
    term = await startInTmux(DEMO, ROOT, 160, 50);
    const during = await screenWhen('the live view with fills', (lines) => live(lines) && lines.some((l) => l.startsWith('Recent fills')) && lines.some((l) => l.startsWith('  order ')));
    expectFits(during, 160, 50);
    for (const heading of [/^Recent fills/, /^Finished orders \(\d+\)/, /^Connection log$/]) expect(rowOf(during, heading)).toBeGreaterThan(0);
    const after = await expectFinalScreen(160, 50);
    for (const heading of [/^Recent fills/, /^Finished orders \(\d+\)/]) expect(rowOf(after, heading)).toBeGreaterThan(0);
    await keep('demo-160x50', { live: during, 'at the end': after });
  }, WAIT_MS + 30_000);

  it('follows a resize from 160x50 to 80x24 while live, leaving no line of the wider frames', async () => {
    term = await startInTmux(DEMO, ROOT, 160, 50);
    await screenWhen('the live view', live);
    await term.resize(80, 24);
    const resized = await screenWhen('a frame for 80x24', (lines) => (live(lines) || finished(lines)) && lines.every((line) => [...line].length <= 80));
    expectFits(resized, 80, 24);
    const after = await expectFinalScreen(80, 24);
    await keep('demo-160x50-resized-to-80x24', { 'after the resize': resized, 'at the end': after });
  }, WAIT_MS + 30_000);
});
