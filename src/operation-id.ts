/**
 * Ids of the operations: M1..M8 (master), B1..B15 (broker), L1..L4 (listen key), from the spec;
 * A1, A2 (account reads), from the service's public documentation.
 */
export type OperationId =
  | 'M1' | 'M2' | 'M3' | 'M4' | 'M5' | 'M6' | 'M7' | 'M8'
  | 'B1' | 'B2' | 'B3' | 'B4' | 'B5' | 'B6' | 'B7' | 'B8' | 'B9' | 'B10' | 'B11' | 'B12' | 'B13' | 'B14' | 'B15'
  | 'L1' | 'L2' | 'L3' | 'L4'
  | 'A1' | 'A2';

/**
 * Every operation id, in table order. Listed here apart from the endpoint table, so that code which
 * checks an id (the request budget's settings) does not bring every endpoint, with its codecs,
 * into a browser page (docs/performance.md); a test holds the two to the same ids.
 */
export const OPERATION_IDS: readonly OperationId[] = [
  'M1', 'M2', 'M3', 'M4', 'M5', 'M6', 'M7', 'M8',
  'B1', 'B2', 'B3', 'B4', 'B5', 'B6', 'B7', 'B8', 'B9', 'B10', 'B11', 'B12', 'B13', 'B14', 'B15',
  'L1', 'L2', 'L3', 'L4',
  'A1', 'A2',
];
