/**
 * A server on 127.0.0.1 answers 429 or 418 with a `Retry-After` that is not a valid value. The
 * client must not read it as "retry now": it waits its own default (a 429: the budget's window,
 * with `budget: false` too; a 418: 2 minutes, longer for the next ban), and nothing reaches the
 * banned IP before. Time is virtual: the server notes the
 * client's scheduler time of every request it receives.
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { from, VirtualTimeScheduler } from 'rxjs';
import {
  ApiError,
  createClient,
  createRequestBudget,
  getSubAccountAssets,
  listSubAccounts,
  RateLimitedError,
  type ClientConfig,
  type RequestBudget,
} from '../../src/index.js';
import { API_KEY, outcomeOf, runVirtual, SECRET_KEY, until } from '../support/harness.js';
import { json, startServer, type Handler, type HostileServer } from '../support/hostile-server.js';

/** Values a lenient date parser reads as a day in 2001 (a wait of 0 ms); RFC 9110 reads none of them. */
const GARBAGE = ['-5', '+5', '1,5', 'x 1', '1.5.5', 'soon 3'] as const;

const tooMany = (retryAfter: string): Handler => json({ code: 429, msg: 'Too many requests' }, 429, { 'retry-after': retryAfter });
const banned = (retryAfter: string): Handler => json({ code: 418, msg: 'IP banned' }, 418, { 'retry-after': retryAfter });
const subAccounts = json({ subAccounts: [] });
const balances = json({ balances: [] });

/** Answers the n-th request with `answers[n]`, then with `rest`. */
function inTurn(answers: readonly Handler[], rest: Handler = subAccounts): Handler {
  let n = 0;
  return (request, response) => (answers[n++] ?? rest)(request, response);
}

let server: HostileServer;
let scheduler: VirtualTimeScheduler;

beforeEach(async () => {
  scheduler = new VirtualTimeScheduler();
  server = await startServer();
  server.clock = () => scheduler.now();
});

afterEach(async () => {
  await server.close();
});

function client(config: ClientConfig): ReturnType<typeof createClient> {
  return createClient({ baseUrl: server.url, apiKey: API_KEY, secretKey: SECRET_KEY, scheduler, random: () => 0, ...config });
}

const budgetOn = (maxPauseWaitMs = 30_000): RequestBudget => createRequestBudget({ scheduler, maxPauseWaitMs, safetyMarginMs: 100 });
const times = (): number[] => server.received.map((r) => r.at);

describe('a 429 whose Retry-After is garbage', () => {
  it.each(GARBAGE)('%j: a client made with budget: false pauses the endpoint for a window too before it sends again', async (value) => {
    server.handler = inTurn([tooMany(value)]);
    const outcome = await runVirtual(listSubAccounts(client({ budget: false }), {}), scheduler);
    expect(outcome.kind).toBe('value');
    expect(times()).toEqual([0, 10_100]);
  });

  it.each(GARBAGE)('%j: a client with a budget pauses the endpoint for a window before it sends again', async (value) => {
    server.handler = inTurn([tooMany(value)]);
    const outcome = await runVirtual(listSubAccounts(client({ budget: budgetOn() }), {}), scheduler);
    expect(outcome.kind).toBe('value');
    expect(times()).toEqual([0, 10_100]);
  });
});

describe('a 418 whose Retry-After is garbage', () => {
  it.each(GARBAGE)('%j: a client made with budget: false never sends into the ban again', async (value) => {
    server.handler = banned(value);
    const outcome = await runVirtual(listSubAccounts(client({ budget: false }), {}), scheduler);
    expect(outcome.kind === 'error' && outcome.error).toBeInstanceOf(ApiError);
    expect(times()).toEqual([0]);
  });

  it.each(GARBAGE)('%j: every call of every account sharing the budget waits 2 minutes, the next ban 4', async (value) => {
    const answer = (path: string | undefined): Handler => (path?.includes('/asset') ? balances : subAccounts);
    server.handler = inTurn([banned(value), banned(value)], (request, response) => answer(request.url)(request, response));
    const budget = budgetOn(3_600_000);
    const alpha = outcomeOf(listSubAccounts(client({ budget, accountId: 'alpha' }), {}));
    await until(() => budget.snapshot().ipPausedUntil !== undefined);
    const beta = outcomeOf(getSubAccountAssets(client({ budget, accountId: 'beta' }), { subAccount: 'desk01' }));
    const [a, b] = await Promise.all([runVirtual(from(alpha), scheduler), runVirtual(from(beta), scheduler)]);
    expect([a.kind, b.kind]).toEqual(['value', 'value']);
    // The first ban: 2 minutes (and the margin) for both; the second, met by one of them: 4 more.
    expect(times()).toEqual([0, 120_100, 120_100, 360_200]);
  });

  it.each(GARBAGE)('%j: with the default budget the ban fails calls at once, with nothing sent, until it could have ended', async (value) => {
    server.handler = banned(value);
    const budget = budgetOn();
    const first = await runVirtual(listSubAccounts(client({ budget }), {}), scheduler);
    expect(first.kind === 'error' && first.error).toBeInstanceOf(ApiError);
    const other = await runVirtual(getSubAccountAssets(client({ budget, accountId: 'other' }), { subAccount: 'desk01' }), scheduler);
    expect(other.kind === 'error' && other.error).toBeInstanceOf(RateLimitedError);
    expect(other.kind === 'error' && (other.error as RateLimitedError).pausedUntil).toBe(120_100);
    expect(budget.snapshot().ipPausedUntil).toBe(120_100);
    expect(times()).toEqual([0]);
  });
});

/** Valid values that say "now": no wait at all, and a date long past. */
const NOW_VALUES = [
  ['0', '0'],
  ['a past HTTP-date', 'Sun, 06 Nov 1994 08:49:37 GMT'],
] as const;

describe('a 429 or 418 whose Retry-After says now (0, or a date already past)', () => {
  /** Three clients of three accounts on one budget: the first is refused, the others come while its pause runs. */
  async function threeClients(refusal: Handler, budget: RequestBudget): Promise<string[]> {
    server.handler = inTurn([refusal]);
    const calls = [outcomeOf(listSubAccounts(client({ budget, accountId: 'alpha' }), {}))];
    await until(() => server.received.length === 1 && (budget.snapshot().ipPausedUntil !== undefined || budget.snapshot().lanes.some((l) => l.pausedUntil !== undefined)));
    calls.push(outcomeOf(listSubAccounts(client({ budget, accountId: 'beta' }), {})), outcomeOf(listSubAccounts(client({ budget, accountId: 'gamma' }), {})));
    const outcomes = await Promise.all(calls.map((call) => runVirtual(from(call), scheduler)));
    return outcomes.map((o) => o.kind);
  }

  it.each(NOW_VALUES)('418 with %s: every client of the budget waits a second (and the margin), the refused call too', async (_name, value) => {
    const kinds = await threeClients(banned(value), budgetOn());
    expect(kinds).toEqual(['value', 'value', 'value']);
    expect(times()).toEqual([0, 1_100, 1_100, 1_100]);
  });

  it.each(NOW_VALUES)('429 with %s: every client of the budget waits a second (and the margin) on the endpoint', async (_name, value) => {
    const kinds = await threeClients(tooMany(value), budgetOn());
    expect(kinds).toEqual(['value', 'value', 'value']);
    expect(times()).toEqual([0, 1_100, 1_100, 1_100]);
  });

  it.each(NOW_VALUES)('418 with %s on every answer: the resends of three clients come a second apart, never straight back into the ban', async (_name, value) => {
    server.handler = banned(value);
    const budget = createRequestBudget({ scheduler });
    const calls = ['alpha', 'beta', 'gamma'].map((accountId) => runVirtual(listSubAccounts(client({ budget, accountId }), {}), scheduler));
    const outcomes = await Promise.all(calls);
    expect(outcomes.map((o) => o.kind === 'error' && o.error instanceof ApiError)).toEqual([true, true, true]);
    // Before, each pause lasted only the margin: 16 requests reached the banned IP within 0.9 s.
    expect(times().filter((at) => at < 1_000).length).toBeLessThanOrEqual(3);
    const waves = [...new Set(times())];
    for (let i = 1; i < waves.length; i++) expect((waves[i] ?? 0) - (waves[i - 1] ?? 0)).toBeGreaterThanOrEqual(1_000);
  });

  it.each(NOW_VALUES)('429 with %s: a client made with budget: false pauses a second (and the margin) before it sends again', async (_name, value) => {
    server.handler = inTurn([tooMany(value)]);
    const outcome = await runVirtual(listSubAccounts(client({ budget: false }), {}), scheduler);
    expect(outcome.kind).toBe('value');
    expect(times()).toEqual([0, 1_100]);
  });
});
