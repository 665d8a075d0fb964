import { describe, expect, it } from '@jest/globals';
import { firstValueFrom, of } from 'rxjs';
import { ValidationError } from '../../src/errors.js';
import { hash106Hex, hash53 } from '../../src/internal/hash.js';
import { ownedAccounts, ownerOf, ownsAccount } from '../../src/scale/partition.js';

const accounts = Array.from({ length: 1000 }, (_, i) => `sub${String(i).padStart(4, '0')}`);

describe('ownsAccount', () => {
  it('gives every account to exactly one worker, spread about evenly', () => {
    for (const count of [1, 2, 3, 7]) {
      const load = new Array<number>(count).fill(0);
      const ownerCounts = accounts.map((account) => Array.from({ length: count }, (_, w) => w).filter((w) => ownsAccount(account, w, count)));
      expect(ownerCounts.every((owners) => owners.length === 1)).toBe(true);
      for (const owners of ownerCounts) load[owners[0]!]! += 1;
      for (const n of load) expect(Math.abs(n - 1000 / count)).toBeLessThan((1000 / count) * 0.25);
    }
  });

  it('is stable: the same answer every time, and a new worker only takes accounts (rendezvous hashing)', () => {
    expect(accounts.map((a) => ownerOf(a, 5))).toEqual(accounts.map((a) => ownerOf(a, 5)));
    // Pinned values: the partition must not change between versions, or workers of two versions
    // would disagree about who owns what (and deduplication ids would change).
    expect(hash53('sub0001')).toBe(916649253020442);
    expect(hash106Hex('sub0001')).toBe('0aad743339f3161280e0f7ba1026');
    expect(['sub0000', 'sub0001', 'sub0002', 'sub0003', 'sub0004', 'sub0005'].map((a) => ownerOf(a, 3))).toEqual([2, 2, 2, 2, 1, 2]);
    let moved = 0;
    for (const account of accounts) {
      const before = ownerOf(account, 4);
      const after = ownerOf(account, 5);
      if (before !== after) {
        expect(after).toBe(4);
        moved += 1;
      }
    }
    // About a fifth move to the new worker; nothing moves between the old ones.
    expect(moved).toBeGreaterThan(150);
    expect(moved).toBeLessThan(250);
  });

  it('refuses worker numbers that make no sense', () => {
    expect(() => ownsAccount('a', 0, 0)).toThrow(ValidationError);
    expect(() => ownsAccount('a', 2, 2)).toThrow(ValidationError);
    expect(() => ownsAccount('a', -1, 2)).toThrow(ValidationError);
    expect(() => ownsAccount('a', 0.5, 2)).toThrow(ValidationError);
  });

  it('filters an account set to the worker\'s share, keeping the providers as they are', async () => {
    const provider = { create: () => of('k') };
    const all = new Map(accounts.slice(0, 50).map((a) => [a, provider] as const));
    const mine = await firstValueFrom(of(all).pipe(ownedAccounts(1, 2)));
    const theirs = await firstValueFrom(of(all).pipe(ownedAccounts(0, 2)));
    expect(mine.size + theirs.size).toBe(50);
    for (const [account, p] of mine) {
      expect(theirs.has(account)).toBe(false);
      expect(p).toBe(provider);
    }
  });
});

describe('hash106Hex', () => {
  it('is 28 hex digits, and differs for texts that differ by one character', () => {
    const seen = new Set(accounts.map(hash106Hex));
    expect(seen.size).toBe(accounts.length);
    for (const h of seen) expect(h).toMatch(/^[0-9a-f]{28}$/);
  });
});
