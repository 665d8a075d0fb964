/**
 * What a client given a `meterProvider` records of its requests: each request sent once, by
 * operation id and outcome, with its duration; each wait for the request budget, in seconds; each
 * pause the service imposed, by status. The account is in the attributes only when asked for, by
 * the name given. All in virtual time (the budget tests' scripted service).
 */
import { describe, expect, it } from '@jest/globals';
import { createClient, createRequestBudget, getSubAccountAssets, listSubAccounts, userDataStream, ValidationError, type MeterProviderLike } from '../../src/index.js';
import { banned, collect, reply, tooMany, VirtualService } from '../budget/virtual.js';
import { testMeter } from './support.js';

const M2_PATH = '/api/v3/sub-account/list';
const M8_PATH = '/api/v3/sub-account/asset';

describe('a client given a meterProvider', () => {
  it('counts each request once by operation and outcome, with its duration in seconds', async () => {
    const meter = testMeter();
    const answers = [() => reply({ code: 700004, msg: 'bad' }, 400), () => new Response('<html>busy</html>', { status: 502 }), () => reply({ subAccounts: [] })];
    const service: VirtualService = new VirtualService((request, n) => (request.path === M2_PATH ? service.after(250, answers[n % 3]!) : reply({ balances: [] })));
    const client = service.client({ meterProvider: meter.provider, budget: false, retry: { limit: 0 } });
    const calls = [0, 1, 2].map(() => collect(listSubAccounts(client, {})));
    await service.drive(() => calls.every((c) => c.done));
    const collected = await meter.collect();
    expect(collected.points('mexc_rx.http.requests').map((p) => [p.attributes, p.value])).toEqual([
      [{ operation: 'M2', outcome: 'api-error' }, 1],
      [{ operation: 'M2', outcome: 'http-error' }, 1],
      [{ operation: 'M2', outcome: 'ok' }, 1],
    ]);
    expect(collected.points('mexc_rx.http.request.duration').map((p) => [p.value, p.sum])).toEqual([
      [1, 0.25],
      [1, 0.25],
      [1, 0.25],
    ]);
  });

  it('counts a request that never reached the service as a network error', async () => {
    const meter = testMeter();
    const service = new VirtualService(() => Promise.reject(new TypeError('fetch failed')));
    const call = collect(listSubAccounts(service.client({ meterProvider: meter.provider, retry: { limit: 0 } }), {}));
    await service.drive(() => call.done);
    expect(call.error).toMatchObject({ name: 'NetworkError' });
    expect((await meter.collect()).points('mexc_rx.http.requests')).toEqual([{ attributes: { operation: 'M2', outcome: 'network-error' }, value: 1 }]);
  });

  it('counts a request given up in flight once, as aborted', async () => {
    const meter = testMeter();
    const service = new VirtualService(() => new Promise<Response>(() => undefined));
    const client = service.client({ meterProvider: meter.provider });
    const call = collect(listSubAccounts(client, {}));
    await service.runUntil(10);
    call.subscription.unsubscribe();
    await service.runUntil(20);
    expect((await meter.collect()).points('mexc_rx.http.requests')).toEqual([{ attributes: { operation: 'M2', outcome: 'aborted' }, value: 1 }]);
  });

  it('times each wait for the budget, and counts the 429s and 418s that paused it', async () => {
    const meter = testMeter();
    const refusals = [() => tooMany(2), () => banned(5)];
    const service = new VirtualService((request, n) => (request.path === M2_PATH && n < 2 ? refusals[n]!() : reply(request.path === M8_PATH ? { balances: [] } : { subAccounts: [] })));
    const budget = createRequestBudget({ scheduler: service.scheduler, safetyMarginMs: 0 });
    const client = service.client({ meterProvider: meter.provider, budget });
    const call = collect(listSubAccounts(client, {}));
    await service.drive(() => call.done);
    const other = collect(getSubAccountAssets(client, { subAccount: 'strategy01' }));
    await service.drive(() => other.done);
    // M2: sent at 0 (429, 2 s), again at 2 s (418, 5 s), again at 7 s; M8 at once.
    expect(service.sent.map((r) => r.at)).toEqual([0, 2000, 7000, 7000]);
    const collected = await meter.collect();
    expect(collected.points('mexc_rx.budget.pauses').map((p) => [p.attributes, p.value])).toEqual([
      [{ status: '429' }, 1],
      [{ status: '418' }, 1],
    ]);
    expect(collected.points('mexc_rx.budget.wait.duration').map((p) => [p.attributes, p.value, p.sum])).toEqual([
      [{ operation: 'M2' }, 3, 7],
      [{ operation: 'M8' }, 1, 0],
    ]);
    expect(collected.total('mexc_rx.http.requests')).toBe(service.sent.length);
  });

  it('names the account only when asked, by its accountId, and refuses to without one', async () => {
    const meter = testMeter();
    const service = new VirtualService(() => reply({ subAccounts: [] }));
    const named = service.client({ meterProvider: meter.provider, accountId: 'desk07', metricsAccount: true });
    const unnamed = service.client({ meterProvider: meter.provider, accountId: 'desk08' });
    const calls = [collect(listSubAccounts(named, {})), collect(listSubAccounts(unnamed, {}))];
    await service.drive(() => calls.every((c) => c.done));
    expect((await meter.collect()).points('mexc_rx.http.requests').map((p) => p.attributes)).toEqual([
      { account: 'desk07', operation: 'M2', outcome: 'ok' },
      { operation: 'M2', outcome: 'ok' },
    ]);
    expect(() => createClient({ apiKey: 'k', secretKey: 's', metricsAccount: true })).toThrow(ValidationError);
    expect(() => createClient({ metricsAccount: true })).toThrow(/metricsAccount/);
  });

  it('makes the request instruments with the client, and the stream instruments only when one of its streams starts', async () => {
    const made: string[] = [];
    const noop = { add: () => undefined, record: () => undefined, addCallback: () => undefined };
    const provider: MeterProviderLike = {
      getMeter: () => ({
        createCounter: (name) => (made.push(name), noop),
        createHistogram: (name) => (made.push(name), noop),
        createObservableCounter: (name) => (made.push(name), noop),
        createObservableUpDownCounter: (name) => (made.push(name), noop),
      }),
    };
    const service = new VirtualService(() => reply({ subAccounts: [] }));
    const client = service.client({ meterProvider: provider, budget: false });
    const requestInstruments = ['mexc_rx.http.requests', 'mexc_rx.http.request.duration', 'mexc_rx.budget.wait.duration', 'mexc_rx.budget.pauses'];
    expect([...made].sort()).toEqual([...requestInstruments].sort());
    const call = collect(listSubAccounts(client, {}));
    await service.drive(() => call.done);
    expect(made).toHaveLength(4);
    // A second client on the same provider shares its instruments.
    service.client({ meterProvider: provider, budget: false });
    expect(made).toHaveLength(4);
    userDataStream(client).subscribe().unsubscribe();
    expect(made.slice(4).sort()).toEqual(['mexc_rx.stream.connected', 'mexc_rx.stream.events', 'mexc_rx.stream.gaps', 'mexc_rx.stream.reconnects']);
    userDataStream(client).subscribe().unsubscribe();
    expect(made).toHaveLength(8);
  });

  it('refuses a meterProvider that is none, and takes an explicit undefined', () => {
    for (const meterProvider of [{}, 'otel', null, () => undefined]) {
      expect(() => createClient({ meterProvider: meterProvider as never })).toThrow(/meterProvider/);
    }
    expect(createClient({ meterProvider: undefined, metricsAccount: undefined }).budget).toBeDefined();
  });
});
