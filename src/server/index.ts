/**
 * `mexc-rx/server`: what a page's backend serves (Node, Deno, Bun; WHATWG `Request` and
 * `Response`): {@link createListenKeyBroker}, a page's listen keys and account reads with the
 * secret kept on the server; {@link createHealthHandler}, the liveness and readiness probes of a
 * process running the library's streams, for its operators. Every handler here has one shape:
 * `fetch(request)`, `node(req, res, next?)` and `close()`. The package root never imports this entry.
 *
 * @module
 */
export { createListenKeyBroker, type ListenKeyBroker } from './listen-key-broker.js';
export type { Authorize, ListenKeyBrokerOptions } from './broker-settings.js';
export type { HttpHandler } from './http-handler.js';
export type { NextHandler, NodeHandler, NodeRequest, NodeResponse } from './node-adapter.js';
export {
  BROKER_REFUSALS,
  type BalancesAnswer,
  type BrokerRefusal,
  type BrokerRefusalCode,
  type CreatedListenKey,
  type ListenKeyBody,
  type OpenOrdersAnswer,
} from '../remote/protocol.js';
export { createHealthHandler, type HealthHandler, type LivenessBody } from './health/health-handler.js';
export type { HealthHandlerOptions, HealthSource } from './health/health-options.js';
export type { ReadinessBody, UnhealthyAccount } from './health/readiness.js';
