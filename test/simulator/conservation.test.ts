import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { ApiError, brokerUniversalTransfer, brokerWithdraw, universalTransfer, type AccountType, type Client } from '../../src/index.js';
import { SIM_CODES, type Simulator } from '../../src/simulator/index.js';
import { clientOf, failure, run, startSim, subAccountKeys } from './helpers.js';

/** Amounts in this test are integers of 10^-4, computed here without the simulator's arithmetic. */
const PLACES = 4;

function toUnits(text: string): bigint {
  const [whole = '0', fraction = ''] = text.split('.');
  if (fraction.length > PLACES) throw new Error(`unexpected precision: ${text}`);
  const units = BigInt(whole.replace('-', '')) * 10n ** BigInt(PLACES) + BigInt(fraction.padEnd(PLACES, '0'));
  return text.startsWith('-') ? -units : units;
}

function toText(units: bigint): string {
  const s = units.toString().padStart(PLACES + 1, '0');
  return `${s.slice(0, -PLACES)}.${s.slice(-PLACES)}`;
}

const ASSETS = ['USDT', 'BTC'] as const;
const TYPES: readonly AccountType[] = ['SPOT', 'FUTURES'];
const MASTER_SIDE = ['simmaster', 'mastersub1', 'mastersub2'] as const;
const BROKER_SIDE = ['simbroker', 'brokersub1', 'brokersub2'] as const;
const ACCOUNTS = [...MASTER_SIDE, ...BROKER_SIDE];

/** Mostly amounts that fit the balances (up to 5), some that may not (up to 150000). */
const amount = fc
  .oneof({ arbitrary: fc.integer({ min: 1, max: 5 * 10 ** PLACES }), weight: 4 }, { arbitrary: fc.integer({ min: 1, max: 150_000 * 10 ** PLACES }), weight: 1 })
  .map((n) => BigInt(n));
/**
 * The amount of a debit: a random one, or on purpose the boundary of the source's balance at that
 * moment (all of it, one unit less, one unit more), where `<` and `<=` part ways.
 */
const debit = fc.oneof(
  { arbitrary: amount.map((units) => ({ units })), weight: 3 },
  { arbitrary: fc.constantFrom(-1n, 0n, 1n).map((offset) => ({ offset })), weight: 2 },
);
type Debit = { readonly units: bigint } | { readonly offset: bigint };

/** The units of `choice` against a source holding `balance` (never below one unit). */
function debitUnits(choice: Debit, balance: bigint): bigint {
  const units = 'units' in choice ? choice.units : balance + choice.offset;
  return units > 0n ? units : 1n;
}
const asset = fc.constantFrom(...ASSETS);
const type = fc.constantFrom(...TYPES);

const step = fc.oneof(
  fc.record({ kind: fc.constant('M6' as const), from: fc.constantFrom(...MASTER_SIDE), to: fc.constantFrom(...MASTER_SIDE), fromType: type, toType: type, asset, debit }),
  fc.record({ kind: fc.constant('B13' as const), from: fc.constantFrom(...BROKER_SIDE), to: fc.constantFrom(...BROKER_SIDE), fromType: type, toType: type, asset, debit }),
  fc.record({ kind: fc.constant('deposit' as const), to: fc.constantFrom('brokersub1', 'brokersub2', 'mastersub1'), asset, amount, credited: fc.boolean() }),
  fc.record({ kind: fc.constant('B12' as const), from: fc.constantFrom('brokersub1', 'brokersub2'), asset, debit }),
);

type Step = typeof step extends fc.Arbitrary<infer S> ? S : never;

let sim: Simulator;
let masterClient: Client;
let brokerClient: Client;
let subClients: Record<'brokersub1' | 'brokersub2', Client>;

beforeAll(async () => {
  sim = await startSim();
  sim.admin.createSubAccount('simmaster', 'mastersub1');
  sim.admin.createSubAccount('simmaster', 'mastersub2');
  masterClient = clientOf(sim, sim.master);
  brokerClient = clientOf(sim, sim.broker);
  subClients = {
    brokersub1: clientOf(sim, subAccountKeys(sim, 'simbroker', 'brokersub1')),
    brokersub2: clientOf(sim, subAccountKeys(sim, 'simbroker', 'brokersub2')),
  };
});
afterAll(() => sim.close());

const key = (account: string, accountType: AccountType, a: string): string => `${account}|${accountType}|${a}`;

/** Every balance line of the six accounts, read through the admin interface. */
function snapshot(): Map<string, bigint> {
  const lines = new Map<string, bigint>();
  for (const account of ACCOUNTS) {
    for (const b of sim.admin.balances(account)) lines.set(key(account, b.accountType, b.asset), toUnits(b.free) + toUnits(b.locked));
  }
  return lines;
}

/** Sum of each asset over every account the simulator has. */
function sums(): Map<string, bigint> {
  const out = new Map<string, bigint>();
  for (const account of sim.admin.accounts()) {
    for (const b of sim.admin.balances(account.uid)) out.set(b.asset, (out.get(b.asset) ?? 0n) + toUnits(b.free) + toUnits(b.locked));
  }
  return out;
}

const tally = { committed: 0, refused: 0, wholeBalance: 0 };

async function expectOutcome(call: Promise<unknown>, refusal: number | undefined): Promise<boolean> {
  if (refusal === undefined) {
    await call;
    tally.committed += 1;
    return true;
  }
  tally.refused += 1;
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  expect((error as ApiError).code).toBe(refusal);
  return false;
}

describe('universal transfers conserve value', () => {
  it('the sum of each asset over all accounts changes only by deposits and withdrawals', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 30, size: 'max' }), async (steps: readonly Step[]) => {
        const model = snapshot();
        const expected = sums();
        const balance = (account: string, t: AccountType, a: string): bigint => model.get(key(account, t, a)) ?? 0n;
        const move = (account: string, t: AccountType, a: string, delta: bigint): void => {
          model.set(key(account, t, a), balance(account, t, a) + delta);
        };
        for (const s of steps) {
          sim.clock.advance(1000);
          if (s.kind === 'M6' || s.kind === 'B13') {
            const amount = debitUnits(s.debit, balance(s.from, s.fromType, s.asset));
            const text = toText(amount);
            if (amount === balance(s.from, s.fromType, s.asset)) tally.wholeBalance += 1;
            const sameLine = s.from === s.to && s.fromType === s.toType;
            const refusal = sameLine
              ? SIM_CODES.transferNotSupported
              : balance(s.from, s.fromType, s.asset) < amount
                ? SIM_CODES.insufficientBalance
                : undefined;
            const root = s.kind === 'M6' ? 'simmaster' : 'simbroker';
            const params = {
              ...(s.from === root ? {} : { fromAccount: s.from }),
              ...(s.to === root ? {} : { toAccount: s.to }),
              fromAccountType: s.fromType,
              toAccountType: s.toType,
              asset: s.asset,
              amount: text,
            };
            const call = s.kind === 'M6' ? run(universalTransfer(masterClient, params)) : run(brokerUniversalTransfer(brokerClient, params));
            if (await expectOutcome(call, refusal)) {
              move(s.from, s.fromType, s.asset, -amount);
              move(s.to, s.toType, s.asset, amount);
            }
          } else if (s.kind === 'deposit') {
            const text = toText(s.amount);
            sim.admin.addDeposit(s.to, { coin: s.asset, amount: text, status: s.credited ? 5 : 4 });
            if (s.credited) {
              move(s.to, 'SPOT', s.asset, s.amount);
              expected.set(s.asset, (expected.get(s.asset) ?? 0n) + s.amount);
            }
          } else {
            const amount = debitUnits(s.debit, balance(s.from, 'SPOT', s.asset));
            const text = toText(amount);
            if (amount === balance(s.from, 'SPOT', s.asset)) tally.wholeBalance += 1;
            const refusal = balance(s.from, 'SPOT', s.asset) < amount ? SIM_CODES.insufficientBalance : undefined;
            const call = run(brokerWithdraw(subClients[s.from], { coin: s.asset, network: 'NET', address: 'addr0001', amount: text }));
            if (await expectOutcome(call, refusal)) {
              move(s.from, 'SPOT', s.asset, -amount);
              expected.set(s.asset, (expected.get(s.asset) ?? 0n) - amount);
            }
          }
          expect(sums()).toEqual(expected);
        }
        const actual = snapshot();
        for (const [line, units] of actual) {
          expect(units >= 0n).toBe(true);
          expect([line, units]).toEqual([line, model.get(line) ?? 0n]);
        }
      }),
      { numRuns: 50 },
    );
    // The runs exercised both paths, many times.
    expect(tally.committed).toBeGreaterThan(100);
    expect(tally.refused).toBeGreaterThan(50);
    // ... and debited exactly the whole balance of the source many times.
    expect(tally.wholeBalance).toBeGreaterThan(20);
    expect(sim.admin.transfers().length + sim.admin.withdrawals().length).toBe(tally.committed);
  }, 120_000);

  it('a refused transfer (here: a bad amount caught by the client) moves nothing', async () => {
    const before = sums();
    expect(await failure(universalTransfer(masterClient, { fromAccountType: 'SPOT', toAccountType: 'SPOT', toAccount: 'mastersub1', asset: 'USDT', amount: '-1' }))).toBeDefined();
    expect(sums()).toEqual(before);
  });
});
