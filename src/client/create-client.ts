/**
 * `createClient`: configuration with documented defaults, checked once, and the credentials kept
 * in closures.
 *
 * @module
 */
import { budgetAccount, ownPausesOnlyBudget, sharedRequestBudget } from '../budget/shared.js';
import { createExecutor } from '../http/execute.js';
import { hmacSha256Signer } from '../http/sign.js';
import { assertRuntimeFetch } from '../http/transport.js';
import { clientMetrics } from '../metrics/client-metrics.js';
import { globalMeterProvider } from '../metrics/global-meter.js';
import { withMetrics } from '../metrics/slot.js';
import { redactor } from '../redact.js';
import { RECORDER_HOOKS, withRecorder } from '../recording-hooks.js';
import { resolveSettings } from '../settings/resolve.js';
import { createClientLife, withLife } from './client-life.js';
import { withReads } from './client-reads.js';
import { CLIENT_READS } from './client-reads-rows.js';
import { CLIENT_SETTINGS, DEFAULT_BASE_URL, DEFAULT_WS_URL, type ClientConfig } from './client-settings.js';
import type { Client } from './types.js';

export { DEFAULT_BASE_URL, DEFAULT_WS_URL, type ClientConfig };

/**
 * Makes a client. Nothing is sent until an operation is subscribed to. `await client.close()`
 * when done: it stops the client's streams and DELETEs the listen keys it made.
 *
 * @throws {@link ValidationError} when a setting breaks its rule (bad URL, a URL with a user or a
 * password, recvWindow over 60000, a clock that is not a function...): every setting is checked now.
 * @throws {@link UnsupportedRuntimeError} on a runtime with no `fetch` (and no `fetch` given), or no
 * Web Crypto to sign with (and no `sign` given).
 *
 * @example
 * ```ts
 * import { firstValueFrom } from 'rxjs';
 * import { createClient, listSubAccounts } from 'mexc-rx';
 *
 * const client = createClient({ apiKey: process.env.MEXC_API_KEY, secretKey: process.env.MEXC_SECRET_KEY });
 * console.log((await firstValueFrom(listSubAccounts(client, { limit: 200 }))).items);
 * await client.close();
 * ```
 */
export function createClient(config: ClientConfig = {}): Client {
  const settings = resolveSettings(CLIENT_SETTINGS, config);
  if (settings.fetch === undefined) assertRuntimeFetch();
  const { baseUrl, wsUrl, recvWindow, timeout, clock, scheduler } = settings;
  const redact = redactor([settings.apiKey, settings.secretKey]);
  const sign = settings.sign ?? (settings.secretKey !== undefined ? hmacSha256Signer(settings.secretKey) : undefined);
  const budget = settings.budget === false ? ownPausesOnlyBudget(scheduler) : (settings.budget ?? sharedRequestBudget(baseUrl, scheduler));
  const meterProvider = settings.meterProvider ?? globalMeterProvider();
  const metrics = meterProvider === undefined ? undefined : clientMetrics(meterProvider, settings.metricsAccount ? settings.accountId : undefined);
  const execute = createExecutor({
    baseUrl,
    apiKey: settings.apiKey,
    sign,
    recvWindow,
    timeout,
    signBody: settings.signBody,
    fetch: settings.fetch,
    transport: settings.transport,
    clock,
    scheduler,
    retry: settings.retry,
    random: settings.random,
    redact,
    budget,
    budgetAccount: budgetAccount(settings.accountId, settings.apiKey),
    metrics,
  });
  const hooks = settings.recorder?.[RECORDER_HOOKS];
  hooks?.attachClient([settings.apiKey, settings.secretKey]);
  const life = createClientLife(hooks === undefined ? execute : hooks.wrappers.execute(execute, hooks, scheduler), { scheduler, timeout });
  const close = hooks === undefined ? life.close : hooks.wrappers.closeThenFlush(life.close, hooks, scheduler, timeout);
  const client = withRecorder(withLife({ baseUrl, wsUrl, recvWindow, timeout, clock, scheduler, redact, budget, call: life.call, close }, life), hooks);
  return withMetrics(withReads(client, CLIENT_READS), metrics);
}
