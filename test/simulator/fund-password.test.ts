/**
 * The fund password (B2 sets it, B12 needs it): a withdrawal from a sub-account created with one
 * must send it, matching; a wrong or missing one is refused with 10230 and nothing moves (balance,
 * withdrawal records, balance events). A sub-account created without one withdraws without one and
 * is refused when it sends one. The password shows in no error and no admin view.
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import type { Subscription } from 'rxjs';
import { brokerCreateSubAccount, brokerWithdraw, type Client } from '../../src/index.js';
import { SIM_CODES, type SimEvent, type Simulator } from '../../src/simulator/index.js';
import { apiError, clientOf, rawCall, run, startSim, type Keys } from './helpers.js';

const md5 = (text: string): string => createHash('md5').update(text).digest('hex');
const PASSWORD = md5('correct horse battery staple');
const WRONG = md5('incorrect horse');
const GUARDED = 'vault00001';
const OPEN = 'open000001';
const withdrawal = { coin: 'USDT', network: 'TRC20', address: 'TXYZ0001', amount: '10' } as const;

let sim: Simulator;
let guarded: Keys;
let guardedClient: Client;
let events: SimEvent[];
let watching: Subscription;

beforeEach(async () => {
  sim = await startSim();
  const broker = clientOf(sim, sim.broker);
  await run(brokerCreateSubAccount(broker, { subAccount: GUARDED, note: 'with a fund password', password: PASSWORD }));
  await run(brokerCreateSubAccount(broker, { subAccount: OPEN, note: 'without one' }));
  guarded = sim.admin.createApiKey(GUARDED);
  guardedClient = clientOf(sim, guarded);
  sim.admin.fund(GUARDED, 'USDT', '100');
  sim.admin.fund(OPEN, 'USDT', '100');
  events = [];
  watching = sim.events.subscribe((event) => events.push(event));
});
afterEach(async () => {
  watching.unsubscribe();
  await sim.close();
});

/** Nothing moved: the balance, the withdrawal records and the balance events are as before. */
function expectNothingMoved(): void {
  expect(sim.admin.balance(GUARDED, 'USDT')).toBe('100');
  expect(sim.admin.withdrawals()).toEqual([]);
  expect(events.filter((event) => event.type === 'balance')).toEqual([]);
}

describe('a sub-account created with a fund password', () => {
  it('refuses a withdrawal with a wrong password (10230), and nothing moves', async () => {
    const error = await apiError(brokerWithdraw(guardedClient, { ...withdrawal, password: WRONG }));
    expect([error.code, error.status]).toEqual([SIM_CODES.fundPasswordInvalid, 400]);
    expectNothingMoved();
  });

  it('refuses a withdrawal without a password (10230), and nothing moves', async () => {
    expect((await apiError(brokerWithdraw(guardedClient, withdrawal))).code).toBe(SIM_CODES.fundPasswordInvalid);
    expectNothingMoved();
  });

  it('pays out with the right password, in either case, once per call', async () => {
    await expect(run(brokerWithdraw(guardedClient, { ...withdrawal, password: PASSWORD }))).resolves.toHaveProperty('id');
    await expect(run(brokerWithdraw(guardedClient, { ...withdrawal, password: PASSWORD.toUpperCase() }))).resolves.toHaveProperty('id');
    expect(sim.admin.balance(GUARDED, 'USDT')).toBe('80');
    expect(sim.admin.withdrawals().map((w) => w.amount)).toEqual(['10', '10']);
  });

  it('checks the password before the balance: a wrong one learns nothing about the funds', async () => {
    const error = await apiError(brokerWithdraw(guardedClient, { ...withdrawal, amount: '1000000', password: WRONG }));
    expect(error.code).toBe(SIM_CODES.fundPasswordInvalid);
  });

  it('cannot be passed with null, a number, or a wrong request sent twice', async () => {
    const path = '/api/v3/broker/capital/withdraw/apply';
    const body = (password: unknown): Readonly<Record<string, string>> => ({ ...withdrawal, password }) as unknown as Record<string, string>;
    const asNull = await rawCall(sim, guarded, { method: 'POST', path, body: body(null) });
    expect(asNull.body).toMatchObject({ code: SIM_CODES.fundPasswordInvalid });
    const asNumber = await rawCall(sim, guarded, { method: 'POST', path, body: body(1234) });
    expect(asNumber.body).toMatchObject({ code: SIM_CODES.parameterInvalid });
    // The manual clock stands still, so these two are the same signed request, byte for byte.
    for (let i = 0; i < 2; i++) {
      const replay = await rawCall(sim, guarded, { method: 'POST', path, body: body(WRONG), query: [['recvWindow', '5000']] });
      expect(replay.body).toMatchObject({ code: SIM_CODES.fundPasswordInvalid });
    }
    expectNothingMoved();
  });

  it('never shows the password: not in errors, not in admin views', async () => {
    const error = await apiError(brokerWithdraw(guardedClient, { ...withdrawal, password: WRONG }));
    const missing = await apiError(brokerWithdraw(guardedClient, withdrawal));
    const shown = [error, missing].map((e) => `${e.message} ${String(e)} ${JSON.stringify(e)} ${e.stack ?? ''}`).join(' ');
    const views = JSON.stringify([sim.admin.accounts(), sim.admin.accountOf(GUARDED), sim.admin.withdrawals()]);
    for (const secret of [PASSWORD, PASSWORD.toUpperCase(), WRONG]) {
      expect(shown).not.toContain(secret);
      expect(views).not.toContain(secret);
    }
  });
});

describe('a sub-account created without a fund password', () => {
  it('withdraws without one, and is refused (10230) when it sends one: there is nothing to match', async () => {
    const open = clientOf(sim, sim.admin.createApiKey(OPEN));
    await expect(run(brokerWithdraw(open, withdrawal))).resolves.toHaveProperty('id');
    expect((await apiError(brokerWithdraw(open, { ...withdrawal, password: PASSWORD }))).code).toBe(SIM_CODES.fundPasswordInvalid);
    expect(sim.admin.balance(OPEN, 'USDT')).toBe('90');
    expect(sim.admin.withdrawals()).toHaveLength(1);
  });
});
