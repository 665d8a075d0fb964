/**
 * The listen keys the backend hands to the page. It makes them with the sub-account's own client
 * (L1, signed here with the secret the page never sees), and keeps alive (L3) or closes (L4) only
 * keys it issued itself.
 */
import { firstValueFrom } from 'rxjs';
import { closeListenKey, createListenKey, keepAliveListenKey, type Client } from '../../src/index.js';

/** The backend's listen-key service. */
export interface ListenKeyService {
  /** Creates a key for the sub-account. */
  create(): Promise<string>;
  /** Extends an issued key; `false` when the key was not issued here (or is already closed). */
  keepAlive(listenKey: string): Promise<boolean>;
  /** Closes an issued key; `false` when the key was not issued here (or is already closed). */
  close(listenKey: string): Promise<boolean>;
  /** Keys issued and not closed yet. */
  open(): readonly string[];
}

/**
 * A listen-key service for the account of `trader`.
 *
 * @example
 * ```ts
 * const keys = listenKeyService(account.trader);
 * const key = await keys.create();
 * await keys.close(key); // true
 * ```
 */
export function listenKeyService(trader: Client): ListenKeyService {
  const issued = new Set<string>();
  return {
    async create() {
      const { listenKey } = await firstValueFrom(createListenKey(trader));
      issued.add(listenKey);
      return listenKey;
    },
    async keepAlive(listenKey) {
      if (!issued.has(listenKey)) return false;
      await firstValueFrom(keepAliveListenKey(trader, { listenKey }));
      return true;
    },
    async close(listenKey) {
      if (!issued.has(listenKey)) return false;
      issued.delete(listenKey);
      await firstValueFrom(closeListenKey(trader, { listenKey }));
      return true;
    },
    open: () => [...issued],
  };
}
