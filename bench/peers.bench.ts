/**
 * The library beside its most-used peer on the same work, in the same run: ccxt's MEXC REST client
 * on a signed GET against the simulator, and ccxt pro's websocket message handling on the same
 * protobuf frames the library turns into order and balance state. ccxt is installed for the
 * benchmark only (`bench/peers/`, see `peer-packages.ts`).
 *
 * @module
 */
import type { Benchmark } from './benchmark.js';
import { loadPeers } from './peer-packages.js';
import { restPeerRows } from './peers-rest.js';
import { STATE_WORKLOAD, statePeerRows } from './peers-state.js';

/** The peers benchmark. */
export const peersBenchmark: Benchmark = {
  name: 'peers',
  title: 'Beside the peers (ccxt)',
  description:
    'ccxt (installed for the benchmark only, from `bench/peers/`) beside the library, in the same rounds, the order of ' +
    'the sides rotating from round to round. REST: `GET /api/v3/sub-account/list?limit=10` (M2, signed) against the ' +
    "simulator in a child process on 127.0.0.1, 16 in flight: ccxt's implicit `spotPrivateGetSubAccountList` (its URLs " +
    "pointed at the simulator, its own MEXC signing, its client-side rate limiter off), `listSubAccounts` with each " +
    "transport (no `fetch` given: undici's `Pool` on Node; the request budget's limits raised out of the way, its " +
    'bookkeeping measured), and raw `fetch` with a hand-made signature; throughput and the ' +
    `benchmark process's CPU time per request. State: ${STATE_WORKLOAD} (orders, deals and balance changes, 1% ` +
    'delivered twice), encoded once as protobuf push frames; per frame, wall time: the bare decode (protobufjs, the ' +
    "decoder ccxt uses, with ccxt's generated schema; and protobuf-es `fromBinary`), `decodeFrame`, then into " +
    '`reduceOrders` and `balanceSnapshots` behind a Subject (state started empty each pass, the latest snapshots kept), ' +
    'the same with `coalesce` (a virtual-time scheduler flushed every 25 events), and ccxt pro\'s `handleMessage` (decode, ' +
    'then its order, trade and balance caches, started empty each pass, with markets for the symbols).',
  async run({ quick, log }) {
    const peers = await loadPeers(log);
    log(`ccxt ${peers.ccxtVersion}, protobufjs ${peers.protobufjsVersion}`);
    const rest = await restPeerRows(peers, { quick, log });
    const state = await statePeerRows(peers, { quick, log });
    return [...rest, ...state];
  },
};
