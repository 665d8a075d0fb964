/**
 * Parameters several rows share, written once: the parties of a universal transfer (M6, M7, B1,
 * B13 name them alike), a transfer's asset and amount, the history's time range and pages.
 *
 * @module
 */
import { optional, required } from '../params/field.js';
import { accountType, clientTranId, epochMillis, nonEmptyText, pageNumber, pageSize, positiveDecimal, type AccountType } from '../params/fields.js';

/** Who a universal transfer moves between, as every transfer operation names them. */
export interface TransferParties {
  /** Your id for the transfer, 32 letters and digits: the key to find it again after a failure. */
  readonly clientTranId?: string;
  /** Source sub-account; the master (or broker) account when left out. */
  readonly fromAccount?: string;
  /** Destination sub-account; the master (or broker) account when left out. */
  readonly toAccount?: string;
  readonly fromAccountType: AccountType;
  readonly toAccountType: AccountType;
}

/** Parameters of a universal transfer: M6 `universalTransfer` and B13 `brokerUniversalTransfer`. */
export interface TransferParams extends TransferParties {
  readonly asset: string;
  /** Quantity as a positive decimal string. */
  readonly amount: string;
}

/** A filter and page of the universal transfer history: M7 `listUniversalTransfers` and B1 `brokerListUniversalTransfers`. */
export interface TransferHistoryParams extends TransferParties {
  /** Earliest transfer time, epoch ms. */
  readonly startTime?: number;
  /** Latest transfer time, epoch ms. */
  readonly endTime?: number;
  /** Page number, from 1 (default 1). */
  readonly page?: number;
  /** Page size, 1 to 500 (default 500). */
  readonly limit?: number;
}

/** A time range filter, epoch ms (M7, B1, B10, B11, B15). */
export const timeRange = {
  startTime: /* @__PURE__ */ optional(epochMillis, 'earliest time, epoch ms'),
  endTime: /* @__PURE__ */ optional(epochMillis, 'latest time, epoch ms'),
} as const;

const transferParties = {
  clientTranId: /* @__PURE__ */ optional(clientTranId, 'your transfer id'),
  fromAccount: /* @__PURE__ */ optional(nonEmptyText, 'source sub-account (master when omitted)'),
  toAccount: /* @__PURE__ */ optional(nonEmptyText, 'destination sub-account (master when omitted)'),
  fromAccountType: /* @__PURE__ */ required(accountType, 'source account type'),
  toAccountType: /* @__PURE__ */ required(accountType, 'destination account type'),
} as const;

/** The parameters of M6 and B13. */
export const transferFields = {
  ...transferParties,
  asset: /* @__PURE__ */ required(nonEmptyText, 'asset name'),
  amount: /* @__PURE__ */ required(positiveDecimal, 'quantity'),
} as const;

/** The parameters of M7 and B1. */
export const transferHistoryFields = {
  ...transferParties,
  ...timeRange,
  page: /* @__PURE__ */ optional(pageNumber, 'page number (default 1)'),
  limit: /* @__PURE__ */ optional(/* @__PURE__ */ pageSize(500), 'page size (default 500, max 500)'),
} as const;

/** How M7 and B1 page. */
export const transferHistoryPaging = { page: 'page', size: 'limit', maxSize: 500, defaultSize: 500 } as const;
