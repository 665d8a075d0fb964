/**
 * A listen-key source over a client's REST calls that remembers the closes it started, so the
 * `stream` command can wait for the key's DELETE to reach the service before the process ends
 * (the stream closes its key after its last subscriber has left, on purpose).
 *
 * @module
 */
import { from, lastValueFrom, tap } from 'rxjs';
import type { Client } from '../client/types.js';
import { clientListenKeySource, type ListenKeySource } from '../stream/listen-key-source.js';

/** What happened to the keys of a stream. */
export type KeysOutcome = 'none-created' | 'closed' | 'close-failed' | 'close-pending';

/** A tracked source and the way to wait for its closes. */
export interface TrackedKeys {
  /** Give this to `userDataStream`. */
  readonly source: Required<Omit<ListenKeySource, 'revoked'>>;
  /** Waits (at most `timeoutMs`) for every close started so far. */
  settle(timeoutMs: number): Promise<KeysOutcome>;
}

/**
 * Tracks the listen keys `client` creates and closes for a stream.
 *
 * @example
 * ```ts
 * const keys = trackListenKeys(client);
 * const subscription = userDataStream(keys.source, { wsUrl: client.wsUrl }).subscribe(console.log);
 * subscription.unsubscribe();
 * await keys.settle(5000); // 'closed' once the DELETE was answered
 * ```
 */
export function trackListenKeys(client: Client): TrackedKeys {
  const base = clientListenKeySource(client);
  const closes: Promise<boolean>[] = [];
  let created = 0;
  return {
    source: {
      create: () => from(base.create()).pipe(tap(() => created++)),
      keepAlive: (key) => base.keepAlive(key),
      close: (key) => {
        const done = lastValueFrom(from(base.close(key)), { defaultValue: undefined }).then(
          () => true,
          () => false,
        );
        closes.push(done);
        return done;
      },
    },
    async settle(timeoutMs) {
      if (created === 0) return 'none-created';
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timeout = new Promise<'close-pending'>((resolve) => (timer = setTimeout(() => resolve('close-pending'), timeoutMs)));
      const all = Promise.all(closes).then((results): KeysOutcome => (results.length > 0 && results.every(Boolean) ? 'closed' : 'close-failed'));
      try {
        return await Promise.race([all, timeout]);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
