/**
 * The simulator's refusals that the edge tests pin only by code, pinned by their words as well
 * (a message that says what to change is part of the contract), and the ledger's totals over a
 * line that holds a locked part.
 */
import { describe, expect, it } from '@jest/globals';
import { checkTimestamp, identify } from '../../src/simulator/auth.js';
import { SIM_CODES, SimError } from '../../src/simulator/errors.js';
import { adjust, credit, debit, requireFunds, totals } from '../../src/simulator/ledger.js';
import { createWorld, type World } from '../../src/simulator/state.js';

const NOW = 1_700_000_000_000;

/** The code and message `check` throws as a SimError (fails the test when it passes). */
function refusalOf(check: () => void): { code: number | string; message: string } {
  try {
    check();
  } catch (error) {
    if (error instanceof SimError) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('expected a SimError, the check passed');
}

/** A world with one sub-account `sub00001` (frozen as asked) and its key `key-1`. */
function worldWithSubAccount(frozen: boolean): World {
  const world = createWorld();
  world.accounts.set('u2', {
    uid: 'u2',
    name: 'sub00001',
    kind: 'master-sub',
    parentUid: 'u1',
    note: '',
    createTime: NOW,
    frozen,
    futuresEnabled: false,
    fundPassword: undefined,
  });
  world.apiKeys.set('key-1', { apiKey: 'key-1', secretKey: 'secret-1', ownerUid: 'u2', note: '', permissions: [], ip: [], createTime: NOW });
  return world;
}

describe('identify', () => {
  it('refuses the key of a frozen sub-account with 140002 and says the sub-account is frozen', () => {
    expect(refusalOf(() => identify(worldWithSubAccount(true), 'key-1'))).toEqual({
      code: SIM_CODES.subAccountForbidden,
      message: 'sub-account is frozen',
    });
  });

  it('finds the caller by the same key once the sub-account is not frozen', () => {
    const world = worldWithSubAccount(false);
    const caller = identify(world, 'key-1');
    expect(caller.account).toBe(world.accounts.get('u2'));
    expect(caller.key).toBe(world.apiKeys.get('key-1'));
  });
});

describe('checkTimestamp', () => {
  it('says a missing timestamp was not sent, in other words than a malformed one', () => {
    expect(refusalOf(() => checkTimestamp(new Map(), NOW))).toEqual({
      code: SIM_CODES.parameterInvalid,
      message: "Mandatory parameter 'timestamp' was not sent, was empty/null, or malformed",
    });
    expect(refusalOf(() => checkTimestamp(new Map([['recvWindow', '5000']]), NOW))).toEqual({
      code: SIM_CODES.parameterInvalid,
      message: "Mandatory parameter 'timestamp' was not sent, was empty/null, or malformed",
    });
  });
});

describe('the ledger', () => {
  const at = { uid: 'u1', accountType: 'SPOT', asset: 'USDT', reason: 'fund', time: 1 } as const;

  it('names the asset and the account type short of funds', () => {
    const world = createWorld();
    credit(world, { ...at, amount: 100n });
    expect(refusalOf(() => requireFunds(world, 'u1', 'SPOT', 'USDT', 101n))).toEqual({
      code: SIM_CODES.insufficientBalance,
      message: 'Insufficient balance of USDT in SPOT',
    });
    expect(refusalOf(() => debit(world, { ...at, accountType: 'FUTURES', asset: 'BTC', amount: 1n, reason: 'withdraw' }))).toEqual({
      code: SIM_CODES.insufficientBalance,
      message: 'Insufficient balance of BTC in FUTURES',
    });
  });

  it('totals each asset as available plus locked, over every account and account type', () => {
    const world = createWorld();
    credit(world, { ...at, amount: 10n ** 31n }); // 10 USDT
    adjust(world, { ...at, reason: 'order-place', freeChange: -(3n * 10n ** 30n), lockedChange: 3n * 10n ** 30n });
    credit(world, { ...at, uid: 'u2', accountType: 'FUTURES', amount: 5n * 10n ** 29n }); // 0.5 USDT
    credit(world, { ...at, asset: 'BTC', amount: 2n * 10n ** 30n }); // 2 BTC
    adjust(world, { ...at, asset: 'BTC', reason: 'order-place', freeChange: -(2n * 10n ** 30n), lockedChange: 2n * 10n ** 30n });
    expect(Object.fromEntries(totals(world))).toEqual({ USDT: '10.5', BTC: '2' });
  });
});
