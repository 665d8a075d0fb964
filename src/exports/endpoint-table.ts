/**
 * The raw table of the root entry: every operation's row, for tools built over all of them
 * (`client.call(row, params)`), such as the command line.
 * Re-exported by name from `src/index.ts` (docs/architecture.md, "The public surface").
 *
 * @module
 */
export type { OperationId } from '../operation-id.js';
export type { CallRate, Endpoint } from '../endpoints/endpoint.js';
export { endpointTable } from '../endpoints/table.js';
