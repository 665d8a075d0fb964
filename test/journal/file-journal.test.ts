/**
 * fileTransferJournal: entries outlive the process that wrote them (the file is read back on open),
 * a torn last line is cut off and reported, a corrupt line refuses the file with its line number,
 * one writer at a time (a stale lock of a dead process taken over), and no secret in the file.
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileTransferJournal, JournalCorruptError, JournalLockedError } from '../../src/journal/file/index.js';
import { transferOnce, withdrawOnce } from '../../src/journal/index.js';
import type { JournalEntry } from '../../src/journal/types.js';
import { FUND_PASSWORD } from '../support/harness.js';
import { clientOf, failure, run } from '../simulator/helpers.js';
import { bench, payout, type Bench } from './helpers.js';

let dir: string;
let path: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'journal-'));
  path = join(dir, 'payouts.journal');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const entry = (key: string, state: JournalEntry['state'] = 'sending'): JournalEntry => ({
  key, operation: 'M6', params: { asset: 'USDT', amount: '1', clientTranId: 'A'.repeat(32), fromAccountType: 'SPOT', toAccountType: 'SPOT' },
  state, sends: 1, sentAt: 1_700_000_000_000,
});

describe('fileTransferJournal', () => {
  it('reads back what it wrote after a reopen, each key at its latest version, in first-written order', async () => {
    const journal = fileTransferJournal(path);
    expect(await journal.write(entry('a'), 0)).toBe(1);
    expect(await journal.write(entry('b'), 0)).toBe(1);
    expect(await journal.write(entry('a', 'settled'), 1)).toBe(2);
    expect(await journal.write(entry('a'), 1)).toBeUndefined(); // compare-and-set
    journal.close();
    expect(readFileSync(path, 'utf8').split('\n')).toHaveLength(4);
    const again = fileTransferJournal(path);
    expect(again.recovery).toEqual({ tornBytes: 0, staleLockOf: undefined, keys: 2 });
    expect((await again.entries()).map((r) => [r.entry.key, r.entry.state, r.version])).toEqual([['a', 'settled', 2], ['b', 'sending', 1]]);
    again.close();
    await expect(again.read('a')).rejects.toThrow(/was closed/);
  });

  it('a torn last line is cut off and reported; the entry before it stands (an intent is never read as not sent)', async () => {
    const journal = fileTransferJournal(path);
    await journal.write(entry('a'), 0);
    journal.close();
    const whole = readFileSync(path, 'utf8');
    appendFileSync(path, '{"version":2,"entry":{"key":"a","operation":"M6","state":"sett');
    const again = fileTransferJournal(path);
    expect(again.recovery.tornBytes).toBeGreaterThan(0);
    expect((await again.read('a'))?.entry.state).toBe('sending');
    expect(readFileSync(path, 'utf8')).toBe(whole);
    expect(await again.write(entry('a', 'settled'), 1)).toBe(2);
    again.close();
    const third = fileTransferJournal(path);
    expect(third.recovery.tornBytes).toBe(0);
    third.close();
  });

  it.each([
    ['a line that is not JSON', (lines: string[]) => [lines[0], 'garbage', lines[1]], 2, /not JSON/],
    ['a line changed by hand', (lines: string[]) => [lines[0]?.replace('"amount":"1"', '"amount":"9"'), lines[1]], 1, /checksum/],
    ['a complete last line that is not an entry', (lines: string[]) => [lines[0], lines[1], '{"x":1}'], 3, /not a journal entry/],
    ['a version out of order', (lines: string[]) => [lines[1], lines[0]], 1, /version 2 .* follows version 0/],
  ])('%s refuses the file with a JournalCorruptError naming the line', async (_name, edit, line, reason) => {
    const journal = fileTransferJournal(path);
    await journal.write(entry('a'), 0);
    await journal.write(entry('a', 'settled'), 1);
    journal.close();
    const lines = readFileSync(path, 'utf8').split('\n').slice(0, -1);
    writeFileSync(path, `${edit(lines).join('\n')}\n`);
    let error: unknown;
    try {
      fileTransferJournal(path);
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(JournalCorruptError);
    expect(error).toMatchObject({ path, line, reason: expect.stringMatching(reason) as unknown });
    expect(existsSync(`${path}.lock`)).toBe(false);
  });

  it('one writer at a time: a live holder is refused, a dead one\'s lock is taken over and reported', () => {
    const journal = fileTransferJournal(path);
    expect(() => fileTransferJournal(path)).toThrow(JournalLockedError);
    expect(() => fileTransferJournal(path)).toThrow(new RegExp(`held by process ${process.pid}`));
    journal.close();
    expect(existsSync(`${path}.lock`)).toBe(false);
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout.toString();
    writeFileSync(`${path}.lock`, `${dead}\n`);
    const taken = fileTransferJournal(path);
    expect(taken.recovery.staleLockOf).toBe(Number(dead));
    expect(readFileSync(`${path}.lock`, 'utf8')).toBe(`${process.pid}\n`);
    taken.close();
  });
});

describe('the file journal with the simulator', () => {
  let b: Bench;
  beforeEach(async () => (b = await bench()));
  afterEach(() => b.sim.close());

  it('a settled payout is not sent again by a later process (a reopened journal), and no secret enters the file', async () => {
    const first = fileTransferJournal(path);
    const paid = await run(transferOnce(b.master, payout('payout-1'), { journal: first }));
    b.sim.admin.fund('client0001', 'USDT', '100');
    const keys = b.sim.admin.createApiKey('client0001');
    const sub = clientOf(b.sim, keys);
    await failure(withdrawOnce(sub, { key: 'w-1', coin: 'USDT', network: 'TRC20', address: 'TQn9Y2', amount: '1', password: FUND_PASSWORD }, { journal: first }));
    first.close();
    const second = fileTransferJournal(path);
    expect(await run(transferOnce(b.master, payout('payout-1'), { journal: second }))).toEqual({ ...paid, confirmedBy: 'journal' });
    second.close();
    expect(b.sim.admin.transfers()).toHaveLength(1);
    const text = readFileSync(path, 'utf8');
    expect(text).toContain('TQn9Y2');
    for (const secret of [FUND_PASSWORD, b.sim.master.secretKey, b.sim.master.apiKey, keys.secretKey]) expect(text).not.toContain(secret);
  });
});
