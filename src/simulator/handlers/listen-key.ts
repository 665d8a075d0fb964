/**
 * Handlers of the listen-key operations L1-L4.
 *
 * @module
 */
import { L1, L2, L3, L4 } from '../../endpoints/listen-key.js';
import { closeListenKey, createListenKey, keepAliveListenKey, validListenKeys } from '../listen-keys.js';
import { handler, type Handler } from './handler.js';

/** L1-L4. */
export const listenKeyHandlers = {
  L1: handler(L1, (_params, { world, caller, now }) => ({ listenKey: createListenKey(world, caller.uid, now).key })),
  L2: handler(L2, (_params, { world, caller, now }) => ({ listenKey: validListenKeys(world, caller.uid, now).map((k) => k.key) })),
  L3: handler(L3, ({ listenKey }, { world, caller, now }) => ({ listenKey: keepAliveListenKey(world, caller.uid, listenKey, now).key })),
  L4: handler(L4, ({ listenKey }, { world, caller, now }) => ({ listenKey: closeListenKey(world, caller.uid, listenKey, now).key })),
} satisfies Readonly<Record<string, Handler>>;
