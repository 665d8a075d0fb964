/**
 * mexc-rx/simulator: the service's REST API on loopback, for tests and demos (Node only).
 * Routes, methods and parameter rules come from the client's endpoint table; state lives in
 * memory; time comes from a controllable clock.
 *
 * @module
 */
import type { Server } from 'node:http';
import type { Observable } from 'rxjs';
import { createAdmin, type SimAdmin, type SimCredentials } from './admin.js';
import { createSimClock, type SimClock } from './clock.js';
import { createFaults, type SimFaults } from './faults.js';
import { createRateLimiter, DEFAULT_RATE_BUDGET, type RateBudget } from './rate-limit.js';
import { createRouter } from './router.js';
import { HOST, listenHttp } from './server.js';
import { createWorld, type SimEvent, type SimLimits } from './state.js';
import type { OmittedPartyFilter } from './transfers.js';

export type { AccountView, AdminKeyOptions, SimAdmin, SimCredentials, TransferView, WithdrawalView } from './admin.js';
export { createSimClock, type SimClock, type SimClockOptions } from './clock.js';
export type { DepositInput } from './capital.js';
export { SIM_CODES, SimError } from './errors.js';
export type { FaultKind, SimFaults } from './faults.js';
export type { BalanceView } from './ledger.js';
export type { RateBudget } from './rate-limit.js';
export type { RebateInput } from './rebates.js';
export { CLIENT_IP_HEADER } from './router.js';
export type { AccountKind, BalanceChangeEvent, BalanceChangeReason, ListenKeyEvent, SimEvent, SimLimits } from './state.js';
export type { OmittedPartyFilter } from './transfers.js';

/** A root account to create at start. */
export interface AccountSeed {
  /** Account name. Defaults: `simmaster`, `simbroker`. */
  readonly name?: string;
  /** SPOT balances, asset to decimal text. Default `{ USDT: '100000', BTC: '10' }`. */
  readonly balances?: Readonly<Record<string, string>>;
}

/** Settings of {@link startSimulator}; every field is optional. */
export interface SimulatorOptions {
  /** Port on 127.0.0.1. Default 0 (a free port). */
  readonly port?: number;
  /**
   * The clock: a {@link SimClock}, or a function returning epoch ms (wrapped in a SimClock whose
   * `advance` shifts it). Default: a new SimClock in manual mode (see `realtime`).
   */
  readonly clock?: SimClock | (() => number);
  /** For the default clock: follow real time (`true`) or stand still until advanced (`false`). Default `false`. */
  readonly realtime?: boolean;
  /** Whether the JSON body of broker POST/DELETE is part of the signed text. Default `false` (query only, FACTS.md). */
  readonly signBody?: boolean;
  /** Request budget per endpoint per account, or `false` for none. Default 500 per 10 s. */
  readonly rateLimit?: RateBudget | false;
  /** Test mode: let the `X-Sim-Client-IP` header set the caller's IP. Default `false`. */
  readonly trustClientIpHeader?: boolean;
  /** Pose every caller as coming from this IP (test mode). Default: the real peer address (127.0.0.1). */
  readonly clientIp?: string;
  /** The master account. */
  readonly master?: AccountSeed;
  /** The broker account. */
  readonly broker?: AccountSeed;
  /** Service limits (sub-accounts per master, keys per account, listen keys per uid, listen-key validity). */
  readonly limits?: Partial<SimLimits>;
  /** What an omitted `fromAccount`/`toAccount` means in M7/B1 history queries. Default `caller` (the spec's "master account when omitted"). */
  readonly historyOmittedParty?: OmittedPartyFilter;
}

/** A running simulator. */
export interface Simulator {
  /** REST base URL, `http://127.0.0.1:PORT`. */
  readonly restUrl: string;
  /** Websocket URL, `ws://127.0.0.1:PORT/ws` (served once the websocket half attaches). */
  readonly wsUrl: string;
  /** The master account with a full-permission key. */
  readonly master: SimCredentials;
  /** The broker account with a full-permission key. */
  readonly broker: SimCredentials;
  readonly admin: SimAdmin;
  readonly clock: SimClock;
  /** Fault injection per operation. */
  readonly faults: SimFaults;
  /** Every committed state change (balances, listen keys). */
  readonly events: Observable<SimEvent>;
  /** The underlying server, for a websocket server to attach to its `upgrade` event. */
  readonly httpServer: Server;
  /** Closes the server and every socket. Safe to call twice. */
  close(): Promise<void>;
}

const DEFAULT_BALANCES: Readonly<Record<string, string>> = { USDT: '100000', BTC: '10' };

function makeClock(options: SimulatorOptions): SimClock {
  const given = options.clock;
  if (given === undefined) return createSimClock({ realtime: options.realtime ?? false });
  if (typeof given === 'function') return createSimClock({ source: given, realtime: true });
  return given;
}

/**
 * Starts the simulator on 127.0.0.1.
 *
 * @example
 * ```ts
 * import { createClient, listSubAccounts } from 'mexc-rx';
 * import { startSimulator } from 'mexc-rx/simulator';
 *
 * const sim = await startSimulator();
 * const client = createClient({ baseUrl: sim.restUrl, apiKey: sim.master.apiKey, secretKey: sim.master.secretKey, clock: () => sim.clock.now() });
 * listSubAccounts(client).subscribe((page) => console.log(page.items));
 * // ...
 * await sim.close();
 * ```
 */
export async function startSimulator(options: SimulatorOptions = {}): Promise<Simulator> {
  const clock = makeClock(options);
  const world = createWorld(options.limits);
  const rateLimiter = createRateLimiter(options.rateLimit ?? DEFAULT_RATE_BUDGET);
  const faults = createFaults();
  let clientIp = options.clientIp;
  let brokerUid = '';
  const admin = createAdmin({ world, clock, rateLimiter, setClientIp: (ip) => (clientIp = ip), brokerUid: () => brokerUid });
  const master = admin.createAccount('master', options.master?.name ?? 'simmaster', options.master?.balances ?? DEFAULT_BALANCES);
  const broker = admin.createAccount('broker', options.broker?.name ?? 'simbroker', options.broker?.balances ?? DEFAULT_BALANCES);
  brokerUid = broker.uid;

  const route = createRouter({
    world,
    clock,
    rateLimiter,
    faults,
    settings: {
      signBody: options.signBody ?? false,
      trustClientIpHeader: options.trustClientIpHeader ?? false,
      clientIp: () => clientIp,
      historyOmittedParty: options.historyOmittedParty ?? 'caller',
    },
  });
  const host = await listenHttp(route, options.port ?? 0);
  return {
    restUrl: `http://${HOST}:${host.port}`,
    wsUrl: `ws://${HOST}:${host.port}/ws`,
    master,
    broker,
    admin,
    clock,
    faults,
    events: world.events.asObservable(),
    httpServer: host.server,
    async close() {
      await host.close();
      world.events.complete();
    },
  };
}
