/**
 * The rules of the client's metrics settings (`meterProvider`, `metricsAccount`), checked with
 * the client's other settings.
 *
 * @module
 */
import type { Relation } from '../settings/resolve.js';
import type { Rule } from '../settings/rules.js';
import type { MeterProviderLike } from './meter-types.js';

/** A `MeterProvider` of the OpenTelemetry metrics API (anything with a `getMeter` function). */
export const METER_PROVIDER: Rule<MeterProviderLike> = {
  words: 'a MeterProvider of @opentelemetry/api (an object with getMeter)',
  accepts: (value): value is MeterProviderLike =>
    typeof value === 'object' && value !== null && typeof (value as { readonly getMeter?: unknown }).getMeter === 'function',
};

/**
 * `metricsAccount` needs an `accountId` to put in the attribute (an account is never named by
 * its key, nor by anything made from it).
 *
 * @example
 * ```ts
 * settingsFor<ClientConfig>()({ ... }, [metricsAccountNamed]);
 * ```
 */
export const metricsAccountNamed: Relation<{ readonly metricsAccount: boolean; readonly accountId: string | undefined }> = {
  field: 'metricsAccount',
  words: 'true only with an accountId (the name the metrics show)',
  holds: (settings) => !settings.metricsAccount || settings.accountId !== undefined,
};
