/**
 * Decimals sent as JSON numbers in JSON push frames (a tolerated spelling): read exactly from the
 * frame's text, never through a float, and held to the same vocabulary as decimal text.
 */
import { describe, expect, it } from '@jest/globals';
import { decodeFrame } from '../../src/stream/decode-frame.js';

/** An account frame with the body's decimal fields as raw JSON text. */
function accountFrame(fields: { free: string; freeChange: string; frozen?: string; frozenChange?: string }): string {
  return (
    '{"channel":"spot@private.account.v3.api","sendTime":1736417034307,"privateAccount":{"vcoinName":"USDT","coinId":"c1",' +
    `"balanceAmount":${fields.free},"balanceAmountChange":${fields.freeChange},"frozenAmount":${fields.frozen ?? '"0"'},` +
    `"frozenAmountChange":${fields.frozenChange ?? '"0"'},"type":"DEPOSIT","time":1736416910000}}`
  );
}

describe('JSON numbers in JSON push frames', () => {
  it('keep every digit and never gain an exponent', () => {
    expect(decodeFrame(accountFrame({ free: '0.30000000000000000001', freeChange: '-1e-8', frozen: '12345678901234567891', frozenChange: '2.50' }))).toMatchObject({
      kind: 'event',
      event: { free: '0.30000000000000000001', freeChange: '-0.00000001', frozen: '12345678901234567891', frozenChange: '2.5' },
    });
  });

  it('are taken negative where the service may send a negative value (a balance), as text is', () => {
    expect(decodeFrame(accountFrame({ free: '-0.5', freeChange: '1', frozen: '-30.260235258' }))).toMatchObject({
      kind: 'event',
      event: { free: '-0.5', frozen: '-30.260235258' },
    });
  });

  it('are refused where the value may not be negative (a price), as text is', () => {
    const frame =
      '{"channel":"spot@private.deals.v3.api","symbol":"MXUSDT","sendTime":1736417034332,"privateDeals":{"price":-1.6,"quantity":"5","amount":"8",' +
      '"tradeType":2,"isMaker":true,"tradeId":"T1","orderId":"C02__1","feeAmount":"0.0003998","feeCurrency":"USDT","time":1736417034280}}';
    expect(decodeFrame(frame)).toMatchObject({ kind: 'malformed', reason: 'json: privateDeals.price: expected NonNegativeDecimal' });
    expect(decodeFrame(frame.replace('"price":-1.6', '"price":1.6'))).toMatchObject({ kind: 'event', event: { price: '1.6' } });
  });
});
