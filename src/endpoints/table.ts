/**
 * The endpoint table: the 27 operations of the spec, in spec order, then the 2 account reads the
 * service documents beyond it (A1, A2). The single source from which the client functions, the
 * simulator's routes and the generated reference are derived.
 *
 * @module
 */
import { A1, A2 } from './account.js';
import type { AnyEndpoint } from './endpoint.js';
import { B1, B2, B3, B4, B5, B6, B7, B8, B9, B10, B11, B12, B13, B14, B15 } from './broker.js';
import { L1, L2, L3, L4 } from './listen-key.js';
import { M1, M2, M3, M4, M5, M6, M7, M8 } from './master.js';

/** Every row, M1..M8, B1..B15, L1..L4, A1..A2. */
export const endpointTable: readonly AnyEndpoint[] = [
  M1, M2, M3, M4, M5, M6, M7, M8,
  B1, B2, B3, B4, B5, B6, B7, B8, B9, B10, B11, B12, B13, B14, B15,
  L1, L2, L3, L4,
  A1, A2,
];
