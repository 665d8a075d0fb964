/**
 * Turns an HTTP response into a result or a typed error: service error codes (plain or broker
 * envelope, whatever the status), envelope unwrapping, and decoding.
 *
 * @module
 */
import { describeDecodeErrors, isInvalid } from '../codecs/decoder.js';
import { parseJsonExactly } from '../decimal/exact-json.js';
import type { AnyEndpoint } from '../endpoints/endpoint.js';
import { ApiError, DecodeError, HttpError, type RequestTarget } from '../errors.js';

/** What came back, as plain data. */
export interface RawResponse {
  readonly status: number;
  readonly bodyText: string;
  /** From `Retry-After`, when present. */
  readonly retryAfterMs: number | undefined;
}

const SUCCESS_CODES = new Set(['0', '200']);

/** The body, with every number a double would change kept as its exact text (no digit of money lost). */
function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: parseJsonExactly(text) };
  } catch {
    return { ok: false };
  }
}

/** Normalizes a service code: numeric text becomes a number (`"730708"` -> 730708). */
export function normalizeCode(code: unknown): number | string {
  if (typeof code === 'number') return code;
  const text = String(code);
  return /^-?\d+$/.test(text) ? Number(text) : text;
}

function errorBody(value: unknown): { code: unknown; msg: string } | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || !('code' in value)) return undefined;
  const record = value as Record<string, unknown>;
  const msg = typeof record['msg'] === 'string' ? record['msg'] : typeof record['message'] === 'string' ? record['message'] : '';
  return { code: record['code'], msg };
}

/**
 * Interprets a response for `row`: the decoded result, or an {@link ApiError}, {@link HttpError}
 * or {@link DecodeError}.
 */
export function interpretResponse(
  row: Pick<AnyEndpoint, 'id' | 'envelope' | 'response'>,
  target: RequestTarget,
  raw: RawResponse,
): { ok: true; value: unknown } | { ok: false; error: ApiError | HttpError | DecodeError } {
  const parsed = raw.bodyText.trim() === '' ? { ok: false as const } : parseJson(raw.bodyText);
  const body = parsed.ok ? errorBody(parsed.value) : undefined;
  if (body && !SUCCESS_CODES.has(String(body.code))) {
    return {
      ok: false,
      error: new ApiError({
        code: normalizeCode(body.code),
        msg: body.msg,
        status: raw.status,
        operation: row.id,
        target,
        retryAfterMs: raw.retryAfterMs,
      }),
    };
  }
  if (raw.status < 200 || raw.status >= 300) {
    return { ok: false, error: new HttpError({ status: raw.status, operation: row.id, target, retryAfterMs: raw.retryAfterMs }) };
  }
  if (!parsed.ok) return { ok: false, error: new DecodeError({ source: row.id, operation: row.id, target, paths: ['(root): expected a JSON body'] }) };
  let payload = parsed.value;
  if (body && typeof payload === 'object' && payload !== null && 'data' in payload) {
    payload = (payload as { data: unknown }).data;
  } else if (row.envelope && body) {
    return { ok: false, error: new DecodeError({ source: row.id, operation: row.id, target, paths: ['data: expected the envelope to hold data'] }) };
  }
  const decoded = row.response.decode(payload);
  if (isInvalid(decoded)) return { ok: false, error: new DecodeError({ source: row.id, operation: row.id, target, paths: describeDecodeErrors(decoded.left) }) };
  return { ok: true, value: decoded.right };
}
