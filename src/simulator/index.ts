/**
 * mexc-rx/simulator: the service on loopback, for tests and demos (Node only): the REST API
 * (routes, methods and parameter rules from the client's endpoint table) and the user data
 * stream's websocket (listen keys, subscriptions, protobuf and JSON pushes, the service's
 * connection rules), state in memory, a market driver that trades for an account, fault
 * injection, and a clock (real time by default; manual or fast when a test asks) with an rxjs
 * scheduler on it.
 *
 * @module
 */
import type { Server } from 'node:http';
import type { Observable, SchedulerLike } from 'rxjs';
import { createAdmin, type SimAdmin, type SimCredentials } from './admin.js';
import { clockScheduler } from './clock-scheduler.js';
import { createSimClock, type SimClock } from './clock.js';
import { createFaults, type SimFaults } from './faults.js';
import { createMarket, type SimMarket } from './market/market.js';
import { createIpBans, DEFAULT_IP_BAN_RULE, type IpBanRule } from './ip-ban.js';
import { createRateLimiter, DEFAULT_RATE_BUDGET, type RateBudget } from './rate-limit.js';
import { createRouter } from './router.js';
import { withOverrides, type Overrides } from './overrides.js';
import { HOST, listenHttp } from './server.js';
import { createWorld, type SimEvent, type SimLimits } from './state.js';
import type { OmittedPartyFilter } from './transfers.js';
import type { WsRules } from './ws/rules.js';
import { attachWsServer } from './ws/server.js';
import type { SimWs } from './ws/types.js';

export type { AccountView, AdminKeyOptions, ListenKeyView, SimAdmin, SimCredentials, TransferView, WithdrawalView } from './admin.js';
export { clockScheduler } from './clock-scheduler.js';
export type { Overrides } from './overrides.js';
export { createSimClock, type SimClock, type SimClockOptions } from './clock.js';
export type { MarketOrderRequest, SessionRun, SimMarket } from './market/market.js';
export type { OrderView } from './market/order-view.js';
export type { SessionOptions, SessionSummary } from './market/session.js';
export { parseSymbol, type SymbolInfo } from './market/symbols.js';
export { CHANGE_TYPES, coinIdOf, type PushedEvent } from './ws/push-events.js';
export type { PushDelivery, PushRecord } from './ws/push-log.js';
export { DEFAULT_WS_RULES, type WsCloseReason, type WsRules } from './ws/rules.js';
export type { MalformedKind, SimWs, WsConnectionView, WsTarget } from './ws/types.js';
export type { DepositInput } from './capital.js';
export { serveRecording, type RecordingServer, type ServeRecordingOptions } from './replay/serve-recording.js';
export { SIM_CODES, SimError } from './errors.js';
export { FAULT_RETRY_AFTER_SECONDS, type FaultKind, type SimFaults } from './faults.js';
export type { BalanceView } from './ledger.js';
export type { RateBudget } from './rate-limit.js';
export { DEFAULT_IP_BAN_RULE, type IpBanRule } from './ip-ban.js';
export type { RebateInput } from './rebates.js';
export { CLIENT_IP_HEADER } from './router.js';
export type {
  AccountKind,
  BalanceChangeEvent,
  BalanceChangeReason,
  ListenKeyEvent,
  OrderChangeEvent,
  SimEvent,
  SimLimits,
  TradeEvent,
} from './state.js';
export type { OmittedPartyFilter } from './transfers.js';

/** A root account to create at start. */
export interface AccountSeed {
  /** Account name. Defaults: `simmaster`, `simbroker`. */
  readonly name?: string | undefined;
  /** SPOT balances, asset to decimal text. Default `{ USDT: '100000', BTC: '10' }`. */
  readonly balances?: Readonly<Record<string, string>> | undefined;
}

/** Settings of {@link startSimulator}; every field is optional. */
export interface SimulatorOptions {
  /** Port on 127.0.0.1. Default 0 (a free port). */
  readonly port?: number | undefined;
  /**
   * The clock: a {@link SimClock}, or a function returning epoch ms (wrapped in a SimClock whose
   * `advance` shifts it). Default: a new SimClock that follows real time (see `realtime`, `speed`).
   */
  readonly clock?: SimClock | (() => number) | undefined;
  /**
   * For the default clock: follow real time (`true`, the default) or stand still until
   * `sim.clock.advance` moves it (`false`: a manual clock, for tests of time rules).
   */
  readonly realtime?: boolean | undefined;
  /** For the default clock: run up to N times faster than real time (fast mode). Default 1. */
  readonly speed?: number | undefined;
  /**
   * Clock ms a request's timestamp may lag beyond its receive window. Default 0. Fast-clock tests
   * set it, since real transit time is multiplied by the speed.
   */
  readonly timestampSlackMs?: number | undefined;
  /** Websocket rules (defaults: the real service's) and how many pushes to remember per account (default 100000). */
  readonly ws?: (Overrides<WsRules> & { readonly pushLogLimit?: number | undefined }) | undefined;
  /** The market driver: fee per fill as a fraction of what is received. Default `0.001`. */
  readonly market?: { readonly feeRate?: string | undefined } | undefined;
  /** Whether the JSON body of broker POST/DELETE is part of the signed text. Default `false` (query only, docs/service.md). */
  readonly signBody?: boolean | undefined;
  /**
   * Request budget per endpoint, counted per caller IP (every request) and per account (requests
   * that authenticate), or `false` for none. Default 500 per 10 s.
   */
  readonly rateLimit?: RateBudget | false | undefined;
  /**
   * The IP ban after repeated 429s (answered 418 with `Retry-After`), or `false` for none. Default
   * {@link DEFAULT_IP_BAN_RULE}: ten 429s to one IP within a minute ban it for 2 minutes, each
   * further ban twice as long, up to 3 days.
   */
  readonly ipBan?: Overrides<IpBanRule> | false | undefined;
  /** Test mode: let the `X-Sim-Client-IP` header set the caller's IP. Default `false`. */
  readonly trustClientIpHeader?: boolean | undefined;
  /** Pose every caller as coming from this IP (test mode). Default: the real peer address (127.0.0.1). */
  readonly clientIp?: string | undefined;
  /** The master account. */
  readonly master?: AccountSeed | undefined;
  /** The broker account. */
  readonly broker?: AccountSeed | undefined;
  /** Service limits (sub-accounts per master, keys per account, listen keys per uid, listen-key validity). */
  readonly limits?: Overrides<SimLimits> | undefined;
  /** What an omitted `fromAccount`/`toAccount` means in M7/B1 history queries. Default `caller` (the spec's "master account when omitted"). */
  readonly historyOmittedParty?: OmittedPartyFilter | undefined;
}

/** A running simulator. */
export interface Simulator {
  /** REST base URL, `http://127.0.0.1:PORT`. */
  readonly restUrl: string;
  /** Websocket URL, `ws://127.0.0.1:PORT/ws`; connect to `${wsUrl}?listenKey=KEY`. */
  readonly wsUrl: string;
  /** The master account with a full-permission key. */
  readonly master: SimCredentials;
  /** The broker account with a full-permission key. */
  readonly broker: SimCredentials;
  readonly admin: SimAdmin;
  readonly clock: SimClock;
  /** An rxjs scheduler on {@link clock}: give it to clients and streams under test to share the simulator's time. */
  readonly scheduler: SchedulerLike;
  /** Fault injection per REST operation. */
  readonly faults: SimFaults;
  /** The websocket side: connections, the push log, and websocket faults. */
  readonly ws: SimWs;
  /** The market driver: orders, fills and cancels that the stream pushes. */
  readonly market: SimMarket;
  /** Every committed state change (balances, listen keys). */
  readonly events: Observable<SimEvent>;
  /** The underlying server, for a websocket server to attach to its `upgrade` event. */
  readonly httpServer: Server;
  /** Stops paced sessions, closes every websocket and the server, and cancels the simulator's timers. Safe to call twice. */
  close(): Promise<void>;
}

const DEFAULT_BALANCES: Readonly<Record<string, string>> = { USDT: '100000', BTC: '10' };

function makeClock(options: SimulatorOptions): SimClock {
  const given = options.clock;
  if (given === undefined) {
    const realtime = options.realtime ?? true;
    return createSimClock(options.speed === undefined ? { realtime } : { speed: options.speed, realtime });
  }
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
 * const sim = await startSimulator(); // follows real time
 * const client = createClient({ baseUrl: sim.restUrl, apiKey: sim.master.apiKey, secretKey: sim.master.secretKey, clock: () => sim.clock.now() });
 * listSubAccounts(client).subscribe((page) => console.log(page.items));
 * // ...
 * await sim.close();
 *
 * // A manual clock, moved by the test: sim.clock.advance(61 * 60_000)
 * const manual = await startSimulator({ realtime: false });
 *
 * // A user data stream against a fast clock of speed 1000. Waiting for clock time on a clock
 * // timer, an hour passes in about 3.6 real seconds (999 times faster, measured by
 * // `npm run clock:measure`); a loop that polls fast.clock.now() every 50 ms gets about 200 times,
 * // since the clock counts at most its lag limit (10 ms) of real time per look.
 * const fast = await startSimulator({ speed: 1000, timestampSlackMs: 60_000 });
 * const streaming = createClient({ baseUrl: fast.restUrl, wsUrl: fast.wsUrl, apiKey: fast.master.apiKey,
 *   secretKey: fast.master.secretKey, clock: () => fast.clock.now(), scheduler: fast.scheduler });
 * const subscription = userDataStream(streaming).subscribe((event) => console.log(event.type));
 * fast.market.runSession({ account: fast.master.name, orders: 5, seed: 1 });
 * await new Promise<void>((resolve) => fast.clock.setTimer(60 * 60_000, resolve)); // an hour of clock time
 * ```
 */
export async function startSimulator(options: SimulatorOptions = {}): Promise<Simulator> {
  const ownClock = options.clock === undefined || typeof options.clock === 'function';
  const clock = makeClock(options);
  const world = createWorld(options.limits);
  const rateLimiter = createRateLimiter(options.rateLimit ?? DEFAULT_RATE_BUDGET);
  const ipBans = createIpBans(options.ipBan === false ? false : withOverrides(DEFAULT_IP_BAN_RULE, options.ipBan));
  const faults = createFaults();
  let clientIp = options.clientIp;
  let brokerUid = '';
  const admin = createAdmin({ world, clock, rateLimiter, ipBans, setClientIp: (ip) => (clientIp = ip), brokerUid: () => brokerUid });
  const master = admin.createAccount('master', options.master?.name ?? 'simmaster', options.master?.balances ?? DEFAULT_BALANCES);
  const broker = admin.createAccount('broker', options.broker?.name ?? 'simbroker', options.broker?.balances ?? DEFAULT_BALANCES);
  brokerUid = broker.uid;

  const route = createRouter({
    world,
    clock,
    rateLimiter,
    ipBans,
    faults,
    settings: {
      signBody: options.signBody ?? false,
      trustClientIpHeader: options.trustClientIpHeader ?? false,
      clientIp: () => clientIp,
      historyOmittedParty: options.historyOmittedParty ?? 'caller',
      timestampSlackMs: options.timestampSlackMs ?? 0,
    },
  });
  const market = createMarket(options.market?.feeRate === undefined ? { world, clock } : { world, clock, feeRate: options.market.feeRate });
  const host = await listenHttp(route, options.port ?? 0);
  const wsUrl = `ws://${HOST}:${host.port}/ws`;
  const { pushLogLimit, ...rules } = options.ws ?? {};
  const ws = attachWsServer({
    httpServer: host.server,
    world,
    clock,
    faults,
    url: wsUrl,
    rules,
    ...(pushLogLimit === undefined ? {} : { pushLogLimit }),
  });
  let closing: Promise<void> | undefined;
  return {
    restUrl: `http://${HOST}:${host.port}`,
    wsUrl,
    master,
    broker,
    admin,
    clock,
    scheduler: clockScheduler(clock),
    faults,
    ws,
    market,
    events: world.events.asObservable(),
    httpServer: host.server,
    close() {
      closing ??= (async () => {
        market.stopAll();
        await ws.close();
        await host.close();
        world.events.complete();
        if (ownClock) clock.clearTimers();
      })();
      return closing;
    },
  };
}
