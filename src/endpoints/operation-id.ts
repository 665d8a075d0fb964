/**
 * The operation ids, where the endpoint table's readers look for them. They are defined in
 * `src/operation-id.ts`, in the lowest layer, so that the errors, the parameters and the metrics
 * name an operation without importing up into the endpoints (docs/architecture.md, "Layers").
 *
 * @module
 */
export { OPERATION_IDS, type OperationId } from '../operation-id.js';
