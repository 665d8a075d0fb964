/**
 * Frames a client must refuse (or report and skip), for fault injection: what a test sends to
 * check that a client reports a broken, odd or hostile frame and goes on.
 *
 * @module
 */
import { channelEncoding, JSON_CHANNELS, type PrivateChannel } from '../../stream/channels.js';
import { encodeJsonFrame, encodePushFrame, type AccountFrameInput } from './encode-frame.js';
import type { MalformedKind } from './types.js';

/** Size of an `oversized` frame's channel name: 1 MiB (the service's frames are under 1 KiB). */
export const OVERSIZED_FRAME_BYTES = 1 << 20;

/** A public channel: well-formed frames of it are not for a private stream. */
const PUBLIC_CHANNEL = { protobuf: 'spot@public.deals.v3.api.pb@BTCUSDT', json: 'spot@public.deals.v3.api@BTCUSDT' } as const;

function sampleAccount(now: number): AccountFrameInput {
  return {
    type: 'account',
    asset: 'USDT',
    coinId: 'c1',
    free: '1',
    freeChange: '1',
    frozen: '0',
    frozenChange: '0',
    changeType: 'DEPOSIT',
    time: now,
    sendTime: now,
  };
}

/** A protobuf varint. */
function varint(value: number): number[] {
  const out: number[] = [];
  let rest = value;
  while (rest > 127) {
    out.push((rest & 127) | 128);
    rest = Math.floor(rest / 128);
  }
  out.push(rest);
  return out;
}

/** Protobuf tag bytes of field `field` with wire type `wire`. */
function tag(field: number, wire: number): number[] {
  return varint(field * 8 + wire);
}

function lengthDelimited(field: number, bytes: readonly number[]): number[] {
  return [...tag(field, 2), ...varint(bytes.length), ...bytes];
}

function text(field: number, value: string): number[] {
  return lengthDelimited(field, [...new TextEncoder().encode(value)]);
}

/** An account frame whose body fields have other wire types than the schema's: numbers for text, text for the time. */
function wrongTypesProtobuf(channel: string): Uint8Array {
  const body = [...tag(1, 0), 42, ...tag(3, 0), 7, ...text(8, 'yesterday')];
  return Uint8Array.from([...text(1, channel), ...lengthDelimited(307, body)]);
}

function wrongTypesJson(now: number): string {
  return JSON.stringify({
    channel: JSON_CHANNELS.account,
    sendTime: 'soon',
    privateAccount: { vcoinName: 42, coinId: null, balanceAmount: { value: 1 }, balanceAmountChange: [1], frozenAmount: true, frozenAmountChange: '0', type: 7, time: String(now) },
  });
}

/**
 * A frame for fault injection, in the form of `channel` (protobuf when there is none) unless the
 * kind says:
 * - `protobuf`: bytes that end inside a field; `json`: an account frame whose balance is not a
 *   number; `text`: not JSON at all;
 * - `truncated`: a genuine account frame cut in the middle;
 * - `wrong-types`: an account frame whose fields have the wrong types;
 * - `oversized`: a well-formed frame of {@link OVERSIZED_FRAME_BYTES} (its channel name is that long);
 * - `unknown-channel`: a well-formed frame of a public channel, which no private stream subscribes to.
 *
 * @example
 * ```ts
 * socket.send(malformedFrame(undefined, 'spot@private.account.v3.api.pb', clock.now())); // truncated bytes
 * socket.send(malformedFrame('unknown-channel', 'spot@private.account.v3.api.pb', clock.now()));
 * ```
 */
export function malformedFrame(kind: MalformedKind | undefined, channel: PrivateChannel | undefined, now: number): Uint8Array | string {
  const protobuf = channel === undefined || channelEncoding(channel) === 'protobuf';
  const encode = (input: AccountFrameInput): Uint8Array | string => (protobuf ? encodePushFrame(input) : encodeJsonFrame(input));
  switch (kind ?? (protobuf ? 'protobuf' : 'json')) {
    case 'protobuf':
      // Field 1 (channel) announced as 32 bytes long, then the frame ends after 4.
      return Uint8Array.of(0x0a, 0x20, 0x73, 0x70, 0x6f, 0x74);
    case 'json':
      return JSON.stringify({
        channel: JSON_CHANNELS.account,
        sendTime: now,
        privateAccount: {
          vcoinName: 'USDT',
          coinId: 'x',
          balanceAmount: 'not a number',
          balanceAmountChange: '0',
          frozenAmount: '0',
          frozenAmountChange: '0',
          type: 'DEPOSIT',
          time: now,
        },
      });
    case 'text':
      return 'this is not a frame';
    case 'truncated': {
      const whole = encode(sampleAccount(now));
      return whole.slice(0, Math.floor(whole.length / 2));
    }
    case 'wrong-types':
      return protobuf ? wrongTypesProtobuf(channel ?? 'spot@private.account.v3.api.pb') : wrongTypesJson(now);
    case 'oversized':
      return encode({ ...sampleAccount(now), channel: 'x'.repeat(OVERSIZED_FRAME_BYTES) });
    case 'unknown-channel':
      return encode({ ...sampleAccount(now), channel: protobuf ? PUBLIC_CHANNEL.protobuf : PUBLIC_CHANNEL.json });
  }
}
