/**
 * The secrets audit's world: a simulator on its manual clock, moved by the audit (`world.drive`,
 * sim-drive.ts), with a master, a broker, a sub-account of each, a broker sub-account created (B2)
 * with a fund password, clients for each caller through a `fetch` that records every signature
 * sent and can echo the whole request back (the way a careless proxy or runtime would), and one
 * call of each of the 29 operations (the spec's 27, the account reads A1 and A2 by the broker's
 * sub-account for itself) through its public function.
 *
 * Request timeouts run on real time; the drive holds the clock still while a request is open. The
 * calls whose outcome the audit asserts get a patient timeout, so a loaded machine cannot turn an
 * answer into a timeout; a second set of the same calls gives up fast, for the `hang` fault,
 * which only a timeout ends.
 */
import type { Observable } from 'rxjs';
import { brokerCreateSubAccount, brokerWithdraw, createClient, type Client, type FetchLike, type OperationId } from '../../../src/index.js';
import type { SimCredentials, Simulator } from '../../../src/simulator/index.js';
import { BROKER_SUB, calls, MASTER_SUB } from '../../simulator/calls.js';
import { startDrivenSim, type SimDrive } from '../../support/sim-drive.js';

/** A fund password, 32 hex digits as it is sent. */
export const FUND_PASSWORD = 'fa11edc0ffee0123456789abcdef4343';
/** The broker sub-account created with the fund password, which withdraws with it. */
export const FUNDED_SUB = 'client0002';

/** How the recording fetch treats requests. */
export type EchoMode = 'off' | 'network-error' | 'error-body';

/** The world of the audit. */
export interface AuditWorld {
  readonly sim: Simulator;
  /** Moves the simulator's clock. */
  readonly drive: SimDrive;
  /** A client for each caller, its attempts given {@link HASTY_TIMEOUT_MS} (the stream retries a timeout). */
  readonly clients: { readonly master: Client; readonly broker: Client; readonly brokerSub: Client; readonly fundedSub: Client };
  /** Every credential in play. */
  readonly credentials: readonly SimCredentials[];
  /** Every signature sent so far. */
  readonly signatures: string[];
  /** Every listen key the simulator issued (it forgets expired ones; this does not). */
  readonly listenKeys: Set<string>;
  /** What the fetch does: pass through, or echo the request in a network error or an error body. */
  echo: EchoMode;
  /** One call of each operation, by the caller that may make it, each attempt given {@link PATIENT_TIMEOUT_MS}. */
  readonly operations: Operations;
  /** The same calls with attempts given {@link HASTY_TIMEOUT_MS}: for faults only a timeout ends. */
  readonly hastyOperations: Operations;
}

/** One call of each operation, by its id. */
export type Operations = readonly (readonly [OperationId, () => Observable<unknown>])[];

/** Real ms an attempt may take where the audit asserts the outcome: far beyond any answer's time. */
export const PATIENT_TIMEOUT_MS = 10_000;
/** Real ms an attempt may take in the `hang` round and the stream (which retries what times out). */
export const HASTY_TIMEOUT_MS = 400;

/** The whole request as text, whether the client passed a URL and an init or a Request (as ky does). */
async function echoOf(input: Request | URL | string, init: RequestInit | undefined): Promise<string> {
  const request = input instanceof Request ? input.clone() : undefined;
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  const headers = new Headers(init?.headers ?? request?.headers);
  const body = typeof init?.body === 'string' ? init.body : request ? await request.text() : '';
  return `${init?.method ?? request?.method ?? 'GET'} ${url} X-MEXC-APIKEY: ${headers.get('X-MEXC-APIKEY') ?? ''} body: ${body}`;
}

function recordingFetch(world: { signatures: string[]; echo: EchoMode }, inner: FetchLike): FetchLike {
  return async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const signature = new URL(url).searchParams.get('signature');
    if (signature !== null) world.signatures.push(signature);
    if (world.echo === 'network-error') throw new TypeError(`fetch failed: ${await echoOf(input, init)}`, { cause: new Error(`connect ECONNRESET ${url}`) });
    if (world.echo === 'error-body') {
      return new Response(JSON.stringify({ code: 700002, msg: `Signature for this request is not valid: ${await echoOf(input, init)}` }), { status: 400 });
    }
    return inner(input, init);
  };
}

/** Starts the world: accounts, the B2 sub-account with its fund password, clients, operations. */
export async function startAuditWorld(): Promise<AuditWorld> {
  const { sim, drive } = await startDrivenSim();
  const listenKeys = new Set<string>();
  sim.events.subscribe((event) => {
    if (event.type === 'listenKey') listenKeys.add(event.key);
  });
  sim.admin.createSubAccount(sim.master.name, MASTER_SUB);
  sim.admin.createSubAccount(sim.broker.name, BROKER_SUB);
  const brokerSubKeys = sim.admin.createApiKey(BROKER_SUB);
  sim.admin.fund(BROKER_SUB, 'USDT', '1000');
  const state = { signatures: [] as string[], echo: 'off' as EchoMode };
  const fetchImpl = recordingFetch(state, drive.watchFetch());
  const clientOf = (keys: SimCredentials, timeout: number): Client =>
    createClient({
      baseUrl: sim.restUrl,
      wsUrl: sim.wsUrl,
      apiKey: keys.apiKey,
      secretKey: keys.secretKey,
      clock: () => sim.clock.now(),
      scheduler: sim.scheduler,
      recvWindow: 60_000,
      timeout,
      retry: { limit: 1, baseDelayMs: 10, maxDelayMs: 20, maxRetryAfterMs: 5_000 },
      fetch: fetchImpl,
    });
  // B2 with the fund password, through the public function; then the new sub-account's own key.
  let created = false;
  brokerCreateSubAccount(clientOf(sim.broker, PATIENT_TIMEOUT_MS), { subAccount: FUNDED_SUB, note: 'audit', password: FUND_PASSWORD }).subscribe({
    complete: () => (created = true),
  });
  await drive.until('the funded sub-account', () => created);
  const fundedKeys = sim.admin.createApiKey(FUNDED_SUB);
  sim.admin.fund(FUNDED_SUB, 'USDT', '1000');
  const clientsWith = (timeout: number): AuditWorld['clients'] => ({
    master: clientOf(sim.master, timeout),
    broker: clientOf(sim.broker, timeout),
    brokerSub: clientOf(brokerSubKeys, timeout),
    fundedSub: clientOf(fundedKeys, timeout),
  });
  const operationsOf = ({ master, broker, brokerSub, fundedSub }: AuditWorld['clients']): Operations => {
    const callerOf = (id: OperationId): Client => {
      if (id.startsWith('M') || id.startsWith('L')) return master;
      return ['B8', 'B9', 'B10', 'A1', 'A2'].includes(id) ? brokerSub : broker;
    };
    return (Object.keys(calls) as OperationId[]).map((id): readonly [OperationId, () => Observable<unknown>] => {
      if (id === 'B2') return [id, () => brokerCreateSubAccount(broker, { subAccount: `aud${String(state.signatures.length).padStart(7, '0')}`, note: 'n', password: FUND_PASSWORD })];
      if (id === 'B12') return [id, () => brokerWithdraw(fundedSub, { coin: 'USDT', network: 'TRC20', address: 'TXYZ0001', amount: '1', password: FUND_PASSWORD })];
      return [id, () => calls[id](callerOf(id))];
    });
  };
  const hasty = clientsWith(HASTY_TIMEOUT_MS);
  return {
    sim,
    drive,
    clients: hasty,
    credentials: [sim.master, sim.broker, brokerSubKeys, fundedKeys],
    signatures: state.signatures,
    listenKeys,
    get echo() {
      return state.echo;
    },
    set echo(mode: EchoMode) {
      state.echo = mode;
    },
    operations: operationsOf(clientsWith(PATIENT_TIMEOUT_MS)),
    hastyOperations: operationsOf(hasty),
  };
}
