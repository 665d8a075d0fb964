/**
 * The programs a consumer of the published package writes, as text: they are copied into a
 * temporary project (they cannot live in the repository as code, where `mexc-rx` would resolve to
 * the sources).
 */

/** An ES module that uses the package and its simulator entry, and prints what it saw as JSON. */
export const CONSUMER_MJS = `
import * as lib from 'mexc-rx';
import { addDecimal } from 'mexc-rx/decimal';
import { createListenKeyBroker } from 'mexc-rx/server';
import { startSimulator } from 'mexc-rx/simulator';
import { filter, firstValueFrom, tap } from 'rxjs';

const sim = await startSimulator();
const client = lib.createClient({
  baseUrl: sim.restUrl,
  wsUrl: sim.wsUrl,
  apiKey: sim.master.apiKey,
  secretKey: sim.master.secretKey,
  clock: () => sim.clock.now(),
});
const created = await firstValueFrom(lib.createSubAccount(client, { subAccount: 'consumer01', note: 'from the tarball' }));
const listed = await firstValueFrom(lib.listSubAccounts(client, { limit: 50 }));
let invalid;
try {
  await firstValueFrom(lib.listSubAccounts(client, { limit: 500 }));
} catch (error) {
  invalid = { name: error.name, isMexcError: lib.isMexcError(error), issues: error.issues };
}
const order = await firstValueFrom(
  lib.userDataStream(client).pipe(
    tap((event) => {
      if (event.type === 'connected') {
        sim.market.placeOrder({ account: sim.master.name, symbol: 'BTCUSDT', side: 'BUY', price: '30000', quantity: '0.01' });
      }
    }),
    filter((event) => event.type === 'order'),
  ),
);
const broker = createListenKeyBroker(client, { path: '/api/mexc' });
const made = await broker.fetch(new Request('http://app.test/api/mexc/listen-key', { method: 'POST' }));
const { listenKey } = await made.json();
const validKeys = () => sim.admin.listenKeys(sim.master.name).filter((key) => key.valid).map((key) => key.key);
const heldByBroker = validKeys().includes(listenKey);
await broker.close();
const server = { status: made.status, heldByBroker, validAfterClose: validKeys().includes(listenKey) };
let deepImport;
try {
  await import('mexc-rx/dist/index.js');
  deepImport = 'allowed';
} catch (error) {
  deepImport = error.code;
}
// The metrics API is an optional peer, not installed here: everything above ran without it.
const metricsApi = await import('@opentelemetry/api').then(() => 'installed', (error) => error.code);
await client.close();
await sim.close();
console.log(JSON.stringify({
  exports: Object.keys(lib).sort(),
  created,
  listed: listed.items.map((s) => s.subAccount),
  invalid,
  order: { side: order.side, price: order.price, status: order.status },
  deepImport,
  metricsApi,
  decimal: addDecimal('0.1', '0.2'),
  server,
}));
`;

/** A CommonJS script: the package is ESM-only, so \`require\` must be refused. */
export const CONSUMER_CJS = `
let required;
try {
  required = require('mexc-rx');
} catch (error) {
  console.log(JSON.stringify({ required: false, code: error.code }));
}
if (required !== undefined) {
  import('mexc-rx').then((imported) => console.log(JSON.stringify({ required: true, sameModule: required === imported, esm: required[Symbol.toStringTag] === 'Module' })));
}
`;

/** A TypeScript program type-checked against the published declarations. */
export const CONSUMER_TS = `
import { createClient, isMexcError, listSubAccounts, userDataStream, type Client, type Page, type SubAccount, type UserDataEvent } from 'mexc-rx';
import { remoteListenKeys } from 'mexc-rx';
import { createListenKeyBroker, type ListenKeyBroker } from 'mexc-rx/server';
import { startSimulator, type Simulator } from 'mexc-rx/simulator';
import { firstValueFrom, type Observable } from 'rxjs';

const sim: Simulator = await startSimulator();
const client: Client = createClient({ baseUrl: sim.restUrl, apiKey: sim.master.apiKey, secretKey: sim.master.secretKey });
const page: Page<SubAccount> = await firstValueFrom(listSubAccounts(client, { limit: 50 }));
const names: string[] = page.items.map((s) => s.subAccount);
const events$: Observable<UserDataEvent> = userDataStream(client, { format: 'json' });
sim.admin.fund(sim.master.name, 'ETH', '5');
console.log(names, events$, isMexcError(new Error('x')));
const broker: ListenKeyBroker = createListenKeyBroker(client, { path: '/api/mexc', maxKeys: undefined });
const handler: (request: Request) => Promise<Response> = broker.fetch;
const pageEvents$: Observable<UserDataEvent> = userDataStream(remoteListenKeys('/api/mexc'), { wsUrl: 'wss://wbs-api.mexc.com/ws' });
console.log(handler, pageEvents$);
// @ts-expect-error the broker needs its path
createListenKeyBroker(client, {});
// @ts-expect-error limit is a number, not text
listSubAccounts(client, { limit: '50' });
// @ts-expect-error no such parameter
listSubAccounts(client, { limitt: 50 });
await sim.close();
`;

/**
 * An ES module that uses the `mexc-rx/nats` entry against the nats-server at `NATS_URL`: one event
 * published through `publishToJetStream` and read back through `consumeJetStream`, in a stream (and
 * subject prefix) named by its argument.
 */
export const CONSUMER_NATS_MJS = `
import { connect } from '@nats-io/transport-node';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { consumeJetStream, ensureEventStream, publishToJetStream } from 'mexc-rx/nats';
import { filter, firstValueFrom, lastValueFrom, of, timeout } from 'rxjs';

const name = process.argv[2];
const nc = await connect({ servers: process.env.NATS_URL });
await ensureEventStream(await jetstreamManager(nc), { name, subjectPrefix: name.toLowerCase() });
const js = jetstream(nc);
const event = {
  type: 'account', channel: 'spot@private.account.v3.api.pb', asset: 'USDT', coinId: 'c1',
  free: '12.5', freeChange: '-2.5', frozen: '2.5', frozenChange: '2.5', changeType: 'ENTRUST_PLACE',
  time: 1736416910000, sendTime: 1736417034307, createTime: 1736417034305,
};
// The stream is seen from its connection on: the bridge then knows the event is the first of its kind.
const connected = { type: 'connected', connection: 1, listenKey: 'key-…abcd', at: 1736416900000 };
const receipt = await lastValueFrom(
  of({ account: 'consumer01', event: connected }, { account: 'consumer01', event }).pipe(publishToJetStream(js, { worker: 'w0', subjectPrefix: name.toLowerCase() })),
);
const consumed = await firstValueFrom(
  consumeJetStream(js, { stream: name, durable: 'reader', subjectPrefix: name.toLowerCase() }).pipe(filter((e) => e.event.type === 'account'), timeout(20_000)),
);
await nc.close();
console.log(JSON.stringify({ subject: receipt.subject, account: consumed.account, free: consumed.event.free }));
`;

/**
 * A TypeScript program on the \`mexc-rx/nats\` entry, type-checked against the published declarations
 * (strict; not with exactOptionalPropertyTypes, which @nats-io/nats-core's own declarations fail).
 */
export const CONSUMER_NATS_TS = `
import { jetstream } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import type { ScaleEvent, TaggedEvent } from 'mexc-rx';
import { consumeJetStream, publishToJetStream, type ConsumedEvent, type PublishReceipt, type PublishToJetStreamOptions } from 'mexc-rx/nats';
import type { Observable, OperatorFunction } from 'rxjs';

const js = jetstream(await connect({ servers: '127.0.0.1:4222' }));
const options: PublishToJetStreamOptions = { worker: 'w0', maxInFlight: 8 };
const publish: OperatorFunction<TaggedEvent<ScaleEvent>, PublishReceipt> = publishToJetStream(js, options);
const consumed: Observable<ConsumedEvent> = consumeJetStream(js, { stream: 'MEXC', durable: 'books' });
console.log(publish, consumed);
// @ts-expect-error a worker name is required
publishToJetStream(js, {});
`;
