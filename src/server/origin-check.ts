/**
 * The broker's check of where a request comes from, against cross-site requests a browser sends
 * with the user's cookies (a form or a `fetch` on another site posting to the broker). Browsers
 * send `Origin` on every POST, PUT and DELETE, and `Sec-Fetch-Site` on every request; a request
 * from a program that is not a browser may send neither, and is left to `authorize`.
 *
 * @module
 */

/**
 * Whether a request is refused for where it comes from: an `Origin` that is not one of `allowed`
 * (when there is a list), or a request the browser marks `Sec-Fetch-Site: cross-site` whose
 * `Origin` is not listed (with or without a list: a cross-site request is taken only from an
 * origin named).
 *
 * @example
 * ```ts
 * originRefused(new Headers({ origin: 'https://evil.example' }), ['https://app.example']); // true
 * originRefused(new Headers({ 'sec-fetch-site': 'cross-site' }), undefined); // true
 * originRefused(new Headers({ 'sec-fetch-site': 'same-origin' }), undefined); // false
 * ```
 */
export function originRefused(headers: Headers, allowed: readonly string[] | undefined): boolean {
  const origin = headers.get('origin');
  const listed = origin !== null && allowed !== undefined && allowed.includes(origin);
  if (origin !== null && allowed !== undefined && !listed) return true;
  return headers.get('sec-fetch-site') === 'cross-site' && !listed;
}
