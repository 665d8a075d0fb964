/**
 * Frames no decoder accepts, for fault injection: what a test sends to check that a client
 * reports a broken frame and goes on.
 *
 * @module
 */
import { channelEncoding, JSON_CHANNELS, type PrivateChannel } from '../../stream/channels.js';
import type { MalformedKind } from './types.js';

/**
 * A broken frame: `protobuf` (bytes that end inside a field), `json` (an account frame whose
 * balance is not a number) or `text` (not JSON at all). Without a kind, the form of `channel`
 * (protobuf when there is none).
 *
 * @example
 * ```ts
 * socket.send(malformedFrame(undefined, 'spot@private.account.v3.api.pb', clock.now())); // truncated bytes
 * ```
 */
export function malformedFrame(kind: MalformedKind | undefined, channel: PrivateChannel | undefined, now: number): Uint8Array | string {
  const form = kind ?? (channel === undefined || channelEncoding(channel) === 'protobuf' ? 'protobuf' : 'json');
  switch (form) {
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
  }
}
