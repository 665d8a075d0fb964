/**
 * Shared set-up of the virtual-time tests of `userDataStreams`: per-account key sources that
 * record their calls, and a scripted websocket server (the lifecycle tests' fake) to open sockets on.
 */
import { defer, of, throwError, type Observable, type SchedulerLike } from 'rxjs';
import { ApiError } from '../../src/errors.js';
import type { ListenKeySource } from '../../src/stream/listen-key-source.js';
import type { FakeServer, FakeSocket } from '../stream-lifecycle/fake-socket.js';

export const wsUrl = 'ws://127.0.0.1:1/ws';

export interface KeyCall {
  readonly account: string;
  readonly op: 'create' | 'keepAlive' | 'close';
  readonly key: string;
  readonly at: number;
}

/**
 * Key sources of many accounts, recording every call in one list.
 *
 * @example
 * ```ts
 * const keys = new AccountKeys(scheduler);
 * userDataStreams(of(new Map([['a', keys.source('a')]])), options);
 * keys.of('close', 'a');
 * ```
 */
export class AccountKeys {
  readonly calls: KeyCall[] = [];
  private issued = 0;

  constructor(private readonly scheduler: SchedulerLike) {}

  /** A source for `account` whose keys start with the account's name; `refuse` makes L1 refuse the credentials. */
  source(account: string, options: { refuse?: boolean } = {}): ListenKeySource {
    const record = (op: KeyCall['op'], key: string): void => {
      this.calls.push({ account, op, key, at: this.scheduler.now() });
    };
    return {
      create: (): Observable<string> =>
        defer(() => {
          const key = `${account}-key-${++this.issued}-${'x'.repeat(16)}`;
          record('create', key);
          return options.refuse
            ? throwError(() => new ApiError({ code: 700002, msg: 'Signature for this request is not valid.', status: 400, operation: 'L1' }))
            : of(key);
        }),
      keepAlive: (key) => defer(() => (record('keepAlive', key), of({ listenKey: key }))),
      close: (key) => defer(() => (record('close', key), of({ listenKey: key }))),
    };
  }

  of(op: KeyCall['op'], account?: string): KeyCall[] {
    return this.calls.filter((c) => c.op === op && (account === undefined || c.account === account));
  }
}

/**
 * The open socket of an account (its key starts with the account's name).
 *
 * @example
 * ```ts
 * socketOf(server, 'a')?.deliver(frame);
 * ```
 */
export function socketOf(server: FakeServer, account: string): FakeSocket | undefined {
  return server.open().find((s) => s.listenKey.startsWith(`${account}-key-`));
}
