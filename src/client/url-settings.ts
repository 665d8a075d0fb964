/**
 * The rules of the service URLs a client or a stream is given (`baseUrl`, `wsUrl`): absolute, of
 * the secure scheme (the plain one only to loopback, unless allowed), and without a user or a
 * password. Credentials in a URL would travel with every request and be printed in every error
 * that names it: such a URL is refused, and the value is never repeated in the refusal.
 *
 * @module
 */
import type { Relation } from '../settings/resolve.js';
import type { Rule } from '../settings/rules.js';
import { isLoopbackHost } from './loopback.js';

/** A secure scheme and its plain twin. */
export type UrlSchemes = readonly ['https:', 'http:'] | readonly ['wss:', 'ws:'];

function parsed(value: unknown): URL | undefined {
  if (typeof value !== 'string') return undefined;
  try {
    return new URL(value);
  } catch {
    return undefined;
  }
}

/**
 * An absolute URL of either scheme, without a user or a password.
 *
 * @example
 * ```ts
 * serviceUrl(['https:', 'http:']).accepts('http://user:secret@127.0.0.1:8080'); // false
 * serviceUrl(['wss:', 'ws:']).words; // 'an absolute wss:// or ws:// URL, without user or password'
 * ```
 */
export function serviceUrl([secure, plain]: UrlSchemes): Rule<string> {
  return {
    words: `an absolute ${secure}// or ${plain}// URL, without user or password`,
    accepts: (value): value is string => {
      const url = parsed(value);
      return url !== undefined && (url.protocol === secure || url.protocol === plain) && url.username === '' && url.password === '';
    },
  };
}

/**
 * The plain scheme only to a loopback host, unless the settings' `allowInsecureHttp` allows any.
 *
 * @example
 * ```ts
 * const relation = plainOnlyToLoopback<{ wsUrl: string | undefined; allowInsecureHttp: boolean }>('wsUrl', ['wss:', 'ws:']);
 * relation.holds({ wsUrl: 'ws://stream.example.com/ws', allowInsecureHttp: false }); // false
 * ```
 */
export function plainOnlyToLoopback<R extends { readonly allowInsecureHttp: boolean }>(field: keyof R & string, [secure, plain]: UrlSchemes): Relation<R> {
  return {
    field,
    words: `${secure}// (plain ${plain}// only to loopback unless allowInsecureHttp)`,
    holds: (settings) => {
      const url = parsed(settings[field]);
      return url === undefined || url.protocol !== plain || settings.allowInsecureHttp || isLoopbackHost(url.hostname);
    },
  };
}
