/**
 * Runs one row of the endpoint table as a cold Observable: validate, then for each attempt wait for
 * the request budget, stamp, await the call's `beforeSend`, sign, send, interpret; retry idempotent calls; turn unclear failures
 * of money-moving calls into UnknownOutcomeError. Unsubscribing aborts the request in flight (or
 * leaves the budget's queue, with nothing sent).
 *
 * @module
 */
import { defer, Observable, retry, throwError, timer } from 'rxjs';
import type { SchedulerLike } from 'rxjs';
import { refusalOf } from '../budget/policy.js';
import type { RequestBudget } from '../budget/types.js';
import { throughBudget, type BudgetWatch } from '../budget/through-budget.js';
import type { CallOptions } from './call-options.js';
import { endpointTarget as targetOf, paramFields, type AnyEndpoint, type Endpoint } from '../endpoints/endpoint.js';
import {
  ApiError,
  DecodeError,
  HttpError,
  UnknownOutcomeError,
  ValidationError,
  type NetworkError,
  type RequestTarget,
  type TimeoutError,
  type ValidationIssue,
} from '../errors.js';
import { encodeParams, type EncodedParams } from '../params/validate.js';
import { REDACTED, redactor, type Redactor } from '../redact.js';
import { checkSettings } from '../settings/resolve.js';
import { buildRequest, toQueryString } from './request.js';
import { CALL_SETTINGS } from './request-settings.js';
import { interpretResponse } from './response.js';
import { isUnclearFailure, retryDelay, type ResolvedRetryOptions } from './retry-policy.js';
import type { ClientMetrics } from '../metrics/client-metrics.js';
import { outcomeOf, type RequestOutcome } from '../metrics/outcome.js';
import { AbortedByCaller, send } from './send.js';
import type { Signer } from './sign.js';
import type { FetchLike, HttpTransport } from './transport.js';

/** Everything an attempt needs, fixed when the client is made. */
export interface ExecutorSettings {
  readonly baseUrl: string;
  readonly apiKey: string | undefined;
  readonly sign: Signer | undefined;
  readonly recvWindow: number;
  readonly timeout: number;
  readonly signBody: boolean;
  readonly fetch: FetchLike | undefined;
  readonly transport: HttpTransport;
  readonly clock: () => number;
  readonly scheduler: SchedulerLike;
  readonly retry: ResolvedRetryOptions;
  readonly random: () => number;
  readonly redact: Redactor;
  /** The request budget every attempt waits for (with `spread` false, only for the service's pauses). */
  readonly budget: RequestBudget;
  /** The account the budget counts this client's calls under. */
  readonly budgetAccount: string;
  /** Where requests, budget waits and pauses are recorded, or `undefined` for nowhere. */
  readonly metrics: ClientMetrics | undefined;
}

/** A call's settings, checked as a factory's are (a name that is none refused too), under the row's operation id. */
function callSettingsError(row: AnyEndpoint, options: CallOptions | undefined): ValidationError | undefined {
  const issues: ValidationIssue[] = [];
  checkSettings(CALL_SETTINGS, options, issues);
  return issues.length > 0 ? new ValidationError({ operation: row.id, target: targetOf(row), issues }) : undefined;
}

function safeParams(encoded: EncodedParams): Record<string, string> {
  const secret = new Set(encoded.secretNames);
  return Object.fromEntries(encoded.pairs.map(([k, v]) => [k, secret.has(k) ? REDACTED : v]));
}

/**
 * Told of each attempt of one call as it goes out (the request budget let it through): whoever
 * watches a call (the client, to know what its close may give up) learns it was sent.
 */
export interface CallWatch {
  /**
   * An attempt is about to be sent, signed with `sentAt`; `sentParams` gives the parameters as
   * `UnknownOutcomeError` holds them. An error returned fails the attempt with it, nothing sent.
   */
  sending(sentAt: number, sentParams: () => Readonly<Record<string, string>>): Error | undefined;
}

/** A call that passed its checks: what every attempt of it needs. */
interface PreparedCall {
  readonly encoded: EncodedParams;
  readonly sign: Signer;
  readonly apiKey: string;
  readonly redact: Redactor;
  /** What errors name as the call's target (the same for every attempt). */
  readonly target: RequestTarget;
}

/** Checks the call's settings, parameters and credentials: a ValidationError, or what attempts need. */
function prepareCall(row: AnyEndpoint, params: unknown, options: CallOptions | undefined, settings: ExecutorSettings): PreparedCall | ValidationError {
  const invalid = callSettingsError(row, options);
  const target = targetOf(row);
  const encoded = invalid ?? encodeParams(row.id, paramFields(row), params);
  if (encoded instanceof ValidationError) return encoded.target === undefined ? new ValidationError({ operation: row.id, target, issues: encoded.issues }) : encoded;
  if (!settings.sign || settings.apiKey === undefined) {
    return new ValidationError({ operation: row.id, target, issues: [{ field: 'apiKey/secretKey', rule: 'credentials required for signed calls' }] });
  }
  const redact = encoded.secrets.length > 0 ? chain(settings.redact, redactor(encoded.secrets)) : settings.redact;
  return { encoded, sign: settings.sign, apiKey: settings.apiKey, redact, target };
}

/** What a call's `beforeSend` rejected with: the attempt ends with `reason`, nothing sent. */
class HeldBack {
  constructor(readonly reason: unknown) {}
}

/** Awaits a call's `beforeSend` with the attempt's timestamp; its rejection becomes a {@link HeldBack}. */
async function beforeSending(hook: (timestamp: number) => Promise<void> | void, timestamp: number): Promise<void> {
  try {
    await hook(timestamp);
  } catch (error: unknown) {
    throw new HeldBack(error);
  }
}

/** One attempt per subscription: stamp, (await `beforeSend`), sign, send, interpret. Unsubscribing aborts it in flight. */
function attemptOf<R>(row: AnyEndpoint, call: PreparedCall, options: CallOptions | undefined, settings: ExecutorSettings, watch: CallWatch | undefined): Observable<R> {
  const { encoded, sign, apiKey, redact, target } = call;
  return new Observable<R>((subscriber) => {
    const controller = new AbortController();
    const sentAt = settings.clock();
    const refused = watch?.sending(sentAt, () => safeParams(encoded));
    if (refused !== undefined) return subscriber.error(refused);
    let ended: ((outcome: RequestOutcome) => void) | undefined;
    const run = async (): Promise<R> => {
      // Only a call given a hook pays for the wait (most calls are on the hot path with none).
      const hook = options?.beforeSend;
      if (hook !== undefined) {
        await beforeSending(hook, sentAt);
        if (controller.signal.aborted) throw new AbortedByCaller('aborted');
      }
      ended = requestRecorder(row, settings);
      const unsigned = buildRequest(row, encoded.pairs, {
        baseUrl: settings.baseUrl,
        timestamp: sentAt,
        recvWindow: options?.recvWindow ?? settings.recvWindow,
        signBody: settings.signBody,
      });
      const signature = await sign(unsigned.payload);
      const redactSent = chain(redact, redactor([signature]));
      const url = `${unsigned.endpointUrl}?${unsigned.query}${unsigned.query ? '&' : ''}${toQueryString([['signature', signature]])}`;
      const raw = await send(
        {
          method: unsigned.method,
          url,
          body: unsigned.body,
          headers: { 'X-MEXC-APIKEY': apiKey, 'Content-Type': 'application/json' },
        },
        {
          fetch: settings.fetch,
          transport: settings.transport,
          timeoutMs: options?.timeout ?? settings.timeout,
          controller,
          operation: row.id,
          target,
          redact: redactSent,
          now: settings.clock,
        },
      );
      const outcome = interpretResponse(row, target, raw);
      if (!outcome.ok) throw outcome.error instanceof ApiError ? redactApiError(outcome.error, redactSent) : outcome.error;
      return outcome.value as R;
    };
    let settled = false;
    run().then(
      (value) => {
        settled = true;
        ended?.('ok');
        subscriber.next(value);
        subscriber.complete();
      },
      (error: unknown) => {
        settled = true;
        // Held back by `beforeSend`: nothing was sent, so there is no request to record or to doubt.
        if (error instanceof HeldBack) return subscriber.error(error.reason);
        ended?.(outcomeOf(error));
        if (error instanceof AbortedByCaller) return;
        if (row.movesMoney && outcomeUnclear(error)) {
          const sent = safeParams(encoded);
          subscriber.error(new UnknownOutcomeError({ operation: row.id, target, params: sent, clientTranId: sent['clientTranId'], sentAt, cause: error }));
          return;
        }
        subscriber.error(error);
      },
    );
    // Only a request still in flight is aborted: aborting a settled one would only make (and
    // throw away) a DOMException with its stack trace, on every call.
    return () => {
      if (settled) return;
      ended?.('aborted');
      controller.abort();
    };
  });
}

/**
 * Records the request about to go once it ends (the first outcome told; an abort is told before
 * the aborted request's failure), if the client records: its outcome and how long it took.
 */
function requestRecorder(row: AnyEndpoint, settings: ExecutorSettings): ((outcome: RequestOutcome) => void) | undefined {
  const { metrics, scheduler } = settings;
  if (metrics === undefined) return undefined;
  const startedAt = scheduler.now();
  let told = false;
  return (outcome) => {
    if (told) return;
    told = true;
    metrics.request(row.id, outcome, (scheduler.now() - startedAt) / 1000);
  };
}

/** Tells the client's metrics how long each attempt of `row` waited for the budget, and of the pauses. */
function budgetWatch(row: AnyEndpoint, metrics: ClientMetrics, budget: RequestBudget): BudgetWatch {
  const { scheduler } = budget.settings;
  return {
    asking: () => {
      const askedAt = scheduler.now();
      return () => metrics.budgetWaited(row.id, (scheduler.now() - askedAt) / 1000);
    },
    paused: (status) => metrics.budgetPaused(status),
  };
}

/**
 * Whether a failed money-moving call may still have happened: an unclear failure (5XX, network,
 * timeout), a success whose body could not be read, or an answer a custom `fetch` got by following
 * a redirect (wherever it led, the request may have been acted on there).
 */
function outcomeUnclear(error: unknown): error is HttpError | ApiError | NetworkError | TimeoutError | DecodeError {
  return isUnclearFailure(error) || error instanceof DecodeError || (error instanceof HttpError && error.redirect === 'followed');
}

/** Retries of an idempotent row; 429 and 418 are the budget's (it paused and sent again). */
function withRetries<R>(row: AnyEndpoint, calls: Observable<R>, settings: ExecutorSettings): Observable<R> {
  if (!row.idempotent || settings.retry.limit <= 0) return calls;
  return calls.pipe(
    retry({
      count: settings.retry.limit,
      delay: (error: unknown, count: number) => {
        if (refusalOf(error) !== undefined) return throwError(() => error);
        const wait = retryDelay(error, count, settings.retry, settings.random);
        return wait === undefined ? throwError(() => error) : timer(wait, settings.scheduler);
      },
    }),
  );
}

/**
 * Makes the `call` function of a client; `watch` (optional) is told of each attempt sent.
 *
 * @example
 * ```ts
 * const call = createExecutor(settings);
 * call(M2, { page: 1 }).subscribe(console.log);
 * ```
 */
export function createExecutor(settings: ExecutorSettings) {
  return function call<P, R>(endpoint: Endpoint<P, R>, params: P, options?: CallOptions, watch?: CallWatch): Observable<R> {
    const row = endpoint as unknown as AnyEndpoint;
    return defer(() => {
      const prepared = prepareCall(row, params, options, settings);
      if (prepared instanceof ValidationError) return throwError(() => prepared);
      const attempt = attemptOf<R>(row, prepared, options, settings, watch);
      const request = { endpoint: row.id, account: settings.budgetAccount, units: row.weight ?? 1, accountRate: row.accountRate, target: prepared.target };
      const sent = throughBudget(settings.budget, request, attempt, settings.metrics && budgetWatch(row, settings.metrics, settings.budget));
      return withRetries(row, sent, settings);
    });
  };
}

/**
 * The service's own text may echo the request (a gateway quoting the URL with its signature, the
 * api key): an ApiError keeps its code and message only with the secrets of the call removed.
 */
function redactApiError(error: ApiError, redact: Redactor): ApiError {
  const code = typeof error.code === 'string' ? redact(error.code) : error.code;
  const msg = redact(error.msg);
  if (code === error.code && msg === error.msg) return error;
  return new ApiError({ code, msg, status: error.status, operation: error.operation, target: error.target, retryAfterMs: error.retryAfterMs });
}

function chain(a: Redactor, b: Redactor): Redactor {
  return (text) => b(a(text));
}
