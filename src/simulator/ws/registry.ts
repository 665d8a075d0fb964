/**
 * The websocket side's connections: the open ones, indexed by owner uid and by listen key so a
 * push or a key check does not scan them all, and the most recently closed ones, kept for tests
 * that look back at what happened.
 *
 * @module
 */
import type { SimWsConnection } from './connection.js';
import type { WsConnectionView } from './types.js';

/** Closed connections kept for {@link ConnectionRegistry.views}. */
const CLOSED_KEPT = 1000;

function index(map: Map<string, Set<SimWsConnection>>, name: string, connection: SimWsConnection): void {
  let set = map.get(name);
  if (!set) map.set(name, (set = new Set()));
  set.add(connection);
}

function unindex(map: Map<string, Set<SimWsConnection>>, name: string, connection: SimWsConnection): void {
  const set = map.get(name);
  if (!set) return;
  set.delete(connection);
  if (set.size === 0) map.delete(name);
}

/** Which connections a view lists. */
export interface ViewFilter {
  readonly uid?: string | undefined;
  readonly listenKey?: string | undefined;
  readonly open?: boolean | undefined;
}

/** Open and recently closed connections. */
export class ConnectionRegistry {
  private readonly open = new Map<number, SimWsConnection>();
  private readonly byUid = new Map<string, Set<SimWsConnection>>();
  private readonly byKey = new Map<string, Set<SimWsConnection>>();
  private readonly closed: SimWsConnection[] = [];

  /**
   * A connection opened.
   *
   * @example
   * ```ts
   * registry.add(connection);
   * ```
   */
  add(connection: SimWsConnection): void {
    this.open.set(connection.id, connection);
    index(this.byUid, connection.uid, connection);
    index(this.byKey, connection.listenKey, connection);
  }

  /** A connection ended: it moves to the closed ones. */
  ended(connection: SimWsConnection): void {
    this.open.delete(connection.id);
    unindex(this.byUid, connection.uid, connection);
    unindex(this.byKey, connection.listenKey, connection);
    this.closed.push(connection);
    if (this.closed.length > CLOSED_KEPT) this.closed.shift();
  }

  /** The open connection with this id. */
  byId(id: number): SimWsConnection | undefined {
    return this.open.get(id);
  }

  /** The open connections of an account. */
  ofUid(uid: string): readonly SimWsConnection[] {
    return [...(this.byUid.get(uid) ?? [])];
  }

  /** The open connections made with a listen key. */
  ofKey(key: string): readonly SimWsConnection[] {
    return [...(this.byKey.get(key) ?? [])];
  }

  /** How many connections a listen key has open. */
  countOfKey(key: string): number {
    return this.byKey.get(key)?.size ?? 0;
  }

  /** Every open connection. */
  allOpen(): readonly SimWsConnection[] {
    return [...this.open.values()];
  }

  /** Views of the open and recently closed connections that pass `filter`, oldest first. */
  views(filter: ViewFilter): WsConnectionView[] {
    return [...this.closed, ...this.open.values()]
      .sort((a, b) => a.id - b.id)
      .filter((c) => (filter.uid === undefined || c.uid === filter.uid) && (filter.listenKey === undefined || c.listenKey === filter.listenKey) && (filter.open === undefined || c.open === filter.open))
      .map((c) => c.view());
  }
}
