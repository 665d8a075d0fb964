/**
 * A server on 127.0.0.1 answers 429 or 418 with a `Retry-After` that is not a valid value. The
 * client must not read it as "retry now": it waits its own default (a 429: the budget's window,
 * or without a budget its backoff, never less than a second; a 418: 2 minutes, longer for the
 * next ban), and nothing reaches the banned IP before. Time is virtual: the server notes the
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
  it.each(GARBAGE)('%j: a client without a budget waits its backoff, at least a second, before it retries', async (value) => {
    server.handler = inTurn([tooMany(value)]);
    const outcome = await runVirtual(listSubAccounts(client({ budget: false }), {}), scheduler);
    expect(outcome.kind).toBe('value');
    expect(times()).toEqual([0, 1_000]);
  });

  it.each(GARBAGE)('%j: a client with a budget pauses the endpoint for a window before it sends again', async (value) => {
    server.handler = inTurn([tooMany(value)]);
    const outcome = await runVirtual(listSubAccounts(client({ budget: budgetOn() }), {}), scheduler);
    expect(outcome.kind).toBe('value');
    expect(times()).toEqual([0, 10_100]);
  });
});

describe('a 418 whose Retry-After is garbage', () => {
  it.each(GARBAGE)('%j: a client without a budget never sends into the ban again', async (value) => {
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
