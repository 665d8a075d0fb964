/**
 * The project's one helper for a hand-written operator, in the spirit of rxjs's own `operate`
 * and `createOperatorSubscriber` (internal in rxjs 7, so not importable): what every hand-written
 * `new Observable` body over a source otherwise redoes by hand, and sometimes forgets.
 *
 * - {@link operate} makes the operator: the body gets the source and the subscriber, and returns
 *   its own teardown, if any.
 * - {@link relay} subscribes the subscriber to a source through handlers: an error of the source
 *   is forwarded (unless handled), so is its completion (unless handled); an exception a handler
 *   throws fails the subscriber instead of escaping into the source; and the source's subscription
 *   ends with the subscriber's (it is added to it), before the body's own teardown runs.
 *
 * @module
 */
import { Observable, type OperatorFunction, type Subscriber, type Subscription, type TeardownLogic } from 'rxjs';

/** What {@link relay} does with each notification of its source; what is left out is forwarded. */
export interface RelayHandlers<T> {
  readonly next: (value: T) => void;
  readonly error?: (error: unknown) => void;
  readonly complete?: () => void;
}

/**
 * An operator written by hand: `body` runs once per subscription.
 *
 * @example
 * ```ts
 * const evens = operate<number, number>((source, subscriber) => {
 *   relay(source, subscriber, { next: (n) => n % 2 === 0 && subscriber.next(n) });
 * });
 * ```
 */
export function operate<T, R>(body: (source: Observable<T>, subscriber: Subscriber<R>) => TeardownLogic): OperatorFunction<T, R> {
  return (source) => new Observable<R>((subscriber) => body(source, subscriber));
}

/**
 * Subscribes to `source` on behalf of `subscriber` (see the module's rules). Returns the source's
 * subscription, already tied to `subscriber`.
 *
 * @example
 * ```ts
 * relay(source, subscriber, { next: (event) => book.apply(event), complete: () => book.finish() });
 * ```
 */
export function relay<T, R>(source: Observable<T>, subscriber: Subscriber<R>, handlers: RelayHandlers<T>): Subscription {
  const guarded =
    <A extends unknown[]>(handler: (...args: A) => void) =>
    (...args: A): void => {
      try {
        handler(...args);
      } catch (error: unknown) {
        subscriber.error(error);
      }
    };
  const { error, complete } = handlers;
  const subscription = source.subscribe({
    next: guarded(handlers.next),
    error: error === undefined ? (reason: unknown) => subscriber.error(reason) : guarded(error),
    complete: complete === undefined ? () => subscriber.complete() : guarded(complete),
  });
  subscriber.add(subscription);
  return subscription;
}
