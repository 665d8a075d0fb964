/**
 * `perAccount`: runs a state operator (`reduceOrders`, `balanceSnapshots`, ...) separately for each
 * account of a merged stream, so one account's orders, balances and gaps never mix with another's.
 *
 * @module
 */
import { map, Subject, type OperatorFunction, type Subscription } from 'rxjs';
import { operate, relay } from '../internal/operate.js';
import type { UserDataEvent } from '../stream/user-data-stream.js';
import { isUserDataEvent, type ScaleEvent, type TaggedEvent } from './tagged-event.js';

/** A value of one account, from a per-account operator. */
export interface AccountValue<R> {
  readonly account: string;
  readonly value: R;
}

/**
 * Applies the operator made by `factory` to each account's events on its own (like rxjs `groupBy`):
 * the operator sees only that account's user data events, in order, and its outputs come tagged
 * with the account; an error of one account's operator errors the whole result. When an account's stream stops (`stopped` event), its operator completes;
 * if the account comes back, a fresh one is made. Use it when the operator needs the account
 * (a seed or resync that queries that account's state).
 *
 * @example
 * ```ts
 * events$.pipe(
 *   perAccountWith((account) => balanceSnapshots({ resync: () => getSubAccountAssets(master, { subAccount: account }) })),
 * ).subscribe(({ account, value }) => console.log(account, value.stale));
 * ```
 */
export function perAccountWith<R>(
  factory: (account: string) => OperatorFunction<UserDataEvent, R>,
): OperatorFunction<TaggedEvent<ScaleEvent>, AccountValue<R>> {
  // Hand-made rather than rxjs groupBy: a groupBy duration selector subscribes to its own group,
  // which keeps the source alive after the last subscriber has left.
  return operate<TaggedEvent<ScaleEvent>, AccountValue<R>>((source, subscriber) => {
    /** The input of each account's operator while its stream runs. */
    const inputs = new Map<string, Subject<UserDataEvent>>();
    /** Every account operator not completed yet (a stopped account's may still be finishing). */
    const outputs = new Set<Subscription>();
    let sourceDone = false;
    const open = (account: string): Subject<UserDataEvent> => {
      const input = new Subject<UserDataEvent>();
      inputs.set(account, input);
      const output: Subscription = input.pipe(factory(account), map((value) => ({ account, value }))).subscribe({
        next: (value) => subscriber.next(value),
        error: (error: unknown) => subscriber.error(error),
        complete: () => {
          outputs.delete(output);
          if (sourceDone && outputs.size === 0) subscriber.complete();
        },
      });
      if (!output.closed) outputs.add(output);
      return input;
    };
    relay(source, subscriber, {
      next: ({ account, event }) => {
        if (isUserDataEvent(event)) {
          (inputs.get(account) ?? open(account)).next(event);
          return;
        }
        const input = inputs.get(account);
        inputs.delete(account);
        input?.complete();
      },
      complete: () => {
        sourceDone = true;
        for (const input of [...inputs.values()]) input.complete();
        inputs.clear();
        if (outputs.size === 0) subscriber.complete();
      },
    });
    return () => {
      for (const output of outputs) output.unsubscribe();
      outputs.clear();
      inputs.clear();
    };
  });
}

/**
 * Applies `operator` to each account's events on its own, as {@link perAccountWith} does with a
 * factory that returns the same operator for every account (an rxjs operator keeps its state per
 * subscription, so the accounts do not share state).
 *
 * @example
 * ```ts
 * import { userDataStreams, perAccount, reduceOrders } from 'mexc-rx';
 *
 * userDataStreams(accounts$)
 *   .pipe(perAccount(reduceOrders()))
 *   .subscribe(({ account, value: book }) => console.log(account, book.orders.size, book.stale));
 * ```
 */
export function perAccount<R>(operator: OperatorFunction<UserDataEvent, R>): OperatorFunction<TaggedEvent<ScaleEvent>, AccountValue<R>> {
  return perAccountWith(() => operator);
}
