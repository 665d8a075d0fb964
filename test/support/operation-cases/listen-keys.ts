/**
 * The listen-key operations L1-L4 and the account reads A1, A2 as test cases (see ../operations.ts).
 */
import { closeListenKey, createListenKey, getAccount, keepAliveListenKey, listListenKeys, listOpenOrders } from '../../../src/index.js';
import { LISTEN_KEY, ACCOUNT_EXAMPLE, OPEN_ORDER_EXAMPLE, type OperationCase } from './shared.js';

// Parameter objects list their keys out of spec order on purpose: the wire order must not follow them.
export const listenKeysCases: readonly OperationCase[] = [
  {
    id: 'L1',
    method: 'POST',
    path: '/api/v3/userDataStream',
    run: (c, o) => createListenKey(c, {}, o),
    query: [],
    movesMoney: false,
    idempotent: false,
    example: { listenKey: LISTEN_KEY },
  },
  {
    id: 'L2',
    method: 'GET',
    path: '/api/v3/userDataStream',
    run: (c, o) => listListenKeys(c, {}, o),
    query: [],
    movesMoney: false,
    idempotent: true,
    example: { total: 2, available: '58', listenKey: [LISTEN_KEY, 'second0listen0key'] },
  },
  {
    id: 'L3',
    method: 'PUT',
    path: '/api/v3/userDataStream',
    run: (c, o) => keepAliveListenKey(c, { listenKey: LISTEN_KEY }, o),
    query: [['listenKey', LISTEN_KEY]],
    movesMoney: false,
    idempotent: true,
    example: { listenKey: LISTEN_KEY },
  },
  {
    id: 'L4',
    method: 'DELETE',
    path: '/api/v3/userDataStream',
    run: (c, o) => closeListenKey(c, { listenKey: LISTEN_KEY }, o),
    query: [['listenKey', LISTEN_KEY]],
    movesMoney: false,
    idempotent: true,
    example: { listenKey: LISTEN_KEY },
  },
  {
    id: 'A1',
    method: 'GET',
    path: '/api/v3/account',
    run: (c, o) => getAccount(c, {}, o),
    query: [],
    movesMoney: false,
    idempotent: true,
    example: ACCOUNT_EXAMPLE,
  },
  {
    id: 'A2',
    method: 'GET',
    path: '/api/v3/openOrders',
    run: (c, o) => listOpenOrders(c, { symbol: 'BTCUSDT' }, o),
    query: [['symbol', 'BTCUSDT']],
    movesMoney: false,
    idempotent: true,
    example: [OPEN_ORDER_EXAMPLE],
  },
];
