/**
 * The program's server steps inside a runtime: the listen-key broker (`createListenKeyBroker`, with
 * its repair routes) and the health handler (`createHealthHandler`) served by the runtime's own
 * server (`Bun.serve`, `Deno.serve`, a Worker's `fetch`), and a page-side stream on
 * `remoteListenKeys` whose keys that broker makes, in the same runtime.
 *
 * @module
 */
import { Subscription } from 'rxjs';
import type * as Root from '../../../src/index.js';
import type * as Server from '../../../src/server/index.js';
import { control, until, within } from './kit.js';
import type { ScenarioEnv } from './protocol.js';
import type { StreamWatch } from './stream-steps.js';

type RootModule = typeof Root;
type ServerModule = typeof Server;

/** A WHATWG handler, as a runtime's server takes it. */
export type Handler = (request: Request) => Promise<Response>;

/** A handler being served by the runtime, at `url`. */
export interface Served {
  readonly url: string;
  close(): Promise<void>;
}

/** The broker's mount point. */
export const BROKER_PATH = '/api/mexc';

/** What the server steps made, for `close` to end. */
export interface ServerParts {
  readonly brokerClient: Root.Client;
  readonly broker: Server.ListenKeyBroker;
  readonly health: Server.HealthHandler;
  readonly served: Served;
  readonly page: Subscription;
}

/** The broker's routes and the health probes, as one handler. */
export function routes(broker: Server.ListenKeyBroker, health: Server.HealthHandler): Handler {
  return (request) => (new URL(request.url).pathname.startsWith(`${BROKER_PATH}/`) ? broker.fetch(request) : health.fetch(request));
}

/** Step `broker`: served, a page-side stream on its keys connected and decoding an event. */
export async function brokerStep(
  root: RootModule,
  server: ServerModule,
  env: ScenarioEnv,
  watch: StreamWatch,
  serve: (handler: Handler) => Promise<Served>,
  made: (parts: ServerParts) => void,
): Promise<unknown> {
  const brokerClient = root.createClient({ baseUrl: env.restUrl, apiKey: env.apiKey, secretKey: env.secretKey });
  const broker = server.createListenKeyBroker(brokerClient, { path: BROKER_PATH });
  // Ready while the stream is live, a gap's repair included (the balances say when it is repaired).
  const health = server.createHealthHandler({ health: watch.events$.health({ repairs: watch.balances$ }) });
  const served = await within('the runtime serving the broker', serve(routes(broker, health)));
  const seen: Root.UserDataEvent[] = [];
  let failure: unknown;
  const page = new Subscription();
  made({ brokerClient, broker, health, served, page });
  page.add(root.userDataStream(root.remoteListenKeys(`${served.url}${BROKER_PATH}`), { wsUrl: env.wsUrl }).subscribe({ next: (event) => seen.push(event), error: (error: unknown) => (failure = error) }));
  const healthy = (): boolean => {
    if (failure !== undefined) throw failure;
    return true;
  };
  const lifecycle = (): unknown => seen.filter((event) => event.type !== 'account' && event.type !== 'order' && event.type !== 'deal');
  await until("the page's stream connected on a key from the broker", () => healthy() && seen.some((event) => event.type === 'connected'), lifecycle);
  const keys = await control(env, 'note-keys', 'page-connected');
  await control(env, 'place-order');
  await until("an account event on the page's stream", () => healthy() && seen.some((event) => event.type === 'account'), lifecycle);
  const connected = seen.find((event): event is Root.ConnectedEvent => event.type === 'connected');
  const account = seen.find((event): event is Root.AccountEvent => event.type === 'account');
  const balances = await within('the repair route', fetch(`${served.url}${BROKER_PATH}/balances`));
  return {
    listenKey: connected?.listenKey,
    keys,
    account: { asset: account?.asset },
    repairRoute: { status: balances.status, assets: ((await balances.json()) as { balances?: { asset?: string }[] }).balances?.map((b) => b.asset).sort() },
  };
}

/** Step `health`: the liveness and readiness probes over the runtime's server. */
export async function healthStep(served: Served): Promise<unknown> {
  const probe = async (path: string): Promise<{ status: number; body: unknown }> => {
    const response = await within(`GET ${path}`, fetch(`${served.url}${path}`));
    return { status: response.status, body: await response.json() };
  };
  return { livez: await probe('/livez'), readyz: await probe('/readyz') };
}

/** Ends what the server steps made: the page's stream, the broker (which DELETEs its keys), the server. */
export async function closeServer(parts: ServerParts): Promise<unknown> {
  parts.page.unsubscribe();
  await within('broker.close()', parts.broker.close());
  parts.health.close();
  const brokerClient = await within('the broker client.close()', parts.brokerClient.close());
  await within("the runtime's server closing", parts.served.close());
  return { brokerClient };
}
