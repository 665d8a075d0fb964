/**
 * Rows B1 and B13 of the endpoint table: the broker's universal transfers and their history
 * (spec 4.2). B1 sends everything in the signed query string; B13 a JSON body (docs/service.md).
 *
 * @module
 */
import { brokerTransferHistoryDecoder, transferReceiptDecoder } from '../codecs/transfer.js';
import { optional, required } from '../params/field.js';
import { accountType, clientTranId, nonEmptyText, pageNumber, pageSize, positiveDecimal, type AccountType } from '../params/fields.js';
import { timeRange } from './broker-capital.js';
import { defineEndpoint } from './endpoint.js';

/** Parameters of B1 {@link brokerListUniversalTransfers}. */
export interface BrokerListUniversalTransfersParams {
  readonly clientTranId?: string;
  readonly fromAccount?: string;
  readonly toAccount?: string;
  readonly fromAccountType: AccountType;
  readonly toAccountType: AccountType;
  /** Earliest time, epoch ms. */
  readonly startTime?: number;
  /** Latest time, epoch ms. */
  readonly endTime?: number;
  /** Page number, from 1 (default 1). */
  readonly page?: number;
  /** Page size, 1 to 500 (default 500). */
  readonly limit?: number;
}

/** Parameters of B13 {@link brokerUniversalTransfer}. */
export interface BrokerUniversalTransferParams {
  /** Your id for the transfer, 32 letters and digits: the key to find it again after a failure. */
  readonly clientTranId?: string;
  readonly fromAccount?: string;
  readonly toAccount?: string;
  readonly fromAccountType: AccountType;
  readonly toAccountType: AccountType;
  readonly asset: string;
  /** Quantity as a positive decimal string. */
  readonly amount: string;
}

const transferParties = {
  clientTranId: optional(clientTranId, 'your transfer id'),
  fromAccount: optional(nonEmptyText, 'source sub-account (master when omitted)'),
  toAccount: optional(nonEmptyText, 'destination sub-account (master when omitted)'),
  fromAccountType: required(accountType, 'source account type'),
  toAccountType: required(accountType, 'destination account type'),
} as const;

const broker = { group: 'broker', audience: 'broker', weight: undefined } as const;

/** B1: the broker's universal transfer history. */
export const B1 = defineEndpoint<BrokerListUniversalTransfersParams>()({
  ...broker,
  id: 'B1',
  name: 'brokerListUniversalTransfers',
  summary: 'Universal transfer history (broker)',
  method: 'GET',
  path: '/api/v3/broker/sub-account/universalTransfer',
  permission: 'SPOT_TRANSFER_READ',
  permissionChoice: undefined,
  params: {
    ...transferParties,
    ...timeRange,
    page: optional(pageNumber, 'page number (default 1)'),
    limit: optional(pageSize(500), 'page size (default 500, max 500)'),
  },
  paging: { page: 'page', size: 'limit', maxSize: 500, defaultSize: 500 },
  response: brokerTransferHistoryDecoder,
});

/** B13: broker universal transfer. */
export const B13 = defineEndpoint<BrokerUniversalTransferParams>()({
  ...broker,
  id: 'B13',
  name: 'brokerUniversalTransfer',
  summary: 'Broker universal transfer',
  method: 'POST',
  path: '/api/v3/broker/sub-account/universalTransfer',
  permission: 'SPOT_TRANSFER_READ',
  permissionChoice: undefined,
  movesMoney: true,
  params: {
    ...transferParties,
    asset: required(nonEmptyText, 'asset name'),
    amount: required(positiveDecimal, 'quantity'),
  },
  response: transferReceiptDecoder,
});
