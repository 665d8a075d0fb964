/**
 * Closing a websocket that is still connecting (a connect timeout against a server that never
 * completes the handshake, or a stream stopped while connecting) must not crash the process: the
 * `ws` library reports such a close as an 'error' event, which is thrown when nobody listens. The
 * stream's timers run on a virtual scheduler moved by the test; the sockets are real.
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import { createServer, type Server, type Socket } from 'node:net';
import { runInThisContext } from 'node:vm';
import { of, VirtualTimeScheduler } from 'rxjs';
import { userDataStream, type UserDataEvent } from '../../src/stream/user-data-stream.js';
import { drain } from '../support/harness.js';

/** The real process (Jest's sandbox has a copy that never hears its events). */
const realProcess = runInThisContext('process') as NodeJS.Process;

let server: Server | undefined;
const sockets = new Set<Socket>();
afterEach(async () => {
  for (const socket of sockets) socket.destroy();
  sockets.clear();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

/** A TCP server on 127.0.0.1 that accepts connections and never answers the websocket handshake. */
async function blackHole(): Promise<string> {
  const s = (server = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
  }));
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', () => resolve()));
  const address = s.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return `ws://127.0.0.1:${address.port}/ws`;
}

describe('closing a socket that is still connecting', () => {
  it('a connect timeout is a reconnect, not an uncaught exception', async () => {
    const wsUrl = await blackHole();
    const uncaught: unknown[] = [];
    const record = (error: unknown): void => {
      uncaught.push(error);
    };
    realProcess.on('uncaughtException', record);
    const events: UserDataEvent[] = [];
    const scheduler = new VirtualTimeScheduler();
    const subscription = userDataStream(() => of('a-listen-key-for-the-black-hole-0000000000'), {
      wsUrl,
      scheduler,
      // The shortest a stream allows (a connect timeout and a backoff of 100 ms).
      connectTimeoutMs: 100,
      backoff: { initialDelayMs: 100, maxDelayMs: 100 },
    }).subscribe((event) => events.push(event));
    try {
      // Timer by timer (a connect timeout, a backoff, a connect timeout), the sockets' own events
      // let run in between, and after the second timeout, so that a late 'error' would surface.
      while (events.filter((e) => e.type === 'reconnecting').length < 2) {
        await drain();
        const next = scheduler.actions[0];
        if (next === undefined) throw new Error('no timer left before two connect timeouts');
        scheduler.maxFrames = next.delay;
        scheduler.flush();
      }
      await drain();
    } finally {
      subscription.unsubscribe();
      realProcess.off('uncaughtException', record);
    }
    expect(uncaught.map(String)).toEqual([]);
    expect(events.filter((e) => e.type === 'reconnecting').map((e) => e.type === 'reconnecting' && e.reason).slice(0, 2)).toEqual([
      'connect-timeout',
      'connect-timeout',
    ]);
  });
});
