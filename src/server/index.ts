/**
 * `mexc-rx/server`: what a server process running the library's streams offers its operators.
 * Node-only; the library never imports it.
 *
 * @module
 */
export { createHealthHandler, type HealthHandler, type LivenessBody } from './health/health-handler.js';
export type { HealthHandlerOptions, HealthSource } from './health/health-options.js';
export type { ReadinessBody, UnhealthyAccount } from './health/readiness.js';
