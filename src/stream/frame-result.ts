/**
 * What decoding one websocket frame yields: a market event, a control reply, a frame that broke
 * the rules, or a well-formed frame of a channel this library does not handle.
 *
 * @module
 */
import type { ControlMessage } from './control.js';
import type { MarketEvent } from './events.js';

/** A push frame of a private channel, validated and normalized. */
export interface EventFrame {
  readonly kind: 'event';
  /** The normalized event. */
  readonly event: MarketEvent;
}

/** A control reply of the service (PONG, subscription replies, `Invalid listen key`). */
export interface ControlFrame {
  readonly kind: 'control';
  /** The reply, normalized. */
  readonly control: ControlMessage;
}

/** A frame that could not be decoded, or broke a rule of its channel. */
export interface MalformedFrame {
  readonly kind: 'malformed';
  /**
   * What was wrong, prefixed by the frame's form (`protobuf:`, `json:`, `text:`), e.g.
   * `protobuf: privateOrders.status: expected a known code`. Field values are never included.
   */
  readonly reason: string;
  /** The frame's channel, when it could be read. */
  readonly channel: string | undefined;
}

/** A well-formed push frame of a channel other than the six private ones (e.g. a public channel). */
export interface UnknownFrame {
  readonly kind: 'unknown';
  /** The frame's channel. */
  readonly channel: string;
}

/** The outcome of decoding one frame, told apart by `kind`. */
export type FrameResult = EventFrame | ControlFrame | MalformedFrame | UnknownFrame;

/**
 * Makes a {@link MalformedFrame}.
 *
 * @example
 * ```ts
 * malformedFrame('json: not an object'); // { kind: 'malformed', reason: 'json: not an object', channel: undefined }
 * ```
 */
export function malformedFrame(reason: string, channel?: string): MalformedFrame {
  return { kind: 'malformed', reason, channel };
}
