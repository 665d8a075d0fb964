/**
 * One handler per operation id: the type makes a missing operation a compile error.
 *
 * @module
 */
import type { OperationId } from '../../operation-id.js';
import { accountHandlers } from './account.js';
import { brokerHandlers } from './broker.js';
import { capitalHandlers } from './broker-capital.js';
import type { Handler } from './handler.js';
import { listenKeyHandlers } from './listen-key.js';
import { masterHandlers } from './master.js';

/** Every operation's handler. */
export const handlers: Readonly<Record<OperationId, Handler>> = {
  ...masterHandlers,
  ...brokerHandlers,
  ...capitalHandlers,
  ...listenKeyHandlers,
  ...accountHandlers,
};
