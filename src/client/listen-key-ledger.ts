/**
 * The listen keys a client made and has not seen closed: every key an L1 call of its own returned
 * (its streams' and direct `createListenKey` calls alike), forgotten once an L4 of its own
 * succeeded or the service said the key is unknown (730708). `client.close()` DELETEs what is left,
 * and lists what it could not.
 *
 * @module
 */
import { Subscription, type Observable } from 'rxjs';
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
 * const ledger = new ListenKeyLedger((key) => execute(L4, { listenKey: key }));
 * ledger.remember(key);
 * await ledger.close(key); // { closed: true }
 * ```
 */
export class ListenKeyLedger {
  private readonly open = new Set<string>();
  private readonly closing = new Map<string, Closing>();
  private givenUp = false;

  /** `sendDelete`: one L4 call (with the client's retries), not subject to the client being closed. */
  constructor(private readonly sendDelete: (key: string) => Observable<unknown>) {}

  /** An L1 of the client returned `key`. */
  remember(key: string): void {
    if (key !== '') this.open.add(key);
  }

  /** `key` is closed, or not valid on the service. */
  forget(key: string): void {
    this.open.delete(key);
  }

  /** The keys made and not seen closed. */
  keys(): readonly string[] {
    return [...this.open];
  }

  /**
   * DELETEs `key`, or joins its DELETE under way; resolves (never rejects) with what came of it. A
   * key the service does not know (730708) counts as closed: it is not valid.
   */
  close(key: string): Promise<KeyCloseOutcome> {
    const running = this.closing.get(key);
    if (running !== undefined) return running.done;
    if (this.givenUp) return Promise.resolve({ closed: false, error: new ClientClosedError({ operation: 'L4' }) });
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
    this.closing.set(key, { done, giveUp: () => end({ closed: false, error: new ClientClosedError({ operation: 'L4' }) }) });
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
