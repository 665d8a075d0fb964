import { createHmac } from 'node:crypto';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
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

describe('hmacSha256Signer picks its engine', () => {
  const vectorKey = '45d0b3c26f2644f19bfb98b07741b2f5';
  const vectorText = 'symbol=BTCUSDT&side=BUY&type=LIMIT&quantity=1&price=11&recvWindow=5000&timestamp=1644489390087';
  const vectorSignature = 'fd3e4e8543c5188531eb7279d68ae7d26a573d0fc5ab0d18eb692451654d837a';

  afterEach(() => {
    jest.restoreAllMocks();
  });

  it("signs with node:crypto in Node, never a Web Crypto round trip per request", async () => {
    const subtleSign = jest.spyOn(globalThis.crypto.subtle, 'sign');
    await expect(hmacSha256Signer(vectorKey)(vectorText)).resolves.toBe(vectorSignature);
    expect(subtleSign).not.toHaveBeenCalled();
  });

  it('falls back to Web Crypto where the runtime has no node:crypto (a browser, a worker)', async () => {
    jest.spyOn(process, 'getBuiltinModule').mockReturnValue(undefined);
    const subtleSign = jest.spyOn(globalThis.crypto.subtle, 'sign');
    await expect(hmacSha256Signer(vectorKey)(vectorText)).resolves.toBe(vectorSignature);
    expect(subtleSign).toHaveBeenCalledTimes(1);
  });

  it('falls back to Web Crypto when the module it is given has no createHmac', async () => {
    jest.spyOn(process, 'getBuiltinModule').mockReturnValue({});
    const subtleSign = jest.spyOn(globalThis.crypto.subtle, 'sign');
    await expect(hmacSha256Signer(vectorKey)(vectorText)).resolves.toBe(vectorSignature);
    expect(subtleSign).toHaveBeenCalledTimes(1);
  });

  it('turns a failure of createHmac into a rejected promise with an Error, not a throw', async () => {
    const failing = { createHmac: () => { throw 'no hmac here'; } };
    jest.spyOn(process, 'getBuiltinModule').mockReturnValue(failing);
    const sign = hmacSha256Signer(vectorKey);
    let result: Promise<string> | undefined;
    expect(() => { result = sign(vectorText); }).not.toThrow();
    await expect(result).rejects.toEqual(new Error('no hmac here'));
  });

  it('passes an Error thrown by createHmac through as it is', async () => {
    const failure = new TypeError('bad key');
    jest.spyOn(process, 'getBuiltinModule').mockReturnValue({ createHmac: () => { throw failure; } });
    await expect(hmacSha256Signer(vectorKey)(vectorText)).rejects.toBe(failure);
  });
});

describe('webCryptoHmacSigner', () => {
  it('imports the key once, however many texts it signs', async () => {
    const importKey = jest.spyOn(globalThis.crypto.subtle, 'importKey');
    const sign = webCryptoHmacSigner('k');
    const texts = ['a', 'b', 'c'];
    const signatures = await Promise.all(texts.map((text) => sign(text)));
    expect(signatures).toEqual(texts.map((text) => createHmac('sha256', 'k').update(text).digest('hex')));
    expect(importKey).toHaveBeenCalledTimes(1);
    // Imported as a non-extractable key: the secret cannot be read back out of it.
    expect(importKey.mock.calls[0]?.[3]).toBe(false);
    importKey.mockRestore();
  });

  it('writes each byte as two lowercase hex digits, leading zeros kept', async () => {
    // Each of these signatures has bytes below 0x10 (e.g. 0x0a, 0x02 for the empty text).
    const sign = webCryptoHmacSigner('k');
    for (const text of ['', 'x', 'a=1', 'timestamp=0']) {
      const signature = await sign(text);
      expect(signature).toMatch(/^[0-9a-f]{64}$/);
      expect(signature).toBe(createHmac('sha256', 'k').update(text).digest('hex'));
    }
  });
});
