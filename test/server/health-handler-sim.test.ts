/**
 * The health handler over real streams on the simulator (its clock manual): ready while every
 * account is live, 503 naming the account whose connection dropped, and nothing in any answer
 * that is a key, a secret or a listen key.
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import { BehaviorSubject, type Subscription } from 'rxjs';
import { userDataStreams, type AccountSet } from '../../src/scale/user-data-streams.js';
import { createHealthHandler, type HealthHandler } from '../../src/server/index.js';
import type { Simulator } from '../../src/simulator/index.js';
import type { Client } from '../../src/client/types.js';
import { accountNames, simClient } from '../scale/sim-accounts.js';
import { startDrivenSim } from '../support/sim-drive.js';

let sim: Simulator | undefined;
let handler: HealthHandler | undefined;
const subscriptions: Subscription[] = [];
afterEach(async () => {
  for (const s of subscriptions.splice(0)) s.unsubscribe();
  handler?.close();
  await sim?.close();
});

describe('the health handler over the simulator', () => {
  it('is ready while every account is live, names the one that drops, and shows no key', async () => {
    const { sim: s, drive } = await startDrivenSim();
    sim = s;
    const names = accountNames(2, 'ops');
    const keys: string[] = [];
    const clients = new Map<string, Client>();
    for (const name of names) {
      s.admin.createSubAccount(s.broker.name, name);
      const credentials = s.admin.createApiKey(name);
      keys.push(credentials.apiKey, credentials.secretKey);
      clients.set(name, simClient(s, credentials));
    }
    const streams = userDataStreams(new BehaviorSubject<AccountSet>(clients), { scheduler: s.scheduler });
    handler = createHealthHandler({ health: streams.health() });
    const h = handler;
    const ask = async (path: string): Promise<{ status: number; body: string }> => {
      const response = await h.fetch(new Request(`http://127.0.0.1${path}`));
      return { status: response.status, body: await response.text() };
    };
    const answers: string[] = [];
    expect((await ask('/readyz')).status).toBe(503);
    subscriptions.push(streams.subscribe());
    await drive.until('both live', () => s.ws.connections({ open: true }).length === 2);
    await drive.settle();
    const ready = await ask('/readyz');
    answers.push(ready.body);
    expect(ready.status).toBe(200);
    s.ws.drop({ account: names[1]! });
    await drive.settle();
    const dropped = await ask('/readyz');
    answers.push(dropped.body, (await ask('/livez')).body);
    expect(dropped.status).toBe(503);
    expect(JSON.parse(dropped.body)).toMatchObject({ unhealthy: [{ account: names[1], status: expect.stringMatching(/^(reconnecting|stale)$/) }] });
    const listenKeys = names.flatMap((name) => s.admin.listenKeys(name).map((k) => k.key));
    expect(listenKeys.length).toBeGreaterThan(1);
    for (const secret of [...keys, ...listenKeys]) for (const answer of answers) expect(answer).not.toContain(secret);
  });
});
