/**
 * Shared set-up of the lifecycle tests: a TestScheduler, a scripted server, and a key source that
 * records every call with its virtual time.
 */
import { expect } from '@jest/globals';
import { defer, of, throwError, type Observable } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { encodeJsonFrame } from '../../src/simulator/ws/encode-frame.js';
import type { AccountEvent } from '../../src/stream/events.js';
import type { UserDataEvent } from '../../src/stream/user-data-stream.js';
import { FakeServer } from './fake-socket.js';

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;

export function testScheduler(): TestScheduler {
  return new TestScheduler((actual, expected) => expect(actual).toEqual(expected));
}

export interface KeyCall {
  readonly op: 'create' | 'keepAlive' | 'close';
  readonly key: string;
  readonly at: number;
}

/** A key source handing out key-1, key-2, ...; `failKeepAlive` makes the next keepalives fail. */
export class RecordingKeySource {
  readonly calls: KeyCall[] = [];
  failKeepAlives = 0;
  private issued = 0;

  constructor(private readonly scheduler: { now(): number }) {}

  create = (): Observable<string> =>
    defer(() => {
      const key = `key-${++this.issued}-${'x'.repeat(20)}`;
      this.calls.push({ op: 'create', key, at: this.scheduler.now() });
      return of(key);
    });

  keepAlive = (key: string): Observable<unknown> =>
    defer(() => {
      this.calls.push({ op: 'keepAlive', key, at: this.scheduler.now() });
      if (this.failKeepAlives > 0) {
        this.failKeepAlives -= 1;
        return throwError(() => new Error('keepalive refused'));
      }
      return of({ listenKey: key });
    });

  close = (key: string): Observable<unknown> =>
    defer(() => {
      this.calls.push({ op: 'close', key, at: this.scheduler.now() });
      return of({ listenKey: key });
    });

  of(op: KeyCall['op']): KeyCall[] {
    return this.calls.filter((c) => c.op === op);
  }
}

export function setup(scheduler: TestScheduler): { server: FakeServer; keys: RecordingKeySource } {
  return { server: new FakeServer(scheduler, 1), keys: new RecordingKeySource(scheduler) };
}

let sequence = 0;

/** A JSON account frame with a distinct balance each call. */
export function accountFrame(time: number): { frame: string; event: AccountEvent } {
  sequence += 1;
  const event: AccountEvent = {
    type: 'account',
    channel: 'spot@private.account.v3.api',
    asset: 'USDT',
    coinId: 'usdt-id',
    free: `${1000 + sequence}`,
    freeChange: '1',
    frozen: '0',
    frozenChange: '0',
    changeType: 'DEPOSIT',
    time,
    sendTime: time,
    createTime: time,
  };
  return { frame: encodeJsonFrame(event), event };
}

/** A push of the same content as `event`, sent at `sendTime` (a new push, not a copy of the first). */
export function pushedAgain(event: AccountEvent, sendTime: number): { frame: string; event: AccountEvent } {
  const again = { ...event, sendTime };
  return { frame: encodeJsonFrame(again), event: again };
}

/** The type of each event, for compact marble values. */
export function kinds(events: readonly UserDataEvent[]): string[] {
  return events.map((e) => e.type);
}
