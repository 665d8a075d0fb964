/**
 * The client group of the root entry: one client per API key, how it sends, signs and retries, and
 * the request budget clients can share. For everyone.
 * Re-exported by name from `src/index.ts` (docs/architecture.md, "The public surface").
 *
 * @module
 */
export { createClient, DEFAULT_BASE_URL, DEFAULT_WS_URL, type ClientConfig } from '../client/create-client.js';
export type { CallOptions, Client, ClientCloseResult } from '../client/types.js';
export type { Redactor } from '../redact.js';
export type { RetryOptions } from '../http/retry-policy.js';
export { createRequestBudget } from '../budget/request-budget.js';
export type { BudgetRequest, BudgetTicket, RequestBudget } from '../budget/types.js';
export type { BudgetSettings, EndpointLimits, RequestBudgetOptions } from '../budget/options.js';
export type { BudgetLaneState, BudgetSnapshot } from '../budget/state.js';
export type { Pause, Refusal } from '../budget/policy.js';
export type { FetchLike, HttpTransport } from '../http/transport.js';
export { hmacSha256Signer, type Signer } from '../http/sign.js';
