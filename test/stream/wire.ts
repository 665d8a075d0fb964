/**
 * Builders of raw protobuf frames for the tests, straight from the generated schema, so a test can
 * put any value (an unknown code, a bad decimal) into any field.
 */
import { create, toBinary, type MessageInitShape } from '@bufbuild/protobuf';
import {
  PushDataV3ApiWrapperSchema,
  type PrivateAccountV3Api,
  type PrivateDealsV3Api,
  type PrivateOrdersV3Api,
} from '../../src/gen/mexc/push_data_v3_pb.js';

type Fields<M> = Omit<M, '$typeName' | '$unknown'>;
export type AccountFields = Fields<PrivateAccountV3Api>;
export type DealFields = Fields<PrivateDealsV3Api>;
export type OrderFields = Fields<PrivateOrdersV3Api>;

/** Envelope fields a test may override (`undefined` leaves an optional field out). */
export interface Envelope {
  readonly channel?: string;
  readonly symbol?: string | undefined;
  readonly symbolId?: string | undefined;
  readonly createTime?: bigint | undefined;
  readonly sendTime?: bigint | undefined;
}

/** A valid account body (the documented example). */
export const accountBody: AccountFields = {
  vcoinName: 'USDT',
  coinId: '128f589271cb4951b03e71e6323eb7be',
  balanceAmount: '21.94210356004384',
  balanceAmountChange: '10',
  frozenAmount: '0',
  frozenAmountChange: '0',
  type: 'CONTRACT_TRANSFER',
  time: 1736416910000n,
};

/** A valid deal body (the documented example: no client id, not maker). */
export const dealBody: DealFields = {
  price: '1.6',
  quantity: '5',
  amount: '8',
  tradeType: 2,
  isMaker: false,
  isSelfTrade: false,
  tradeId: '505979017439002624X1',
  clientOrderId: '',
  orderId: 'C02__505979017439002624115',
  feeAmount: '0.0003998',
  feeCurrency: 'USDT',
  time: 1736417034280n,
};

/** A valid order body (the documented example: no client id, not maker). */
export const orderBody: OrderFields = {
  id: 'C02__505979017439002624115',
  clientId: '',
  price: '3.5121',
  quantity: '1',
  amount: '0',
  avgPrice: '3.6962',
  orderType: 1,
  tradeType: 1,
  isMaker: false,
  remainAmount: '0',
  remainQuantity: '0',
  lastDealQuantity: '1',
  cumulativeQuantity: '1',
  cumulativeAmount: '3.6962',
  status: 2,
  createTime: 1736417034280n,
};

/** Encodes a wrapper. */
export function frame(init: MessageInitShape<typeof PushDataV3ApiWrapperSchema>): Uint8Array {
  return toBinary(PushDataV3ApiWrapperSchema, create(PushDataV3ApiWrapperSchema, init));
}

/** An account frame with body and envelope fields overridden. */
export function accountFrame(body: Partial<AccountFields> = {}, envelope: Envelope = {}): Uint8Array {
  return frame({
    channel: 'spot@private.account.v3.api.pb',
    createTime: 1736417034305n,
    sendTime: 1736417034307n,
    ...envelope,
    body: { case: 'privateAccount', value: { ...accountBody, ...body } },
  });
}

/** A deal frame with body and envelope fields overridden. */
export function dealFrame(body: Partial<DealFields> = {}, envelope: Envelope = {}): Uint8Array {
  return frame({
    channel: 'spot@private.deals.v3.api.pb',
    symbol: 'MXUSDT',
    sendTime: 1736417034332n,
    ...envelope,
    body: { case: 'privateDeals', value: { ...dealBody, ...body } },
  });
}

/** An order frame with body and envelope fields overridden. */
export function orderFrame(body: Partial<OrderFields> = {}, envelope: Envelope = {}): Uint8Array {
  return frame({
    channel: 'spot@private.orders.v3.api.pb',
    symbol: 'MXUSDT',
    sendTime: 1736417034332n,
    ...envelope,
    body: { case: 'privateOrders', value: { ...orderBody, ...body } },
  });
}
