/**
 * The shell around the broker's ledger: it creates keys on the service (L1), keeps them alive
 * there on its own schedule (L3) while their pages renew them, closes them (L4) when a page asks,
 * when a page falls silent, or when the broker closes, and frees a key's place once the service
 * no longer counts it. Every timer is on the client's scheduler (virtual time in tests), waited in
 * steps (`src/long-delays.ts`).
 *
 * @module
 */
import { firstValueFrom, type SchedulerLike, type Subscription } from 'rxjs';
import type { Client } from '../client/types.js';
import { keyUnknownToService } from '../client/listen-key-ledger.js';
import { KEY_LIFE_MS } from '../endpoints/listen-key.js';
import { scheduleInSteps } from '../long-delays.js';
import { closeListenKey, createListenKey, keepAliveListenKey } from '../operations/listen-key.js';
import type { CreatedListenKey } from '../remote/protocol.js';
import { KeyLedger, type HeldKey, type KeyRefusal, type LedgerLimits } from './key-ledger.js';

/** After a failed keepalive the next one comes this soon (or at the usual interval, if sooner). */
const RETRY_KEEPALIVE_MS = 60_000;

/** What the keeper needs to know. */
export interface KeeperSettings extends LedgerLimits {
  readonly renewIntervalMs: number;
  readonly keepAliveIntervalMs: number;
}

/** How a create ended. */
export type CreateOutcome = { readonly created: CreatedListenKey } | KeyRefusal | { readonly failed: unknown } | { readonly shut: true };

/** How a key's DELETE (L4) ended: the service let the key go, or it failed the call (the key's place stays held). */
export type CloseOutcome = { readonly closed: true } | { readonly failed: unknown };

type TimerName = 'idle' | 'keepalive' | 'release';

/** The keys a broker issued, on the service. */
export class KeyKeeper {
  private readonly ledger: KeyLedger;
  private readonly timers = new Map<string, Subscription>();
  private readonly underway = new Set<Promise<unknown>>();
  /** The DELETE under way of each key being closed: a second ask for it waits on the same call. */
  private readonly closings = new Map<string, Promise<CloseOutcome>>();
  private shut = false;

  constructor(
    private readonly client: Client,
    private readonly settings: KeeperSettings,
  ) {
    this.ledger = new KeyLedger(settings);
  }

  private get scheduler(): SchedulerLike {
    return this.client.scheduler;
  }

  /** Creates a key for `session` (`undefined`: the key is its own session), within the bounds. */
  create(session: string | undefined): Promise<CreateOutcome> {
    return this.track(this.createKey(session));
  }

  /** The page renews a key it was given: `false` when it was not given it (or it is gone). */
  renew(session: string | undefined, key: string): boolean {
    const held = this.ledger.find(session, key);
    if (held === undefined) return false;
    held.lastSeenAt = this.scheduler.now();
    return true;
  }

  /**
   * The page closes a key it was given (again, after a DELETE the service failed): `undefined` when
   * it was not given it (or it is gone), else how the service's DELETE ended.
   */
  close(session: string | undefined, key: string): Promise<CloseOutcome | undefined> {
    const held = this.ledger.findClosable(session, key);
    if (held === undefined) return Promise.resolve(undefined);
    return this.track(this.closeOnService(held));
  }

  /** Closes every key on the service (creations under way too, once they end); resolves when done. */
  async closeAll(): Promise<void> {
    this.shut = true;
    for (;;) {
      // Every key still held: a DELETE under way is waited on, one the service failed is tried again.
      for (const held of this.ledger.held()) this.track(this.closeOnService(held));
      if (this.underway.size === 0) break;
      await Promise.allSettled([...this.underway]);
    }
    for (const timer of this.timers.values()) timer.unsubscribe();
    this.timers.clear();
  }

  private async createKey(session: string | undefined): Promise<CreateOutcome> {
    if (this.shut) return { shut: true };
    const reservation = this.ledger.admit(session, this.scheduler.now());
    if ('refused' in reservation) return reservation;
    let listenKey: string;
    try {
      ({ listenKey } = await firstValueFrom(createListenKey(this.client)));
    } catch (error) {
      this.ledger.withdraw(reservation);
      return { failed: error };
    }
    const held = this.ledger.issue(reservation, listenKey, this.scheduler.now(), KEY_LIFE_MS);
    if (this.shut) {
      await this.closeOnService(held);
      return { shut: true };
    }
    this.schedule(held, 'idle', this.settings.idleCloseMs);
    this.schedule(held, 'keepalive', this.settings.keepAliveIntervalMs);
    return { created: { listenKey, renewIntervalMs: this.settings.renewIntervalMs } };
  }

  private track<T>(work: Promise<T>): Promise<T> {
    this.underway.add(work);
    const done = (): void => void this.underway.delete(work);
    work.then(done, done);
    return work;
  }

  private schedule(held: HeldKey, name: TimerName, delayMs: number): void {
    const id = `${name}:${held.key}`;
    this.timers.get(id)?.unsubscribe();
    const run = (): void => {
      this.timers.delete(id);
      if (name === 'idle') this.idleCheck(held);
      else if (name === 'keepalive') void this.keepAlive(held);
      else this.ledger.release(held.key);
    };
    this.timers.set(id, scheduleInSteps(this.scheduler, run, delayMs));
  }

  private cancelTimers(held: HeldKey): void {
    for (const name of ['idle', 'keepalive', 'release'] as const) {
      this.timers.get(`${name}:${held.key}`)?.unsubscribe();
      this.timers.delete(`${name}:${held.key}`);
    }
  }

  /** Closes the key if its page has been silent for `idleCloseMs`, else looks again when it would be. */
  private idleCheck(held: HeldKey): void {
    if (held.closing) return;
    const silentFor = this.scheduler.now() - held.lastSeenAt;
    if (silentFor >= this.settings.idleCloseMs) void this.track(this.closeOnService(held));
    else this.schedule(held, 'idle', this.settings.idleCloseMs - silentFor);
  }

  private async keepAlive(held: HeldKey): Promise<void> {
    try {
      await firstValueFrom(keepAliveListenKey(this.client, { listenKey: held.key }));
      if (held.closing) return;
      held.validUntil = this.scheduler.now() + KEY_LIFE_MS;
      this.schedule(held, 'keepalive', this.settings.keepAliveIntervalMs);
    } catch (error) {
      if (held.closing) return;
      if (keyUnknownToService(error) || this.scheduler.now() >= held.validUntil) return this.forget(held);
      this.schedule(held, 'keepalive', Math.min(RETRY_KEEPALIVE_MS, this.settings.keepAliveIntervalMs));
    }
  }

  /** The service no longer holds the key: the page's next renewal learns it is gone. */
  private forget(held: HeldKey): void {
    held.closing = true;
    this.cancelTimers(held);
    this.ledger.release(held.key);
  }

  /**
   * DELETEs the key (L4), or waits on its DELETE under way. Its place is freed when the service
   * let it go (or no longer knows it); a DELETE that failed otherwise holds the place until the key
   * would have expired, and its page may ask again meanwhile.
   */
  private closeOnService(held: HeldKey): Promise<CloseOutcome> {
    const underway = this.closings.get(held.key);
    if (underway !== undefined) return underway;
    held.closing = true;
    this.cancelTimers(held);
    const work = this.sendClose(held);
    this.closings.set(held.key, work);
    const done = (): void => void this.closings.delete(held.key);
    work.then(done, done);
    return work;
  }

  private async sendClose(held: HeldKey): Promise<CloseOutcome> {
    try {
      await firstValueFrom(closeListenKey(this.client, { listenKey: held.key }));
    } catch (error) {
      if (keyUnknownToService(error)) {
        this.ledger.release(held.key);
        return { closed: true };
      }
      const left = held.validUntil - this.scheduler.now();
      if (left <= 0 || this.shut) this.ledger.release(held.key);
      else this.schedule(held, 'release', left);
      return { failed: error };
    }
    this.ledger.release(held.key);
    return { closed: true };
  }
}
