/**
 * The 27 operations of spec section 4 and the account reads A1, A2 as test cases, written from the
 * spec and docs/service.md (not from the endpoint table): how to call each one with every parameter it takes, what must go on the
 * wire, and an example response in the shape the spec describes.
 */
import type { Observable } from 'rxjs';
import type { OperationId } from '../../src/index.js';
import { fakeFetch, json } from './fake-fetch.js';
import { makeClient } from './harness.js';
import { type OperationCase } from './operation-cases/shared.js';
import { masterCases } from './operation-cases/master.js';
import { brokerAccountsCases } from './operation-cases/broker-accounts.js';
import { brokerMoneyCases } from './operation-cases/broker-money.js';
import { listenKeysCases } from './operation-cases/listen-keys.js';

export { ACCOUNT_EXAMPLE, CLIENT_TRAN_ID, LISTEN_KEY, OPEN_ORDER_EXAMPLE, type OperationCase } from './operation-cases/shared.js';

/** Every operation's case, in the spec's order. */
export const operationCases: readonly OperationCase[] = [...masterCases, ...brokerAccountsCases, ...brokerMoneyCases, ...listenKeysCases];

/** The case of one operation. */
export function operationCase(id: OperationId): OperationCase {
  const found = operationCases.find((c) => c.id === id);
  if (!found) throw new Error(`no case for ${id}`);
  return found;
}

/** What operation `id` emits when the service answers `body` (HTTP 200, JSON). */
export function decodeVia(id: OperationId, body: unknown, status = 200): Observable<unknown> {
  const op = operationCase(id);
  return op.run(makeClient(fakeFetch(json(body, status)).fetch));
}
