/**
 * The page side of a page's backend, in the root entry: listen keys and repair reads through the
 * broker of `mexc-rx/server`. For pages whose backend holds the secret.
 * Re-exported by name from `src/index.ts` (docs/architecture.md, "The public surface").
 *
 * @module
 */
export { remoteListenKeys, type RemoteListenKeySource } from '../remote/remote-listen-keys.js';
export { remoteRepairSources, type RemoteRepair, type RemoteRepairSources } from '../remote/remote-repair-sources.js';
export type { PageLike, RemoteListenKeysOptions } from '../remote/remote-settings.js';
export type { RemoteRepairSourcesOptions } from '../remote/remote-repair-settings.js';
export { BrokerError } from '../remote/broker-error.js';
export type { BrokerRefusalCode } from '../remote/protocol.js';
