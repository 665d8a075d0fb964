/**
 * What `client.close()` does to the calls under way: a call in flight or waiting in the request
 * budget fails with ClientClosedError (the request aborted, or never sent), a money-moving call
 * already sent with UnknownOutcomeError (it may have happened), and a listen-key creation still
 * waiting in the budget is given up like any call (nothing was sent, so no key can exist).
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import { firstValueFrom } from 'rxjs';
import { ClientClosedError, createListenKey, createRequestBudget, listSubAccounts, universalTransfer, UnknownOutcomeError, userDataStream } from '../../src/index.js';
import type { Simulator } from '../../src/simulator/index.js';
import { errorOf } from '../support/harness.js';
import { closeTestClient, LISTEN_KEY_PATH, startManualSim, watchedFetch } from './support.js';

let sim: Simulator | undefined;
afterEach(async () => {
  await sim?.close();
  sim = undefined;
});

const M2_PATH = '/api/v3/sub-account/list';

describe('client.close() gives up the calls under way', () => {
  it('fails a call in flight and one waiting in the budget with ClientClosedError; the waiting one is never sent', async () => {
    const s = (sim = await startManualSim());
    const watched = watchedFetch();
    // One request in flight at a time: the second call waits in the budget behind the first.
    const client = closeTestClient(s, watched, s.master, { budget: createRequestBudget({ scheduler: s.scheduler, maxInFlight: 1 }) });
    s.faults.next('M2', 'hang');
    const inFlight = errorOf(listSubAccounts(client));
    const waiting = errorOf(listSubAccounts(client, { page: 2 }));
    await watched.until('GET', M2_PATH);

    await client.close();

    expect(await inFlight).toMatchObject({ name: 'ClientClosedError', operation: 'M2' });
    expect(await waiting).toBeInstanceOf(ClientClosedError);
    expect(watched.count('GET', M2_PATH)).toBe(1);
  });

  it('fails a money-moving call already sent with UnknownOutcomeError, the close as its cause', async () => {
    const s = (sim = await startManualSim());
    s.admin.createSubAccount(s.master.name, 'strategy01');
    const watched = watchedFetch();
    const client = closeTestClient(s, watched);
    s.faults.next('M6', 'hang');
    const transfer = errorOf(
      universalTransfer(client, { fromAccountType: 'SPOT', toAccountType: 'SPOT', toAccount: 'strategy01', asset: 'USDT', amount: '10', clientTranId: 'closeTest00000000000000000000001' }, { lookupDelayMs: 0 }),
    );
    await watched.until('POST', '/api/v3/capital/sub-account/universalTransfer');

    await client.close();

    const error = await transfer;
    expect(error).toBeInstanceOf(UnknownOutcomeError);
    expect(error).toMatchObject({ operation: 'M6', clientTranId: 'closeTest00000000000000000000001' });
    expect((error as UnknownOutcomeError).cause).toBeInstanceOf(ClientClosedError);
  });

  it('gives up a listen-key creation still waiting in the budget: nothing sent, no key', async () => {
    const s = (sim = await startManualSim());
    const watched = watchedFetch();
    const client = closeTestClient(s, watched, s.master, { budget: createRequestBudget({ scheduler: s.scheduler, maxInFlight: 1 }) });
    s.faults.next('M2', 'hang');
    const blocking = errorOf(listSubAccounts(client));
    await watched.until('GET', M2_PATH);
    const creation = errorOf(createListenKey(client));

    expect(await client.close()).toEqual({ keysNotClosed: [], creationsUnanswered: 0 });

    expect(await creation).toMatchObject({ name: 'ClientClosedError', operation: 'L1' });
    expect(await blocking).toBeInstanceOf(ClientClosedError);
    expect(watched.count('POST', LISTEN_KEY_PATH)).toBe(0);
    expect(s.admin.listenKeys(s.master.name)).toEqual([]);
  });

  it('refuses a call made from inside the last event of a stream it stops', async () => {
    const s = (sim = await startManualSim());
    const client = closeTestClient(s, watchedFetch());
    let fromInside: Promise<unknown> | undefined;
    userDataStream(client).subscribe((event) => {
      if (event.type === 'stopped') fromInside = errorOf(listSubAccounts(client));
    });

    await client.close();

    expect(fromInside).toBeDefined();
    expect(await fromInside).toBeInstanceOf(ClientClosedError);
  });

  it('counts a creation sent that never got an answer before the deadline', async () => {
    const s = (sim = await startManualSim());
    const watched = watchedFetch();
    const client = closeTestClient(s, watched, s.master, { timeout: 600_000 });
    s.faults.next('L1', 'hang');
    const creation = errorOf(createListenKey(client));
    await watched.until('POST', LISTEN_KEY_PATH);

    const closing = client.close();
    s.clock.advance(2 * 600_000);

    expect(await closing).toEqual({ keysNotClosed: [], creationsUnanswered: 1 });
    expect(await creation).toBeInstanceOf(ClientClosedError);
    expect(await firstValueFrom(listSubAccounts(client)).catch((error: unknown) => error)).toBeInstanceOf(ClientClosedError);
  });
});
