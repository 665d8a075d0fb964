/**
 * The account push (`privateAccount`, spec 6.1) -> {@link AccountEvent}: every field's rule,
 * written once for protobuf and JSON frames alike.
 *
 * @module
 */
import type { PrivateAccountV3Api } from '../gen/mexc/push_data_v3_pb.js';
import type { PrivateChannel } from './channels.js';
import type { AccountEvent } from './events.js';
import {
  epochMillis,
  nonEmptyText,
  optionalEpochMillis,
  type Refusal,
  signedDecimal,
  type EnvelopeFields,
  type WireFields,
} from './field-rules.js';

/** The account body's fields as the wire gives them. */
export type AccountFields = WireFields<PrivateAccountV3Api>;

/**
 * Checks an account push field by field and builds the event, or returns the first field that
 * breaks its rule. `balanceAmount` is the available balance, not the total (docs/service.md).
 * Both balances are signed decimal text, like the changes: the service has sent a negative
 * `frozenAmount`, and its update must reach the user rather than be dropped for a rule of ours.
 *
 * @example
 * ```ts
 * const result = normalizeAccount('spot@private.account.v3.api', frame, frame.privateAccount);
 * if (isRefusal(result)) report(result.path);
 * ```
 */
export function normalizeAccount(channel: PrivateChannel, envelope: EnvelopeFields, b: AccountFields): AccountEvent | Refusal {
  const sendTime = epochMillis(envelope.sendTime, 'sendTime');
  if (typeof sendTime === 'object') return sendTime;
  const createTime = optionalEpochMillis(envelope.createTime, 'createTime');
  if (typeof createTime === 'object') return createTime;
  const asset = nonEmptyText(b.vcoinName, 'privateAccount.vcoinName');
  if (typeof asset === 'object') return asset;
  const coinId = nonEmptyText(b.coinId, 'privateAccount.coinId');
  if (typeof coinId === 'object') return coinId;
  const free = signedDecimal(b.balanceAmount, 'privateAccount.balanceAmount');
  if (typeof free === 'object') return free;
  const freeChange = signedDecimal(b.balanceAmountChange, 'privateAccount.balanceAmountChange');
  if (typeof freeChange === 'object') return freeChange;
  const frozen = signedDecimal(b.frozenAmount, 'privateAccount.frozenAmount');
  if (typeof frozen === 'object') return frozen;
  const frozenChange = signedDecimal(b.frozenAmountChange, 'privateAccount.frozenAmountChange');
  if (typeof frozenChange === 'object') return frozenChange;
  const changeType = nonEmptyText(b.type, 'privateAccount.type');
  if (typeof changeType === 'object') return changeType;
  const time = epochMillis(b.time, 'privateAccount.time');
  if (typeof time === 'object') return time;
  return { type: 'account', channel, asset, coinId, free, freeChange, frozen, frozenChange, changeType, time, sendTime, createTime };
}
