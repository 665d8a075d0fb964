/**
 * Rows B1 and B13 of the endpoint table: the broker's universal transfers and their history
 * (spec 4.2). B1 sends everything in the signed query string; B13 a JSON body (docs/service.md).
 *
 * @module
 */
import { brokerTransferHistoryDecoder, transferReceiptDecoder } from '../codecs/transfer.js';
import { defineEndpoint } from './endpoint.js';
import { transferFields, transferHistoryFields, transferHistoryPaging, type TransferHistoryParams, type TransferParams } from './shared-fields.js';

/** Parameters of B1 {@link brokerListUniversalTransfers}. */
export type BrokerListUniversalTransfersParams = TransferHistoryParams;

/** Parameters of B13 {@link brokerUniversalTransfer}. */
export type BrokerUniversalTransferParams = TransferParams;

const broker = { group: 'broker', audience: 'broker', weight: undefined } as const;

/** B1: the broker's universal transfer history. */
export const B1 = /* @__PURE__ */ defineEndpoint<BrokerListUniversalTransfersParams>()(broker, {
  id: 'B1',
  name: 'brokerListUniversalTransfers',
  summary: 'Universal transfer history (broker)',
  method: 'GET',
  path: '/api/v3/broker/sub-account/universalTransfer',
  permission: 'SPOT_TRANSFER_READ',
  permissionChoice: undefined,
  params: transferHistoryFields,
  paging: transferHistoryPaging,
  response: brokerTransferHistoryDecoder,
});

/** B13: broker universal transfer. */
export const B13 = /* @__PURE__ */ defineEndpoint<BrokerUniversalTransferParams>()(broker, {
  id: 'B13',
  name: 'brokerUniversalTransfer',
  summary: 'Broker universal transfer',
  method: 'POST',
  path: '/api/v3/broker/sub-account/universalTransfer',
  permission: 'SPOT_TRANSFER_READ',
  permissionChoice: undefined,
  movesMoney: true,
  params: transferFields,
  response: transferReceiptDecoder,
});
