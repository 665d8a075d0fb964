/**
 * Where a user data stream gets its listen key. A {@link Client} with credentials does it all over
 * REST (L1 create, L3 keep alive, L4 close); a browser without secrets asks its own backend
 * (`remoteListenKeys`, or a function of its own that returns a key).
 *
 * @module
 */
import { defer, from, map, type Observable, type ObservableInput } from 'rxjs';
import { lifeOf } from '../client/client-life.js';
import type { Client } from '../client/types.js';
import { readsOf, type ClientReads } from '../client/client-reads.js';
import { ValidationError } from '../errors.js';

/** Manages listen keys for a stream. */
export interface ListenKeySource {
  /** Creates a fresh key. */
  create(): ObservableInput<string>;
  /** Extends a key's validity. Leave out (or `undefined`) when something else keeps keys alive. */
  readonly keepAlive?: ((listenKey: string) => ObservableInput<unknown>) | undefined;
  /** Closes a key the stream no longer needs. Leave out (or `undefined`) when something else closes keys. */
  readonly close?: ((listenKey: string) => ObservableInput<unknown>) | undefined;
  /**
   * Keys the source knows to be gone before their time (closed by the page's lifecycle, forgotten
   * by the backend): a stream that holds one replaces it at once, as after a failed keepalive. A
   * stream subscribes to it while it runs.
   */
  readonly revoked?: Observable<string> | undefined;
}

/** A {@link ListenKeySource} that keeps its keys alive and closes them, as {@link clientListenKeySource}'s does. */
export type FullListenKeySource = ListenKeySource & {
  /** Extends a key's validity (always there). */
  keepAlive(listenKey: string): ObservableInput<unknown>;
  /** Closes a key the stream no longer needs (always there). */
  close(listenKey: string): ObservableInput<unknown>;
};

/** Anything a stream accepts as its key source. */
export type ListenKeyProvider = Client | ListenKeySource | (() => ObservableInput<string>);

/**
 * A source that manages keys over REST with the client's credentials. Its DELETEs go out even once
 * the client is closed (the close itself makes them), and a DELETE of a key already under way is
 * joined rather than sent twice.
 *
 * @example
 * ```ts
 * const source = clientListenKeySource(createClient({ apiKey, secretKey }));
 * ```
 */
export function clientListenKeySource(client: Client): FullListenKeySource {
  const reads = clientReads(client);
  const life = lifeOf(client);
  return {
    create: () => reads.createListenKey(client),
    keepAlive: (listenKey) => reads.keepAliveListenKey(client, listenKey),
    close: (listenKey) =>
      life === undefined
        ? reads.closeListenKey(client, listenKey)
        : defer(() => life.closeKey(listenKey)).pipe(
            map((outcome) => {
              if (!outcome.closed) throw outcome.error;
              return { listenKey };
            }),
          ),
  };
}

/**
 * The listen-key and account calls of a client made by `createClient`, which a client-like object
 * of the user's own does not have.
 *
 * @throws ValidationError (field `client`) when `client` was not made by `createClient` (nor copied from one).
 * @example
 * ```ts
 * clientReads(createClient({ apiKey, secretKey })).createListenKey(client);
 * ```
 */
export function clientReads(client: Client): ClientReads {
  const reads = readsOf(client);
  if (reads === undefined) throw new ValidationError({ operation: 'config', issues: [{ field: 'client', rule: CLIENT_WORDS }] });
  return reads;
}

/** What a client must be to serve a stream or a state operator. */
export const CLIENT_WORDS = 'a client from createClient (or a copy made by spreading one)';

/**
 * Whether a key provider is a client (rather than a key source object or a function).
 *
 * @example
 * ```ts
 * isClient(createClient({ apiKey, secretKey })); // true
 * isClient(() => of('listen-key')); // false
 * ```
 */
export function isClient(provider: ListenKeyProvider): provider is Client {
  return typeof provider === 'object' && 'call' in provider && typeof provider.call === 'function' && readsOf(provider) !== undefined;
}

/**
 * Normalizes a provider into a {@link ListenKeySource}, with every method returning an Observable
 * (one that fails, rather than a throw, when the source's own method throws).
 *
 * @example
 * ```ts
 * const source = toListenKeySource(() => fetch('/api/listen-key').then((r) => r.text()));
 * ```
 */
export function toListenKeySource(provider: ListenKeyProvider): {
  create(): Observable<string>;
  keepAlive: ((listenKey: string) => Observable<unknown>) | undefined;
  close: ((listenKey: string) => Observable<unknown>) | undefined;
  revoked: Observable<string> | undefined;
} {
  const source: ListenKeySource = isClient(provider)
    ? clientListenKeySource(provider)
    : typeof provider === 'function'
      ? { create: provider }
      : provider;
  const keepAlive = source.keepAlive?.bind(source);
  const close = source.close?.bind(source);
  return {
    create: () => defer(() => from(source.create())),
    keepAlive: keepAlive ? (key) => defer(() => from(keepAlive(key))) : undefined,
    close: close ? (key) => defer(() => from(close(key))) : undefined,
    revoked: source.revoked,
  };
}
