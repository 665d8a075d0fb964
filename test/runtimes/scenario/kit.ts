/**
 * The program's small tools inside a runtime: bounded waits, errors as data, and the call to the
 * suite's control server. Nothing here is of any one runtime.
 *
 * @module
 */
import type { ControlAction, ErrorSummary, ScenarioEnv } from './protocol.js';

/** Every wait of the program ends by this, ms: a runtime that cannot do a step says so instead of hanging. */
export const STEP_WAIT_MS = 20_000;

/**
 * An error as data: its name, message, whether the library's `isMexcError` takes it for one of its
 * own, and the fields of the library's errors a test compares.
 */
export function summary(error: unknown, isMexcError: (error: unknown) => boolean = () => false): ErrorSummary & { readonly stack?: string } {
  if (!(error instanceof Error)) return { name: typeof error, message: String(error), isMexcError: isMexcError(error) };
  const fields = error as Error & { readonly operation?: unknown; readonly issues?: unknown };
  return {
    name: error.name,
    message: error.message,
    isMexcError: isMexcError(error),
    ...(fields.operation === undefined ? {} : { operation: fields.operation }),
    ...(fields.issues === undefined ? {} : { issues: fields.issues }),
    ...(error.stack === undefined ? {} : { stack: error.stack.split('\n').slice(0, 6).join('\n') }),
  };
}

/**
 * Resolves once `holds()` is true, polling; rejects naming `what` after {@link STEP_WAIT_MS}, with
 * what `seen()` tells of the state then.
 */
export async function until(what: string, holds: () => boolean, seen?: () => unknown, timeoutMs = STEP_WAIT_MS): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!holds()) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${seen === undefined ? '' : `; seen: ${JSON.stringify(seen())}`}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** `promise`, or a rejection naming `what` after {@link STEP_WAIT_MS}. */
export function within<T>(what: string, promise: Promise<T>, timeoutMs = STEP_WAIT_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${timeoutMs} ms waiting for ${what}`)), timeoutMs);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Asks the suite to act on the simulator; resolves with its JSON answer. */
export async function control(env: ScenarioEnv, action: ControlAction, label?: string): Promise<unknown> {
  const url = `${env.controlUrl}/${action}${label === undefined ? '' : `?label=${encodeURIComponent(label)}`}`;
  const response = await within(`the control server (${action})`, fetch(url, { method: 'POST' }));
  const body: unknown = await response.json();
  if (!response.ok) throw new Error(`the control server refused ${action}: ${JSON.stringify(body)}`);
  return body;
}
