/**
 * The operations the `call` command can run: every row of the endpoint table, found by its
 * function name (`listSubAccounts`) or spec id (`M2`, any case). Transfers (M6, B13) run through
 * their public functions, so they keep their guarantee of never running twice.
 *
 * @module
 */
import type { Observable } from 'rxjs';
import type { Client } from '../client/types.js';
import type { BrokerUniversalTransferParams } from '../endpoints/broker.js';
import type { AnyEndpoint } from '../endpoints/endpoint.js';
import type { UniversalTransferParams } from '../endpoints/master.js';
import { endpointTable } from '../endpoints/table.js';
import { brokerUniversalTransfer } from '../operations/broker.js';
import { universalTransfer } from '../operations/master.js';

/**
 * The row named `name`: a function name (exact case) or a spec id (any case).
 *
 * @example
 * ```ts
 * findOperation('listSubAccounts')?.id; // 'M2'
 * findOperation('m2')?.name; // 'listSubAccounts'
 * ```
 */
export function findOperation(name: string): AnyEndpoint | undefined {
  return endpointTable.find((row) => row.name === name || row.id === name.toUpperCase());
}

/**
 * Runs `row` with parameters already checked against its fields: transfers through their public
 * functions, everything else through `client.call`.
 *
 * @example
 * ```ts
 * runOperation(client, findOperation('M2')!, { limit: 50 }).subscribe((page) => console.log(page));
 * ```
 */
export function runOperation(client: Client, row: AnyEndpoint, values: Readonly<Record<string, unknown>>): Observable<unknown> {
  // The values passed decodeWireParams with this row's own fields, so they have the row's params type.
  if (row.id === 'M6') return universalTransfer(client, values as unknown as UniversalTransferParams);
  if (row.id === 'B13') return brokerUniversalTransfer(client, values as unknown as BrokerUniversalTransferParams);
  return client.call(row, values);
}

/**
 * One line per operation: id, function name and summary, for `call --help`.
 *
 * @example
 * ```ts
 * operationList()[0]; // '  M1   createSubAccount               Create a sub-account'
 * ```
 */
export function operationList(): readonly string[] {
  return endpointTable.map((row) => `  ${row.id.padEnd(4)} ${row.name.padEnd(30)} ${row.summary}`);
}
