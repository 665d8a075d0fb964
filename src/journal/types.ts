/**
 * The journal's words: what is recorded of an intent (a transfer or a withdrawal to carry out once,
 * under the caller's own key), and the small interface a store implements to hold it. The memory
 * journal, the file journal (`mexc-rx/journal`) and a user's own database all implement
 * {@link TransferJournal}.
 *
 * @module
 */

/** The operations a journal carries out once: M6 and B13 (universal transfers), B12 (withdrawals). */
export type JournalOperation = 'M6' | 'B13' | 'B12';

/**
 * Where an intent stands:
 * - `sending`: recorded before its request left; the request may or may not have reached the
 *   service (its outcome is unknown until it is settled);
 * - `settled`: carried out, with its result;
 * - `refused`: the service (or the parameter check) turned it down: nothing moved, so a later call
 *   with the same key sends it again.
 */
export type JournalState = 'sending' | 'settled' | 'refused';

/** How a settled intent's result was learnt. */
export type ConfirmedBy = 'response' | 'history' | 'operator';

/** What a journal holds of one intent: its latest entry. */
export interface JournalEntry {
  /** The caller's idempotency key, e.g. `payout-2026-12-06-client0042`. */
  readonly key: string;
  readonly operation: JournalOperation;
  /**
   * The parameters as sent, as wire text (for transfers with the `clientTranId` they carry). Never
   * a secret: a fund password is left out.
   */
  readonly params: Readonly<Record<string, string>>;
  readonly state: JournalState;
  /** Times a request was recorded as about to leave (1 for the first send). */
  readonly sends: number;
  /**
   * The latest send's timestamp, epoch ms by the client's clock: recorded after the request budget
   * let it through and before it was signed, so it is the request's own.
   */
  readonly sentAt: number;
  /**
   * The receive window the latest send was signed with, ms: until `sentAt` plus this has passed, the
   * service may still accept it. Left out by entries never sent and by older journals (read as the
   * longest window, 60000).
   */
  readonly recvWindow?: number | undefined;
  /** The transfer's `tranId` or the withdrawal's id, when settled. */
  readonly resultId?: string | undefined;
  /** How the result was learnt, when settled. */
  readonly confirmedBy?: ConfirmedBy | undefined;
  /** Why it was refused: the error's name and message (never a secret), when refused. */
  readonly refusal?: string | undefined;
  /** When the entry was settled or refused, epoch ms. */
  readonly settledAt?: number | undefined;
}

/** An entry with its version: how many times its key was written (1 after the first write). */
export interface JournalRead {
  readonly entry: JournalEntry;
  readonly version: number;
}

/**
 * A store of intents, one latest entry per key. Small on purpose, so that a user can back it with
 * their own database: a row per key with a version column, written with
 * `UPDATE ... WHERE version = ?` (or `INSERT` for version 0).
 *
 * The contract: `write` is durable when its promise resolves (the request is sent only then), and
 * compare-and-set on the version, so two writers never both take one intent.
 */
export interface TransferJournal {
  /** The latest entry of `key` with its version, or `undefined` when the key was never written. */
  read(key: string): Promise<JournalRead | undefined>;
  /**
   * Writes `entry` as the latest of its key, durably, if the key's version is still `version` (0:
   * never written). Resolves the new version, or `undefined` (nothing written) when another writer
   * changed the key first.
   */
  write(entry: JournalEntry, version: number): Promise<number | undefined>;
  /** Every key's latest entry, in the order the keys were first written. */
  entries(): Promise<readonly JournalRead[]>;
}
