/**
 * The simulator's error answers: `{code, msg}` bodies with the service's codes (the library's
 * `SERVICE_CODES`, so client and simulator share one table), and the HTTP status each is sent
 * with. Codes marked UNCONFIRMED are the simulator's own choice where no source names the
 * service's code; they are exported by name so tests never hard-code them.
 *
 * @module
 */
import { SERVICE_CODES } from '../service-codes.js';

/**
 * Error codes the simulator answers with: the service's codes under `SERVICE_CODES`' own names
 * (one vocabulary for client and simulator; the listen-key code quoted, as the service sends it),
 * then the codes no table of the service's names, under names of their own.
 */
export const SIM_CODES = {
  /** `X-MEXC-APIKEY` header missing. */
  apiKeyRequired: SERVICE_CODES.apiKeyRequired,
  /** The caller's account may not use the endpoint (wrong account kind). */
  noAuthority: SERVICE_CODES.noAuthority,
  /** Rate budget exceeded. */
  tooManyRequests: SERVICE_CODES.tooManyRequests,
  /** UNCONFIRMED how the service codes it: the IP is banned (HTTP 418) after repeated 429s. */
  ipBanned: 418,
  /** Simulated internal failure (fault injection). */
  internalError: 500,
  /** Unknown route. */
  notFound: 404,
  /** Unknown API key. */
  invalidAccessKey: SERVICE_CODES.invalidAccessKey,
  /** Signature missing its form or not matching. */
  signatureInvalid: SERVICE_CODES.signatureInvalid,
  /** Timestamp outside the receive window. */
  timestampOutsideWindow: SERVICE_CODES.timestampOutsideWindow,
  /** A parameter is missing, malformed or not allowed. */
  parameterInvalid: SERVICE_CODES.parameterInvalid,
  /** `recvWindow` above 60000. */
  recvWindowTooLarge: SERVICE_CODES.recvWindowTooLarge,
  /** Caller's IP not on the key's whitelist. */
  ipNotWhitelisted: SERVICE_CODES.ipNotWhitelisted,
  /**
   * The key lacks the endpoint's permission; also (UNCONFIRMED how the service words it) a key
   * asked (M3, B5) to grant a permission it does not hold itself.
   */
  noPermission: SERVICE_CODES.noPermission,
  /** Sub-account name taken. */
  nameTaken: SERVICE_CODES.nameTaken,
  /** Sub-account name missing. */
  nameMissing: SERVICE_CODES.nameMissing,
  /** Sub-account name breaks the 8-32 letters-and-digits rule. */
  nameInvalid: SERVICE_CODES.nameInvalid,
  /** Note missing. */
  noteMissing: SERVICE_CODES.noteMissing,
  /** Unknown permission name. */
  permissionUnknown: SERVICE_CODES.permissionUnknown,
  /** Too many API keys on one sub-account (30). */
  tooManyApiKeys: SERVICE_CODES.tooManyApiKeys,
  /** API key does not exist (on that sub-account). */
  apiKeyUnknown: SERVICE_CODES.apiKeyUnknown,
  /** Listen key unknown or expired; the service sends this code quoted. */
  listenKeyInvalid: String(SERVICE_CODES.listenKeyInvalid),
  /** Sub-account does not exist (for this caller). */
  subAccountMissing: SERVICE_CODES.subAccountMissing,
  /** Sub-account is frozen. */
  subAccountForbidden: SERVICE_CODES.subAccountForbidden,
  /** Insufficient balance (the service's 10101). */
  insufficientBalance: 10101,
  /** Transfer between these accounts/types not supported (same account and type; the service's 10103). */
  transferNotSupported: 10103,
  /** UNCONFIRMED: a withdrawal's fund password is missing or does not match the one set (B2), or one is sent where none was set. */
  fundPasswordInvalid: 10230,
  /** UNCONFIRMED: clientTranId already used by this caller. */
  duplicateClientTranId: 10200,
  /** UNCONFIRMED: a master account already holds the most sub-accounts it may (30). */
  subAccountLimit: 730100,
  /** UNCONFIRMED: 60 valid listen keys already exist for the uid. */
  listenKeyLimit: 730709,
} as const;

/** One of the codes above. */
export type SimCode = (typeof SIM_CODES)[keyof typeof SIM_CODES];

/** An error answer: thrown anywhere below the router, turned into `{code, msg}` there. */
export class SimError extends Error {
  override readonly name = 'SimError';
  /** Service code, as sent. */
  readonly code: number | string;
  /** HTTP status to send. */
  readonly status: number;

  constructor(code: number | string, msg: string, status = 400) {
    super(msg);
    this.code = code;
    this.status = status;
  }
}

/**
 * Throws a {@link SimError} with status 400 unless `condition` holds.
 *
 * @example
 * ```ts
 * ensure(balance >= amount, SIM_CODES.insufficientBalance, 'Insufficient balance');
 * ```
 */
export function ensure(condition: boolean, code: number | string, msg: string, status = 400): asserts condition {
  if (!condition) throw new SimError(code, msg, status);
}

/**
 * The sub-account-does-not-exist error, naming the sub-account.
 *
 * @example
 * ```ts
 * throw unknownSubAccount('nobody123');
 * ```
 */
export function unknownSubAccount(name: string): SimError {
  return new SimError(SIM_CODES.subAccountMissing, `sub-account does not exist: ${name}`);
}
