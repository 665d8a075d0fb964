/**
 * The connection pools of the Node sender (`node-sender.ts`), one per origin, in a bounded map: a
 * client talks to one origin, a process to a few, but nothing stops a caller from giving many base
 * URLs over a process's life, and each pool holds sockets. Past the bound the pool used least
 * recently is closed (its requests in flight finish first) and forgotten.
 *
 * @module
 */

/** What the map needs of a pool: that it can be closed. */
export interface ClosablePool {
  close(): Promise<void>;
}

/** How many origins keep a pool, at most. */
export const MAX_ORIGINS = 16;

/**
 * The pools by origin, at most `max` of them, opened with `open` when first asked for. The origin
 * asked for last is found without touching the map (a client asks for the same one every call).
 *
 * @example
 * ```ts
 * const pools = new OriginPools((origin) => new Pool(origin), MAX_ORIGINS);
 * const pool = pools.get('https://api.mexc.com');
 * ```
 */
export class OriginPools<P extends ClosablePool> {
  private readonly pools = new Map<string, P>();
  private lastOrigin: string | undefined;
  private lastPool: P | undefined;

  constructor(
    private readonly open: (origin: string) => P,
    private readonly max: number = MAX_ORIGINS,
  ) {}

  /** How many pools are open. */
  get size(): number {
    return this.pools.size;
  }

  /** The pool for `origin`, opened now if it has none (closing the least recently used past the bound). */
  get(origin: string): P {
    if (origin === this.lastOrigin && this.lastPool !== undefined) return this.lastPool;
    let pool = this.pools.get(origin);
    if (pool === undefined) {
      pool = this.open(origin);
      if (this.pools.size >= this.max) this.evictLeastRecent();
    } else {
      // Moved to the end: the map's order is the order of use.
      this.pools.delete(origin);
    }
    this.pools.set(origin, pool);
    this.lastOrigin = origin;
    this.lastPool = pool;
    return pool;
  }

  private evictLeastRecent(): void {
    const oldest = this.pools.keys().next();
    if (oldest.done === true) return;
    const pool = this.pools.get(oldest.value);
    this.pools.delete(oldest.value);
    // Closing lets the requests in flight end; a pool that fails to close has nothing left to lose.
    pool?.close().catch(() => undefined);
  }
}
