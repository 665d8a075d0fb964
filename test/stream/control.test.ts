import { describe, expect, it } from '@jest/globals';
import { decodeFrame } from '../../src/stream/decode-frame.js';

describe('decodeFrame on control frames', () => {
  it('recognizes PONG', () => {
    expect(decodeFrame('{"id":0,"code":0,"msg":"PONG"}')).toEqual({
      kind: 'control',
      control: { type: 'pong', id: 0, code: 0, msg: 'PONG' },
    });
  });

  it('recognizes a subscription reply and lists its channels', () => {
    expect(decodeFrame('{"id":0,"code":0,"msg":"spot@private.deals.v3.api.pb"}')).toEqual({
      kind: 'control',
      control: { type: 'subscription', id: 0, code: 0, msg: 'spot@private.deals.v3.api.pb', channels: ['spot@private.deals.v3.api.pb'] },
    });
    const many = decodeFrame('{"id":0,"code":"0","msg":"spot@private.deals.v3.api.pb,spot@private.orders.v3.api.pb"}');
    expect(many).toEqual({
      kind: 'control',
      control: {
        type: 'subscription',
        id: 0,
        code: 0,
        msg: 'spot@private.deals.v3.api.pb,spot@private.orders.v3.api.pb',
        channels: ['spot@private.deals.v3.api.pb', 'spot@private.orders.v3.api.pb'],
      },
    });
  });

  it('recognizes a refused subscription with its channels and reason', () => {
    const msg = 'Not Subscribed successfully! [spot@private.account.v3.api.pb].  Reason： Blocked! ';
    expect(decodeFrame(JSON.stringify({ id: 0, code: 0, msg }))).toEqual({
      kind: 'control',
      control: { type: 'refused', id: 0, code: 0, msg, channels: ['spot@private.account.v3.api.pb'], reason: 'Blocked!' },
    });
    const ascii = decodeFrame(
      JSON.stringify({ id: 0, code: 0, msg: 'Not Subscribed successfully! [spot@private.deals.v3.api.pb, spot@private.orders.v3.api.pb]. Reason: Blocked!' }),
    );
    expect(ascii).toMatchObject({
      kind: 'control',
      control: { type: 'refused', channels: ['spot@private.deals.v3.api.pb', 'spot@private.orders.v3.api.pb'], reason: 'Blocked!' },
    });
    const bare = decodeFrame(JSON.stringify({ id: 0, code: 0, msg: 'Not Subscribed successfully! [spot@private.deals.v3.api.pb]' }));
    expect(bare).toMatchObject({ kind: 'control', control: { type: 'refused', channels: ['spot@private.deals.v3.api.pb'], reason: undefined } });
  });

  it('recognizes the plain text Invalid listen key, and a reply saying the same', () => {
    expect(decodeFrame('Invalid listen key')).toEqual({ kind: 'control', control: { type: 'invalid-listen-key', text: 'Invalid listen key' } });
    expect(decodeFrame('{"id":0,"code":0,"msg":"Invalid listen key"}')).toEqual({
      kind: 'control',
      control: { type: 'invalid-listen-key', text: 'Invalid listen key' },
    });
  });

  it('reports other replies as they are, without taking an error for a subscription', () => {
    expect(decodeFrame('{"id":0,"code":1,"msg":"spot@private.deals.v3.api.pb"}')).toEqual({
      kind: 'control',
      control: { type: 'reply', id: 0, code: 1, msg: 'spot@private.deals.v3.api.pb' },
    });
    expect(decodeFrame('{"id":0,"code":"700002","msg":"Signature for this request is not valid."}')).toEqual({
      kind: 'control',
      control: { type: 'reply', id: 0, code: 700002, msg: 'Signature for this request is not valid.' },
    });
    expect(decodeFrame('{"msg":""}')).toEqual({ kind: 'control', control: { type: 'reply', id: undefined, code: undefined, msg: '' } });
  });

  it('refuses text that is neither JSON nor a control message, and JSON that is not a reply', () => {
    expect(decodeFrame('hello')).toEqual({ kind: 'malformed', reason: 'text: neither JSON nor a known control message', channel: undefined });
    expect(decodeFrame('')).toMatchObject({ kind: 'malformed' });
    for (const text of ['[1,2]', '42', 'null', 'true', '"PONG"']) {
      expect(decodeFrame(text)).toEqual({ kind: 'malformed', reason: 'json: expected an object', channel: undefined });
    }
    expect(decodeFrame('{"code":0}')).toEqual({ kind: 'malformed', reason: 'json: msg: expected string', channel: undefined });
    expect(decodeFrame('{"id":0,"code":0,"msg":7}')).toMatchObject({ kind: 'malformed' });
  });
});
