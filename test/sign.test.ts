import { createHmac } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { hmacSha256Signer } from '../src/index.js';
import { webCryptoHmacSigner } from '../src/http/sign.js';

describe('hmacSha256Signer', () => {
  it('reproduces the test vector of docs/service.md', async () => {
    const sign = hmacSha256Signer('45d0b3c26f2644f19bfb98b07741b2f5');
    const text = 'symbol=BTCUSDT&side=BUY&type=LIMIT&quantity=1&price=11&recvWindow=5000&timestamp=1644489390087';
    await expect(sign(text)).resolves.toBe('fd3e4e8543c5188531eb7279d68ae7d26a573d0fc5ab0d18eb692451654d837a');
  });

  it('agrees with node:crypto on arbitrary text, in lowercase hex', async () => {
    const secret = 'another-secret-0123456789';
    const sign = hmacSha256Signer(secret);
    for (const text of ['', 'a=1', 'subAccount=x&note=%E2%9C%93&timestamp=1', '{"a":"b"}']) {
      const expected = createHmac('sha256', secret).update(text).digest('hex');
      await expect(sign(text)).resolves.toBe(expected);
    }
  });
});

describe('webCryptoHmacSigner (the browser path)', () => {
  it('reproduces the docs/service.md test vector over Web Crypto', async () => {
    const sign = webCryptoHmacSigner('45d0b3c26f2644f19bfb98b07741b2f5');
    const text = 'symbol=BTCUSDT&side=BUY&type=LIMIT&quantity=1&price=11&recvWindow=5000&timestamp=1644489390087';
    await expect(sign(text)).resolves.toBe('fd3e4e8543c5188531eb7279d68ae7d26a573d0fc5ab0d18eb692451654d837a');
  });
});
