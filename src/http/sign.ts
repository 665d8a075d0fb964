/**
 * HMAC-SHA256 request signing over Web Crypto, so the same code runs in Node 20+ and in browsers.
 *
 * @module
 */

/**
 * Signs a text and returns the signature as the service expects it: lowercase hex.
 * Supply your own to keep the secret key elsewhere (an HSM, a backend, a worker).
 */
export type Signer = (payload: string) => Promise<string>;

const encoder = new TextEncoder();

function toHex(bytes: ArrayBuffer): string {
  const view = new Uint8Array(bytes);
  let out = '';
  for (let i = 0; i < view.length; i++) out += (view[i] as number).toString(16).padStart(2, '0');
  return out;
}

/**
 * Makes a {@link Signer} that computes HMAC-SHA256 keyed with `secretKey`, as lowercase hex.
 * The key is imported into Web Crypto once, as a non-extractable key.
 *
 * @example
 * ```ts
 * const sign = hmacSha256Signer('45d0b3c26f2644f19bfb98b07741b2f5');
 * const signature = await sign('symbol=BTCUSDT&side=BUY&type=LIMIT&quantity=1&price=11&recvWindow=5000&timestamp=1644489390087');
 * // 'fd3e4e8543c5188531eb7279d68ae7d26a573d0fc5ab0d18eb692451654d837a'
 * ```
 */
export function hmacSha256Signer(secretKey: string): Signer {
  let key: Promise<CryptoKey> | undefined;
  return async (payload) => {
    key ??= globalThis.crypto.subtle.importKey(
      'raw',
      encoder.encode(secretKey),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign'],
    );
    const mac = await globalThis.crypto.subtle.sign('HMAC', await key, encoder.encode(payload));
    return toHex(mac);
  };
}
