/**
 * Identifiers the simulator hands out: API keys, secrets, listen keys, transfer and withdrawal ids.
 *
 * @module
 */
import { randomBytes } from 'node:crypto';

/**
 * `bytes` random bytes as lowercase hex.
 *
 * @example
 * ```ts
 * randomHex(16).length; // 32
 * ```
 */
export function randomHex(bytes: number): string {
  return randomBytes(bytes).toString('hex');
}

/**
 * A new public API key, shaped like the service's (`mx0v` and 30 more characters).
 *
 * @example
 * ```ts
 * newApiKey().startsWith('mx0v'); // true
 * ```
 */
export function newApiKey(): string {
  return `mx0v${randomHex(15)}`;
}

/**
 * A new secret key: 32 hex digits.
 *
 * @example
 * ```ts
 * newSecretKey(); // e.g. '45d0b3c26f2644f19bfb98b07741b2f5'
 * ```
 */
export function newSecretKey(): string {
  return randomHex(16);
}

/**
 * A new listen key: 64 hex digits.
 *
 * @example
 * ```ts
 * newListenKey().length; // 64
 * ```
 */
export function newListenKey(): string {
  return randomHex(32);
}
