/**
 * One push frame's envelope and body -> a market event, by the channel's kind: the meeting point
 * of the protobuf and the JSON paths. Each path reads its wire into the envelope and the body (the
 * field names are the same in both, spec section 6) and words a {@link Refusal} its own way.
 *
 * @module
 */
import { BODY_FIELDS, type PrivateChannel, type PrivateChannelKind } from './channels.js';
import type { MarketEvent } from './events.js';
import type { EnvelopeFields, Refusal } from './field-rules.js';
import { normalizeAccount, type AccountFields } from './normalize-account.js';
import { normalizeDeal, type DealFields } from './normalize-deal.js';
import { normalizeOrder, type OrderFields } from './normalize-order.js';

/** A body of any private kind, as the wire gives it. */
export type BodyFields = AccountFields & DealFields & OrderFields;

/**
 * Normalizes the body of a private channel's kind (`account` reads `privateAccount`, and so on).
 *
 * @example
 * ```ts
 * const result = normalizeEvent('deals', 'spot@private.deals.v3.api', frame, frame.privateDeals);
 * if (!isRefusal(result)) handle(result);
 * ```
 */
export function normalizeEvent(kind: PrivateChannelKind, channel: PrivateChannel, envelope: EnvelopeFields, body: BodyFields): MarketEvent | Refusal {
  switch (kind) {
    case 'account':
      return normalizeAccount(channel, envelope, body);
    case 'deals':
      return normalizeDeal(channel, envelope, body);
    case 'orders':
      return normalizeOrder(channel, envelope, body);
  }
}

/**
 * Why a frame of a private channel has no body to normalize: the body its kind needs is missing,
 * and `found` lists the bodies it carries instead (the same words for both wires).
 *
 * @example
 * ```ts
 * missingBody('account', ['privateDeals']); // 'privateAccount: expected for channel kind account, found body privateDeals'
 * ```
 */
export function missingBody(kind: PrivateChannelKind, found: readonly string[]): string {
  const what = found.length === 0 ? 'no body' : `body ${found.join(', ')}`;
  return `${BODY_FIELDS[kind]}: expected for channel kind ${kind}, found ${what}`;
}
