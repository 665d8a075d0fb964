/**
 * The balances behind {@link balanceSnapshots}: per asset, the latest balance and what it came
 * from, in an immutable map handed out as snapshots.
 *
 * @module
 */
import type { AccountEvent, MarketEvent } from '../../stream/events.js';
import type { GapEvent } from '../../stream/lifecycle.js';
import { balanceOfEvent, balanceOfSeed, isNewerAccountEvent, type AssetBalanceState, type BalanceSeed } from './balance-state.js';
import { ChangeLog } from './change-log.js';
import { freshnessJSON, type FreshnessJSON } from './freshness-json.js';
import { PersistentMap } from './persistent-map.js';
import type { Freshness, RefreshableBook, SnapshotCause } from '../refreshable.js';

/** A snapshot of the account's balances, emitted by {@link balanceSnapshots} after each update. */
export interface BalanceSnapshot extends Freshness {
  /**
   * Balance per asset name. An immutable map: it never changes after it was emitted (it shares
   * structure with newer snapshots). Iteration order follows the names' hashes (keyed anew in each
   * process, so it differs between runs): sort by `asset` for a stable order.
   */
  readonly balances: ReadonlyMap<string, AssetBalanceState>;
  /** Assets whose balance this update set or changed. */
  readonly changed: readonly string[];
  /**
   * Assets this update removed (a resync no longer lists them). None is in `balances` or in
   * `changed` (an asset removed and set again within one coalesced update is changed).
   */
  readonly removed: readonly string[];
  /** Number of this snapshot, from 1, one more each time (0: an empty one no operator emitted). */
  readonly version: number;
  /**
   * The snapshot as plain data, which `JSON.stringify(snapshot)` writes: `balances` as an object
   * by asset, the freshness (the error of a failed refresh as a safe message only), `changed`,
   * `removed` and `version`. {@link balancesFromJSON} rebuilds the snapshot from it.
   */
  toJSON(): BalanceSnapshotJSON;
}

/** A {@link BalanceSnapshot} as plain data (`snapshot.toJSON()`, or `JSON.parse(JSON.stringify(snapshot))`). */
export interface BalanceSnapshotJSON extends FreshnessJSON {
  /** Balance per asset (keys in sorted order). */
  readonly balances: Readonly<Record<string, AssetBalanceState>>;
  readonly changed: readonly string[];
  readonly removed: readonly string[];
  readonly version: number;
}

/**
 * The snapshots the balance book hands out (and {@link balancesFromJSON} rebuilds): immutable
 * data whose `toJSON` gives plain JSON.
 *
 * @example
 * ```ts
 * const snapshot = new BalanceSnapshotData(PersistentMap.empty(), false, undefined, 'start', undefined, [], [], 1);
 * JSON.stringify(snapshot); // '{"balances":{},"stale":false,"cause":"start","changed":[],"removed":[],"version":1}'
 * ```
 */
export class BalanceSnapshotData implements BalanceSnapshot {
  constructor(
    readonly balances: PersistentMap<AssetBalanceState>,
    readonly stale: boolean,
    readonly gap: GapEvent | undefined,
    readonly cause: SnapshotCause,
    readonly error: unknown,
    readonly changed: readonly string[],
    readonly removed: readonly string[],
    readonly version: number,
  ) {
    // Frozen at run time too, not only by type: a mutation throws (strict mode) and never reaches
    // a later snapshot. The entries are frozen once, where they are made; an empty list is the
    // change log's shared frozen one. The snapshot object itself is not frozen (that cost ~3% of
    // the state pipeline) and is made anew for each update, so a write to it reaches no other.
    if (!Object.isFrozen(changed)) Object.freeze(changed);
    if (!Object.isFrozen(removed)) Object.freeze(removed);
  }

  toJSON(): BalanceSnapshotJSON {
    return { balances: this.balances.toJSON(), ...freshnessJSON(this), changed: this.changed, removed: this.removed, version: this.version };
  }
}

/** Where a refresh request started. */
export interface BalanceMark {
  /** Sequence number of the last event before the request. */
  readonly sequence: number;
  /** Latest settlement time seen before the request, epoch ms: older events are already in the result. */
  readonly time: number;
}

interface AssetRecord {
  readonly balance: AssetBalanceState;
  /** The event the balance comes from; `undefined` when it comes from a refresh. */
  readonly event: AccountEvent | undefined;
  /** For a balance from a refresh: events settled before this time are already in it. */
  readonly since: number;
  /** Sequence number of the event that set the balance; 0 for a refresh. */
  readonly sequence: number;
}

/** The book's policies, resolved. */
export interface BalanceBookSettings {
  /** Whether a refresh lists every asset held; those it leaves out are removed. */
  readonly refreshListsAllAssets: boolean;
}

function sameBalance(a: AssetBalanceState, b: AssetBalanceState): boolean {
  return a.free === b.free && a.frozen === b.frozen && a.updatedAt === b.updatedAt;
}

/**
 * The mutable balance book of one subscription.
 *
 * @example
 * ```ts
 * const book = new BalanceBookState({ refreshListsAllAssets: true });
 * book.applyEvent(accountEvent); // true
 * ```
 */
export class BalanceBookState implements RefreshableBook<readonly BalanceSeed[], BalanceSnapshot, BalanceMark> {
  private readonly records = new Map<string, AssetRecord>();
  private balances = PersistentMap.empty<AssetBalanceState>();
  private sequence = 0;
  private latestTime = -Infinity;
  private readonly log = new ChangeLog();
  private version = 0;

  constructor(private readonly settings: BalanceBookSettings) {}

  applyEvent(event: MarketEvent): boolean {
    if (event.type !== 'account') return false;
    this.sequence += 1;
    this.latestTime = Math.max(this.latestTime, event.time);
    const record = this.records.get(event.asset);
    if (record) {
      const newer = record.event ? isNewerAccountEvent(event, record.event) : event.time >= record.since;
      if (!newer) return false;
    }
    // A newer event always changes the balance: its time is the new `updatedAt` (a refresh's
    // balance has none), and at the time it replaces it is newer only when its amounts differ.
    this.put({ balance: balanceOfEvent(event), event, since: event.time, sequence: this.sequence }, true);
    return true;
  }

  markRefresh(): BalanceMark {
    return { sequence: this.sequence, time: this.latestTime };
  }

  applyRefresh(seeds: readonly BalanceSeed[], mark: BalanceMark): void {
    const listed = new Set<string>();
    for (const seed of seeds) {
      listed.add(seed.asset);
      const record = this.records.get(seed.asset);
      // An event that arrived after the request is at least as new as the result: it stays.
      if (record && record.sequence > mark.sequence) continue;
      const balance = balanceOfSeed(seed);
      this.put({ balance, event: undefined, since: mark.time, sequence: 0 }, !record || !sameBalance(record.balance, balance));
    }
    if (!this.settings.refreshListsAllAssets) return;
    for (const [asset, record] of this.records) {
      if (listed.has(asset) || record.sequence > mark.sequence) continue;
      this.records.delete(asset);
      this.balances = this.balances.delete(asset);
      this.log.remove(asset);
    }
  }

  snapshot(freshness: Freshness): BalanceSnapshot {
    this.version += 1;
    const { stale, gap, cause, error } = freshness;
    return new BalanceSnapshotData(this.balances, stale, gap, cause, error, this.log.takeChanged(), this.log.takeRemoved(), this.version);
  }

  private put(record: AssetRecord, changed: boolean): void {
    const asset = record.balance.asset;
    this.records.set(asset, record);
    if (!changed) return;
    this.balances = this.balances.set(asset, record.balance);
    this.log.change(asset);
  }
}
