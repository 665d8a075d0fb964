/**
 * The listen keys a client made and has not seen closed: every key an L1 call of its own returned
 * (its streams' and direct `createListenKey` calls alike), forgotten once an L4 of its own
 * succeeded, the service said the key is unknown (730708), or it expired (60 minutes after its
 * creation or its last keepalive answered, without another: a stream that lost its key to the
 * service's refusal never DELETEs it, and a process running for months would otherwise hold every
 * such key). `client.close()` DELETEs what is left, and lists what it could not.
 *
 * @module
 */
import { Subscription, type Observable } from 'rxjs';
import { endpointTarget } from '../endpoints/endpoint.js';
import { KEY_LIFE_MS, L4 } from '../endpoints/listen-key.js';
import { ApiError, ClientClosedError, DecodeError, MexcError } from '../errors.js';
import { isUnclearFailure } from '../http/retry-policy.js';
import { SERVICE_CODES } from '../service-codes.js';

/**
 * Whether a failed listen-key creation may still have made a key: the service may have acted on
 * it (a 5XX, a time-out, a network failure, an answer that could not be read), or the failure came
 * from a key source of the user's, about which nothing is known. A refusal, or a call never sent,
 * made none.
 *
 * @example
 * ```ts
 * creationOutcomeUnknown(new TimeoutError({ target, timeoutMs: 10_000 })); // true
 * creationOutcomeUnknown(new ClientClosedError({ operation: 'L1' })); // false
 * ```
 */
export function creationOutcomeUnknown(error: unknown): boolean {
  return !(error instanceof MexcError) || isUnclearFailure(error) || error instanceof DecodeError;
}

/**
 * Whether the service said a listen key is unknown (730708): closed, expired or never made; in any
 * case not valid.
 *
 * @example
 * ```ts
 * keyUnknownToService(new ApiError({ code: 730708, msg: 'Listen key information error', status: 400, operation: 'L4' })); // true
 * ```
 */
export function keyUnknownToService(error: unknown): boolean {
  return error instanceof ApiError && error.code === SERVICE_CODES.listenKeyInvalid;
}

/** What came of a key's DELETE. */
export type KeyCloseOutcome = { readonly closed: true } | { readonly closed: false; readonly error: unknown };

interface Closing {
  readonly done: Promise<KeyCloseOutcome>;
  readonly giveUp: () => void;
}

/**
 * The keys of one client.
 *
 * @example
 * ```ts
 * const ledger = new ListenKeyLedger((key) => execute(L4, { listenKey: key }), () => scheduler.now());
 * ledger.remember(key);
 * await ledger.close(key); // { closed: true }
 * ```
 */
export class ListenKeyLedger {
  /** Each key made and not seen closed, with when it was last known alive (its L1's or L3's answer). */
  private readonly open = new Map<string, number>();
  private readonly closing = new Map<string, Closing>();
  private givenUp = false;

  /**
   * `sendDelete`: one L4 call (with the client's retries), not subject to the client being closed;
   * `now`: the client's scheduler's time.
   */
  constructor(
    private readonly sendDelete: (key: string) => Observable<unknown>,
    private readonly now: () => number,
  ) {}

  /** An L1 of the client returned `key`: it is valid for 60 minutes from now. */
  remember(key: string): void {
    if (key === '') return;
    this.forgetExpired();
    // Set again at the end: the map stays in the order the keys were last known alive.
    this.open.delete(key);
    this.open.set(key, this.now());
  }

  /** An L3 of the client answered for `key`: if it is one of the client's, it is valid for 60 minutes from now. */
  keptAlive(key: string): void {
    if (this.open.has(key)) this.remember(key);
  }

  /** `key` is closed, or not valid on the service. */
  forget(key: string): void {
    this.open.delete(key);
  }

  /** The keys made and not seen closed, expired ones left out. */
  keys(): readonly string[] {
    this.forgetExpired();
    return [...this.open.keys()];
  }

  /** Keys last known alive longer ago than a key lives are gone from the service (the oldest come first). */
  private forgetExpired(): void {
    const now = this.now();
    for (const [key, aliveAt] of this.open) {
      if (now - aliveAt <= KEY_LIFE_MS) break;
      this.open.delete(key);
    }
  }

  /**
   * DELETEs `key`, or joins its DELETE under way; resolves (never rejects) with what came of it. A
   * key the service does not know (730708) counts as closed: it is not valid.
   */
  close(key: string): Promise<KeyCloseOutcome> {
    const running = this.closing.get(key);
    if (running !== undefined) return running.done;
    if (this.givenUp) return Promise.resolve({ closed: false, error: new ClientClosedError({ operation: 'L4', target: endpointTarget(L4) }) });
    let finish: (outcome: KeyCloseOutcome) => void = () => undefined;
    const done = new Promise<KeyCloseOutcome>((resolve) => (finish = resolve));
    const subscription = new Subscription();
    let ended = false;
    const end = (outcome: KeyCloseOutcome): void => {
      if (ended) return;
      ended = true;
      if (outcome.closed) this.forget(key);
      this.closing.delete(key);
      subscription.unsubscribe();
      finish(outcome);
    };
    this.closing.set(key, { done, giveUp: () => end({ closed: false, error: new ClientClosedError({ operation: 'L4', target: endpointTarget(L4) }) }) });
    subscription.add(
      this.sendDelete(key).subscribe({
        error: (error: unknown) => end(keyUnknownToService(error) ? { closed: true } : { closed: false, error }),
        complete: () => end({ closed: true }),
      }),
    );
    return done;
  }

  /** Gives up every DELETE under way (each ends not closed, its request aborted) and sends no more. */
  giveUp(): void {
    this.givenUp = true;
    for (const closing of [...this.closing.values()]) closing.giveUp();
  }
}
