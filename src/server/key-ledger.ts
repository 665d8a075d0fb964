/**
 * The broker's ledger of listen keys: which it issued, to which session, when each was last
 * renewed, and the creations under way. It decides who may have another key (the account's bound
 * and the session's, creations under way included, so a flood of creates at once cannot pass
 * either) and whose key a page may touch. No I/O and no timers: the broker's shell
 * (`key-keeper.ts`) does those.
 *
 * @module
 */

/** A key the broker issued. */
export interface HeldKey {
  readonly key: string;
  /** The session it was issued to (the key itself when the broker has no `authorize`). */
  readonly session: string;
  /** When its page last renewed it (or it was made), scheduler time. */
  lastSeenAt: number;
  /** Until when the service holds it valid, as far as the broker knows (its last L1 or L3 + 60 min). */
  validUntil: number;
  /** Being closed: no page may touch it, but the account still counts it until the service let it go. */
  closing: boolean;
}

/** A place held for a key being created. */
export interface Reservation {
  readonly id: number;
  /** The session asking, or `undefined` when each key is its own session. */
  readonly session: string | undefined;
}

/** Why another key is refused, and how long until one of the keys in the way may be closed for silence. */
export interface KeyRefusal {
  readonly refused: 'account' | 'session';
  readonly retryAfterMs: number;
}

/** The bounds the ledger keeps. */
export interface LedgerLimits {
  readonly maxKeys: number;
  readonly maxKeysPerSession: number;
  readonly idleCloseMs: number;
}

/** The shortest wait a refusal names, ms. */
const SHORTEST_RETRY_MS = 1000;

/** Issued keys and creations under way, with the bounds they must keep. */
export class KeyLedger {
  private readonly keys = new Map<string, HeldKey>();
  private readonly pending = new Map<number, Reservation>();
  private nextId = 1;

  constructor(private readonly limits: LedgerLimits) {}

  /**
   * A place for one more key for `session`, or why not: the account's bound counts every key held
   * or being created or closed; the session's counts its open keys and its creations under way.
   */
  admit(session: string | undefined, now: number): Reservation | KeyRefusal {
    if (this.keys.size + this.pending.size >= this.limits.maxKeys) return { refused: 'account', retryAfterMs: this.soonestIdleClose(now, undefined) };
    if (session !== undefined && this.sessionCount(session) >= this.limits.maxKeysPerSession) {
      return { refused: 'session', retryAfterMs: this.soonestIdleClose(now, session) };
    }
    const reservation = { id: this.nextId++, session };
    this.pending.set(reservation.id, reservation);
    return reservation;
  }

  /** The key the reservation was made for came: it is held now. */
  issue(reservation: Reservation, key: string, now: number, validForMs: number): HeldKey {
    this.pending.delete(reservation.id);
    const held: HeldKey = { key, session: reservation.session ?? key, lastSeenAt: now, validUntil: now + validForMs, closing: false };
    this.keys.set(key, held);
    return held;
  }

  /** No key came for the reservation: its place is free again. */
  withdraw(reservation: Reservation): void {
    this.pending.delete(reservation.id);
  }

  /** The open key `key` if `session` was given it (each key is its own session when `session` is undefined). */
  find(session: string | undefined, key: string): HeldKey | undefined {
    const held = this.keys.get(key);
    return held !== undefined && !held.closing && held.session === (session ?? key) ? held : undefined;
  }

  /**
   * The key `key` if `session` was given it, open or being closed: its page may ask again to close
   * a key whose DELETE the service failed.
   */
  findClosable(session: string | undefined, key: string): HeldKey | undefined {
    const held = this.keys.get(key);
    return held !== undefined && held.session === (session ?? key) ? held : undefined;
  }

  /** The key, whoever holds it. */
  get(key: string): HeldKey | undefined {
    return this.keys.get(key);
  }

  /** The key is no longer the service's to count: its place is free. */
  release(key: string): void {
    this.keys.delete(key);
  }

  /** Every key held, open or closing. */
  held(): HeldKey[] {
    return [...this.keys.values()];
  }

  /** Creations under way. */
  get creating(): number {
    return this.pending.size;
  }

  private sessionCount(session: string): number {
    let held = 0;
    for (const key of this.keys.values()) if (!key.closing && key.session === session) held += 1;
    for (const reservation of this.pending.values()) if (reservation.session === session) held += 1;
    return held;
  }

  /** How long until the first of the open keys in the way (all, or the session's) may be closed for silence. */
  private soonestIdleClose(now: number, session: string | undefined): number {
    let soonest = Infinity;
    for (const key of this.keys.values()) {
      if (key.closing || (session !== undefined && key.session !== session)) continue;
      soonest = Math.min(soonest, key.lastSeenAt + this.limits.idleCloseMs - now);
    }
    return Number.isFinite(soonest) ? Math.max(SHORTEST_RETRY_MS, soonest) : SHORTEST_RETRY_MS;
  }
}
