/**
 * Listen keys (L1-L4, spec 3.1): valid for 60 minutes from creation or the last keepalive, at most
 * 60 valid keys per uid, closed by DELETE. Expiry is computed from the clock, so moving the clock
 * past `expiresAt` expires a key with no timer.
 *
 * @module
 */
import { SIM_CODES, SimError } from './errors.js';
import { newListenKey } from './ids.js';
import type { ListenKeyRecord, World } from './state.js';

function isValid(record: ListenKeyRecord, now: number): boolean {
  return !record.closed && now < record.expiresAt;
}

function invalid(): SimError {
  return new SimError(SIM_CODES.listenKeyInvalid, 'listen key information error');
}

function announce(world: World, record: ListenKeyRecord, action: 'created' | 'extended' | 'closed', now: number): void {
  world.events.next({ type: 'listenKey', action, key: record.key, uid: record.uid, expiresAt: record.expiresAt, time: now });
}

/**
 * The valid listen keys of `uid`, oldest first.
 *
 * @example
 * ```ts
 * validListenKeys(world, uid, clock.now()).map((k) => k.key);
 * ```
 */
export function validListenKeys(world: World, uid: string, now: number): readonly ListenKeyRecord[] {
  return [...world.listenKeys.values()].filter((k) => k.uid === uid && isValid(k, now));
}

/**
 * Creates a listen key for `uid`; refused when `uid` already holds the most valid keys (60).
 *
 * @example
 * ```ts
 * const { key } = createListenKey(world, uid, clock.now());
 * ```
 */
export function createListenKey(world: World, uid: string, now: number): ListenKeyRecord {
  const limit = world.limits.listenKeysPerUid;
  if (validListenKeys(world, uid, now).length >= limit) {
    throw new SimError(SIM_CODES.listenKeyLimit, `at most ${limit} valid listen keys per uid`);
  }
  for (const [key, record] of world.listenKeys) if (!isValid(record, now)) world.listenKeys.delete(key);
  const record: ListenKeyRecord = { key: newListenKey(), uid, createTime: now, expiresAt: now + world.limits.listenKeyValidityMs, closed: false };
  world.listenKeys.set(record.key, record);
  announce(world, record, 'created', now);
  return record;
}

function ownValid(world: World, uid: string, key: string, now: number): ListenKeyRecord {
  const record = world.listenKeys.get(key);
  if (!record || record.uid !== uid || !isValid(record, now)) throw invalid();
  return record;
}

/**
 * Extends a valid key of `uid` to 60 minutes from now; 730708 when unknown, expired or closed.
 *
 * @example
 * ```ts
 * keepAliveListenKey(world, uid, key, clock.now());
 * ```
 */
export function keepAliveListenKey(world: World, uid: string, key: string, now: number): ListenKeyRecord {
  const record = ownValid(world, uid, key, now);
  record.expiresAt = now + world.limits.listenKeyValidityMs;
  announce(world, record, 'extended', now);
  return record;
}

/**
 * Closes a valid key of `uid`; 730708 when unknown, expired or closed.
 *
 * @example
 * ```ts
 * closeListenKey(world, uid, key, clock.now());
 * ```
 */
export function closeListenKey(world: World, uid: string, key: string, now: number): ListenKeyRecord {
  const record = ownValid(world, uid, key, now);
  record.closed = true;
  announce(world, record, 'closed', now);
  return record;
}

/**
 * The uid a listen key belongs to while it is valid, else `undefined` (for the websocket half).
 *
 * @example
 * ```ts
 * if (listenKeyOwner(world, key, clock.now()) === undefined) socket.send('Invalid listen key');
 * ```
 */
export function listenKeyOwner(world: World, key: string, now: number): string | undefined {
  const record = world.listenKeys.get(key);
  return record && isValid(record, now) ? record.uid : undefined;
}
