/**
 * Response shapes of the service, built from the simulator's records (spec section 2, docs/service.md).
 *
 * @module
 */
import { formatDecimal } from '../../decimal/fixed.js';
import type { ApiKeyRecord, DepositRecordState, TransferRecord, World } from '../state.js';

/**
 * A listed API key (M4, B6): `apiKey`, `creatTime` as the service spells them.
 *
 * @example
 * ```ts
 * { subAccount: keys.map(listedKey) }
 * ```
 */
export function listedKey(k: ApiKeyRecord): Record<string, unknown> {
  return { note: k.note, apiKey: k.apiKey, permissions: k.permissions.join(','), ip: k.ip.join(','), creatTime: k.createTime };
}

/**
 * A transfer record (M7, B1, spec 2.3); parties are printed by account name.
 *
 * @example
 * ```ts
 * history.map((t) => transferShape(world, t));
 * ```
 */
export function transferShape(world: World, t: TransferRecord): Record<string, unknown> {
  const name = (uid: string): string => world.accounts.get(uid)?.name ?? uid;
  return {
    tranId: t.tranId,
    fromAccount: name(t.fromUid),
    toAccount: name(t.toUid),
    clientTranId: t.clientTranId ?? '',
    asset: t.asset,
    amount: formatDecimal(t.amount),
    fromAccountType: t.fromAccountType,
    toAccountType: t.toAccountType,
    status: t.status,
    timestamp: t.timestamp,
  };
}

/**
 * A deposit record (B10, spec 2.8); B11 leaves out `addressTag`.
 *
 * @example
 * ```ts
 * deposits.map((d) => depositShape(d, true));
 * ```
 */
export function depositShape(d: DepositRecordState, withAddressTag: boolean): Record<string, unknown> {
  return {
    amount: formatDecimal(d.amount),
    coin: d.coin,
    network: d.network,
    status: d.status,
    address: d.address,
    ...(withAddressTag ? { addressTag: d.addressTag } : {}),
    txId: d.txId,
    unlockConfirm: String(d.unlockConfirm),
    confirmTimes: d.confirmTimes,
  };
}
