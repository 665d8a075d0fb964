/** Numeric and textual limits: IP counts, page sizes, recvWindow, amounts, fund passwords, new sub-account names. */
import { describe, expect, it } from '@jest/globals';
import {
  brokerCreateSubAccount,
  brokerCreateSubAccountApiKey,
  brokerGetSubAccountStatus,
  brokerListAllDeposits,
  brokerListDeposits,
  brokerListSubAccounts,
  brokerListUniversalTransfers,
  brokerUniversalTransfer,
  brokerWithdraw,
  createClient,
  createSubAccount,
  createSubAccountApiKey,
  listSubAccountApiKeys,
  listSubAccounts,
  listUniversalTransfers,
  universalTransfer,
  ValidationError,
} from '../../src/index.js';
import { FUND_PASSWORD } from '../support/harness.js';
import { expectRefused, expectSent, sentValue, unchecked, type Call } from '../support/validation.js';

const ips = (n: number): string[] => Array.from({ length: n }, (_, i) => `10.0.${Math.floor(i / 250)}.${(i % 250) + 1}`);
const history = { fromAccountType: 'SPOT', toAccountType: 'SPOT' } as const;

describe('bound IP addresses', () => {
  const m3 = (ip: string[]): Call => (c) => createSubAccountApiKey(c, { subAccount: 'Alpha0001', note: 'n', permissions: ['SPOT_DEAL_READ'], ip });
  const b5 = (ip: string[]): Call => (c) => brokerCreateSubAccountApiKey(c, { subAccount: 'Client0001', note: 'n', permissions: ['SPOT_DEAL_READ'], ip });

  it('M3 accepts 20, sent comma-joined', async () => {
    expect(sentValue(await expectSent(m3(ips(20))), 'ip')).toBe(ips(20).join(','));
  });

  it('M3 refuses 21', async () => {
    await expectRefused(m3(ips(21)), 'ip', /20/);
  });

  it('B5 accepts 4, sent comma-joined', async () => {
    expect(sentValue(await expectSent(b5(ips(4))), 'ip')).toBe(ips(4).join(','));
  });

  it('B5 refuses 5', async () => {
    await expectRefused(b5(ips(5)), 'ip', /4/);
  });

  it('refuses something that is not an IP address', async () => {
    await expectRefused(m3(['api.example.com']), 'ip', /IP/);
  });
});

describe('page sizes', () => {
  it.each<[string, number, (limit: number) => Call]>([
    ['M2', 200, (limit) => (c) => listSubAccounts(c, { limit })],
    ['B3', 200, (limit) => (c) => brokerListSubAccounts(c, { limit })],
    ['M7', 500, (limit) => (c) => listUniversalTransfers(c, { ...history, limit })],
    ['B1', 500, (limit) => (c) => brokerListUniversalTransfers(c, { ...history, limit })],
    ['B11', 1000, (limit) => (c) => brokerListAllDeposits(c, { limit })],
  ])('%s accepts %i and refuses one more', async (_id, max, make) => {
    expect(sentValue(await expectSent(make(max)), 'limit')).toBe(String(max));
    await expectRefused(make(max + 1), 'limit', new RegExp(String(max)));
  });

  it('B10 applies no maximum', async () => {
    expect(sentValue(await expectSent((c) => brokerListDeposits(c, { limit: 100000 })), 'limit')).toBe('100000');
  });

  it('refuses a page size below 1 or not an integer', async () => {
    await expectRefused((c) => brokerListDeposits(c, { limit: 0 }), 'limit', /1/);
    await expectRefused((c) => listSubAccounts(c, { limit: 2.5 }), 'limit', /integer/);
  });
});

describe('recvWindow', () => {
  it('refuses more than 60000 per call', async () => {
    await expectRefused((c, o) => listSubAccounts(c, {}, o), 'recvWindow', /60000/, { recvWindow: 60001 });
  });

  it('refuses 0 per call', async () => {
    await expectRefused((c, o) => listSubAccounts(c, {}, o), 'recvWindow', /60000/, { recvWindow: 0 });
  });

  it('refuses more than 60000 in the client configuration', () => {
    let thrown: unknown;
    try {
      createClient({ recvWindow: 60001 });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ValidationError);
    expect((thrown as ValidationError).operation).toBe('config');
    expect((thrown as ValidationError).issues).toContainEqual({ field: 'recvWindow', rule: expect.stringMatching(/60000/) });
  });
});

describe('amounts: positive decimal strings', () => {
  const base = { fromAccountType: 'SPOT', toAccountType: 'SPOT', asset: 'USDT' } as const;
  const withdrawal = { coin: 'USDT', network: 'TRC20', address: 'TDvdRnZqzkxxx7r6y8b8uVbNzdQykAW6FA' } as const;
  const calls: [string, (amount: unknown) => Call][] = [
    ['M6', (amount) => (c) => universalTransfer(c, { ...base, amount: unchecked<string>(amount) })],
    ['B12', (amount) => (c) => brokerWithdraw(c, { ...withdrawal, amount: unchecked<string>(amount) })],
    ['B13', (amount) => (c) => brokerUniversalTransfer(c, { ...base, amount: unchecked<string>(amount) })],
  ];
  const refused: unknown[] = ['0', '0.000', '-1', '1e5', 1.5, '', ' 1', '1.', '.5', '1,5', 'NaN'];

  it.each(calls)('%s refuses zero, negatives, exponents, numbers and malformed text', async (_id, make) => {
    for (const amount of refused) await expectRefused(make(amount), 'amount', /positive decimal/);
  });

  it.each(calls)('%s sends a valid amount exactly as given', async (_id, make) => {
    expect(sentValue(await expectSent(make('0.00000001')), 'amount')).toBe('0.00000001');
    expect(sentValue(await expectSent(make('100')), 'amount')).toBe('100');
  });
});

describe('fund passwords: 32 hexadecimal digits', () => {
  const calls: [string, (password: string) => Call][] = [
    ['B2', (password) => (c) => brokerCreateSubAccount(c, { subAccount: 'Client0001', note: 'n', password })],
    ['B12', (password) => (c) => brokerWithdraw(c, { coin: 'USDT', network: 'TRC20', address: 'TDvdRnZqzkxxx7r6y8b8uVbNzdQykAW6FA', amount: '1', password })],
  ];
  const refused = ['plain-password', FUND_PASSWORD.slice(1), `${FUND_PASSWORD}0`, `g${FUND_PASSWORD.slice(1)}`];

  it.each(calls)('%s refuses anything else, without echoing it', async (_id, make) => {
    for (const password of refused) {
      const error = await expectRefused(make(password), 'password', /32 hex/);
      expect(error.message).not.toContain(password);
    }
  });

  it.each(calls)('%s accepts 32 hex digits', async (_id, make) => {
    expect(sentValue(await expectSent(make(FUND_PASSWORD)), 'password')).toBe(FUND_PASSWORD);
  });
});

describe('names of new sub-accounts: 8 to 32 letters and digits', () => {
  const calls: [string, (name: string) => Call][] = [
    ['M1', (name) => (c) => createSubAccount(c, { subAccount: name, note: 'n' })],
    ['B2', (name) => (c) => brokerCreateSubAccount(c, { subAccount: name, note: 'n' })],
  ];

  it.each(calls)('%s refuses 7 or 33 characters, underscores, spaces and dashes', async (_id, make) => {
    for (const name of ['Short7c', 'a'.repeat(33), 'has_under1', 'with space1', 'name-0001']) {
      await expectRefused(make(name), 'subAccount', /8 to 32/);
    }
  });

  it.each(calls)('%s accepts 8 and 32 characters', async (_id, make) => {
    expect(sentValue(await expectSent(make('Abcdefg1')), 'subAccount')).toBe('Abcdefg1');
    expect(sentValue(await expectSent(make('Z'.repeat(32))), 'subAccount')).toBe('Z'.repeat(32));
  });

  it('the rule is for creation only: existing names are looked up as given', async () => {
    expect(sentValue(await expectSent((c) => listSubAccountApiKeys(c, { subAccount: 'sub@example.com' })), 'subAccount')).toBe('sub@example.com');
    expect(sentValue(await expectSent((c) => brokerGetSubAccountStatus(c, { subAccount: 'x' })), 'subAccount')).toBe('x');
  });
});
