/** Finds secrets in everything an error or a value can show: message, stack, properties, causes, JSON, util.inspect. */
import { inspect } from 'node:util';
import type { RecordedRequest } from './fake-fetch.js';
import { API_KEY, FUND_PASSWORD, SECRET_KEY } from './harness.js';
import { splitSignature } from './harness.js';

/** Every text `value` can show, following enumerable and hidden properties and `cause` chains. */
export function shownTexts(value: unknown): string[] {
  const texts: string[] = [];
  const seen = new Set<unknown>();
  const visit = (v: unknown, depth: number): void => {
    if (depth > 8 || seen.has(v)) return;
    seen.add(v);
    if (typeof v === 'string') {
      texts.push(v);
      return;
    }
    if (typeof v !== 'object' || v === null) {
      texts.push(String(v));
      return;
    }
    texts.push(inspect(v, { depth: 20, showHidden: true, getters: true }));
    try {
      texts.push(JSON.stringify(v) ?? '');
    } catch {
      texts.push('(not serializable)');
    }
    if (v instanceof Error) {
      texts.push(String(v), v.message, v.stack ?? '');
      visit(v.cause, depth + 1);
    }
    for (const key of Reflect.ownKeys(v)) {
      const descriptor = Object.getOwnPropertyDescriptor(v, key);
      if (descriptor && 'value' in descriptor) visit(descriptor.value, depth + 1);
    }
  };
  visit(value, 0);
  return texts;
}

/** The secrets of a run: credentials, fund password, and every signature that was sent. */
export function secretsOf(calls: readonly RecordedRequest[]): string[] {
  const signatures = calls.map((c) => splitSignature(c.rawQuery).signature);
  return [API_KEY, SECRET_KEY, FUND_PASSWORD, FUND_PASSWORD.toUpperCase(), ...signatures];
}

/** Which of `secrets` show anywhere in `value` (empty when none). */
export function leaks(value: unknown, secrets: readonly string[]): string[] {
  const texts = shownTexts(value);
  return secrets.filter((secret) => texts.some((t) => t.includes(secret)));
}
