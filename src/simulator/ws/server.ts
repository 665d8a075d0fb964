/**
 * The simulator's websocket side, served with `ws` on the REST server's port (`/ws`): checks the
 * listen key of each connection, fans every world change out to the connections of its account
 * (per subscribed channel, protobuf or JSON), records each push, applies the service's rules on the
 * simulator's clock, and offers tests their faults.
 *
 * @module
 */
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Subscription } from 'rxjs';
import { WebSocketServer, type WebSocket } from 'ws';
import { findAccount } from '../accounts.js';
import type { SimClock } from '../clock.js';
import type { SimFaults } from '../faults.js';
import { listenKeyOwner } from '../listen-keys.js';
import { withOverrides, type Overrides } from '../overrides.js';
import type { World } from '../state.js';
import { SimWsConnection } from './connection.js';
import { malformedFrame } from './malformed.js';
import { INVALID_LISTEN_KEY_TEXT } from './protocol.js';
import { frameFor, pushItemOf, type PushItem } from './push-events.js';
import { PushLog } from './push-log.js';
import { ConnectionRegistry } from './registry.js';
import { DEFAULT_WS_RULES, closeFrameOf, type WsCloseReason, type WsRules } from './rules.js';
import type { SimWs, WsTarget } from './types.js';

/** What the websocket side works on. */
export interface WsServerDeps {
  readonly httpServer: Server;
  readonly world: World;
  readonly clock: SimClock;
  readonly faults: SimFaults;
  /** `ws://127.0.0.1:PORT/ws`. */
  readonly url: string;
  readonly rules?: Overrides<WsRules> | undefined;
  /** Push records kept per account. Default 100000. */
  readonly pushLogLimit?: number;
}

/** The websocket side with its shutdown. */
export interface WsHost extends SimWs {
  /** Ends every connection and detaches from the HTTP server. */
  close(): Promise<void>;
}

/** The path the websocket is served on. */
const WS_PATH = '/ws';

/**
 * Attaches the websocket side to the simulator's HTTP server.
 *
 * @example
 * ```ts
 * const ws = attachWsServer({ httpServer: host.server, world, clock, faults, url: `ws://127.0.0.1:${host.port}/ws` });
 * // ...
 * await ws.close();
 * ```
 */
export function attachWsServer(deps: WsServerDeps): WsHost {
  const { world, clock } = deps;
  const rules: WsRules = withOverrides(DEFAULT_WS_RULES, deps.rules);
  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  const sockets = new Set<WebSocket>();
  const registry = new ConnectionRegistry();
  const blocked = new Set<string>();
  const log = new PushLog(deps.pushLogLimit ?? 100_000);
  let nextId = 0;
  let shut = false;

  const connectionDeps = {
    clock,
    rules,
    blocked,
    keyExpiresAt(key: string): number | undefined {
      const record = world.listenKeys.get(key);
      return record && !record.closed && clock.now() < record.expiresAt ? record.expiresAt : undefined;
    },
    ended: (connection: SimWsConnection): void => registry.ended(connection),
  };

  const accept = (socket: WebSocket, key: string): void => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    if (shut) {
      socket.terminate();
      return;
    }
    const uid = listenKeyOwner(world, key, clock.now());
    if (uid === undefined) return refuse(socket, 'invalid-listen-key');
    if (registry.countOfKey(key) >= rules.connectionsPerKey) return refuse(socket, 'too-many-connections');
    const connection = new SimWsConnection(++nextId, key, uid, socket, connectionDeps);
    if (connection.open) registry.add(connection);
  };

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer): void => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname !== WS_PATH || shut) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => accept(ws, url.searchParams.get('listenKey') ?? ''));
  };
  deps.httpServer.on('upgrade', onUpgrade);

  const closeKey = (key: string, reason: WsCloseReason): void => {
    for (const connection of registry.ofKey(key)) connection.close(reason);
  };

  const events: Subscription = world.events.subscribe((event) => {
    if (event.type === 'listenKey') {
      if (event.action === 'closed') closeKey(event.key, 'key-closed');
      return;
    }
    const item = pushItemOf(event, clock.now());
    if (item) fanOut(registry, log, item);
  });

  return {
    url: deps.url,
    rules,
    ...wsControls({ world, clock, faults: deps.faults, registry, log, blocked, closeKey }),
    close() {
      if (shut) return Promise.resolve();
      shut = true;
      events.unsubscribe();
      deps.httpServer.off('upgrade', onUpgrade);
      for (const connection of registry.allOpen()) connection.close('shutdown');
      for (const socket of sockets) socket.terminate();
      return new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}

function refuse(socket: WebSocket, reason: WsCloseReason): void {
  const frame = closeFrameOf(reason);
  if (reason === 'invalid-listen-key') socket.send(INVALID_LISTEN_KEY_TEXT);
  socket.close(frame.code, frame.text);
}

/** Sends a push to every connection of its account subscribed to its channel, and records where it went. */
function fanOut(registry: ConnectionRegistry, log: PushLog, item: PushItem): void {
  const record = log.record(item.uid, item.kind, item.event);
  const frames = new Map<string, Uint8Array | string>();
  for (const connection of registry.ofUid(item.uid)) {
    for (const channel of connection.channelsOf(item.kind)) {
      if (connection.stalled) {
        log.withheld(record, connection.id);
        break;
      }
      let frame = frames.get(channel);
      if (frame === undefined) frames.set(channel, (frame = frameFor(channel, item.event)));
      if (connection.send(frame)) log.delivered(record, connection.id, channel);
    }
  }
}

/** What the tests' views and faults work on. */
interface ControlDeps {
  readonly world: World;
  readonly clock: SimClock;
  readonly faults: SimFaults;
  readonly registry: ConnectionRegistry;
  readonly log: PushLog;
  readonly blocked: Set<string>;
  closeKey(key: string, reason: WsCloseReason): void;
}

/** The views and faults {@link SimWs} offers tests. */
function wsControls(d: ControlDeps): Omit<SimWs, 'url' | 'rules'> {
  const uidOf = (ref: string): string => {
    const account = findAccount(d.world, ref);
    if (!account) throw new Error(`no such account: ${ref}`);
    return account.uid;
  };
  const targets = (target: WsTarget): readonly SimWsConnection[] => {
    if ('connection' in target) {
      const connection = d.registry.byId(target.connection);
      return connection ? [connection] : [];
    }
    return 'account' in target ? d.registry.ofUid(uidOf(target.account)) : d.registry.ofKey(target.listenKey);
  };
  return {
    connections: (filter = {}) => d.registry.views({ ...filter, uid: filter.account === undefined ? undefined : uidOf(filter.account) }),
    pushes: (account) => d.log.of(uidOf(account)),
    drop(target) {
      const hit = targets(target);
      for (const connection of hit) connection.drop();
      return hit.length;
    },
    stall(target, stalled = true) {
      const hit = targets(target);
      for (const connection of hit) connection.setStalled(stalled);
      return hit.length;
    },
    sendMalformed(target, kind) {
      let sent = 0;
      for (const connection of targets(target)) if (connection.send(malformedFrame(kind, connection.firstChannel(), d.clock.now()))) sent += 1;
      return sent;
    },
    expireKey(key) {
      const record = d.world.listenKeys.get(key);
      if (record) record.expiresAt = Math.min(record.expiresAt, d.clock.now());
      d.closeKey(key, 'key-expired');
    },
    refuseNextKeepAlive(times = 1) {
      d.faults.next('L3', 'refuse', times);
    },
    blockChannel(channel, isBlocked = true) {
      if (isBlocked) d.blocked.add(channel);
      else d.blocked.delete(channel);
    },
  };
}
