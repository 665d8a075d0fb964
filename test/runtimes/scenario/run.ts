/**
 * The runtime matrix's program, the same on every runtime: loads the built package as a user
 * imports it, then runs each step with the library's default settings and reports it (a failing
 * step is reported with its error and the next one is tried), and ends by closing everything it
 * made. The runtime's own parts come in through {@link Host}.
 *
 * @module
 */
import { firstValueFrom } from 'rxjs';
import type * as Root from '../../../src/index.js';
import type * as Server from '../../../src/server/index.js';
import { brokerStep, closeServer, healthStep, type Handler, type Served, type ServerParts } from './broker-steps.js';
import { control, summary, within } from './kit.js';
import type { ScenarioEnv, StepLine, StepName } from './protocol.js';
import { gapStep, streamStep, watchStream, type StreamWatch } from './stream-steps.js';

type RootModule = typeof Root;
type ServerModule = typeof Server;

/** What a runtime lends the program. */
export interface Host {
  /** Writes a step's line where the suite reads it. */
  readonly report: (line: StepLine) => void;
  /** Serves a handler on the runtime's own server, on 127.0.0.1. */
  readonly serve: (handler: Handler) => Promise<Served>;
}

/** How the package is loaded: as a user's `import`, by the runtime's own resolution. */
export interface Loaders {
  readonly root: () => Promise<unknown>;
  readonly server: () => Promise<unknown>;
}

function need<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`not run: ${what}`);
  return value;
}

/**
 * Runs every step against the simulator `env` names.
 *
 * @example
 * ```ts
 * await runScenario({ root: () => import('mexc-rx'), server: () => import('mexc-rx/server') }, env, host);
 * ```
 */
export async function runScenario(loaders: Loaders, env: ScenarioEnv, host: Host): Promise<void> {
  let root: RootModule | undefined;
  let server: ServerModule | undefined;
  const step = async (name: StepName, body: () => Promise<unknown> | unknown): Promise<void> => {
    try {
      host.report({ step: name, ok: true, data: (await body()) ?? null });
    } catch (error) {
      host.report({ step: name, ok: false, error: summary(error, root?.isMexcError) });
    }
  };
  await step('import', async () => {
    root = (await loaders.root()) as RootModule;
    if (env.serve) server = (await loaders.server()) as ServerModule;
    const runtime = (globalThis as { readonly navigator?: { readonly userAgent?: string } }).navigator?.userAgent;
    return { runtime, root: Object.keys(root).sort(), server: server === undefined ? [] : Object.keys(server).sort() };
  });
  const lib = (): RootModule => need(root, 'the package did not load');
  const credentials = { baseUrl: env.restUrl, wsUrl: env.wsUrl, apiKey: env.apiKey, secretKey: env.secretKey };
  let client: Root.Client | undefined;
  let watch: StreamWatch | undefined;
  let parts: ServerParts | undefined;
  const theClient = (): Root.Client => need(client, 'no client was made');

  await step('rest', async () => {
    client = lib().createClient(credentials);
    const account = await within('getAccount', firstValueFrom(lib().getAccount(theClient())));
    return { balances: account.balances.map(({ asset, free, locked }) => ({ asset, free, locked })) };
  });
  await step('invalid-parameter', async () => {
    const refused = await within('listSubAccounts refused', firstValueFrom(lib().listSubAccounts(theClient(), { limit: 500 })).then(() => undefined, (error: unknown) => error));
    if (refused === undefined) throw new Error('listSubAccounts({ limit: 500 }) was answered, not refused');
    return { error: summary(refused, lib().isMexcError), isValidationError: refused instanceof lib().ValidationError };
  });
  await step('invalid-setting', () => {
    try {
      lib().createClient({ ...credentials, recvWindow: 70_000 });
    } catch (error) {
      return { error: summary(error, lib().isMexcError), isValidationError: error instanceof lib().ValidationError };
    }
    throw new Error('createClient({ recvWindow: 70000 }) was made, not refused');
  });
  await step('stream', () => streamStep(env, (watch = watchStream(lib(), theClient()))));
  await step('gap', () => gapStep(env, need(watch, 'the stream did not start')));
  if (env.serve) {
    await step('broker', () => brokerStep(lib(), need(server, 'mexc-rx/server did not load'), env, need(watch, 'the stream did not start'), host.serve, (made) => (parts = made)));
    await step('health', () => healthStep(need(parts, 'the broker was not served').served));
  }
  await step('close', async () => {
    const serverClosed = parts === undefined ? undefined : await closeServer(parts);
    watch?.subscriptions.unsubscribe();
    const clientClosed = await within('client.close()', theClient().close());
    const keys = await control(env, 'note-keys', 'after-close');
    return { clientClosed, serverClosed, keys };
  });
}
