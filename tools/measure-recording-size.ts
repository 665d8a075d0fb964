/**
 * Measures how big a recording is: a simulator account trades a scripted session of 300 orders
 * while its user data stream (protobuf, then JSON) is captured through a websocket factory and
 * written with the recording writer. Prints the bytes per market event and what an hour takes at
 * a few event rates, and how much gzip saves. Run: npx tsx tools/measure-recording-size.ts
 */
import { gzipSync } from 'node:zlib';
import WebSocket from 'ws';
import { createClient, createRecordingWriter, userDataStream, type UserDataEvent } from '../src/index.js';
import { startSimulator } from '../src/simulator/index.js';
import { webSocketFactoryFor, type WebSocketClass, type WebSocketFactory } from '../src/stream/socket.js';

const ORDERS = 300;

async function measure(format: 'protobuf' | 'json'): Promise<{ readonly events: number; readonly frameBytes: number; readonly gzipped: number }> {
  const sim = await startSimulator({ realtime: false });
  const writer = createRecordingWriter({ secrets: [sim.master.apiKey, sim.master.secretKey] });
  let frameLines: string[] = [];
  const inner = webSocketFactoryFor(WebSocket as unknown as WebSocketClass);
  const factory: WebSocketFactory = (url) => {
    const socket = inner(url);
    let handler: typeof socket.onmessage = null;
    const onmessage = (event: { readonly data: unknown }): void => {
      const line = writer.frame({ connection: 1, at: sim.clock.now(), data: event.data as Uint8Array | string });
      frameLines.push(line);
      handler?.(event);
    };
    return new Proxy(socket, {
      set(target, property, value: unknown) {
        if (property !== 'onmessage') return Reflect.set(target, property, value);
        handler = value as typeof socket.onmessage;
        target.onmessage = value === null ? null : onmessage;
        return true;
      },
    });
  };
  const client = createClient({ baseUrl: sim.restUrl, wsUrl: sim.wsUrl, apiKey: sim.master.apiKey, secretKey: sim.master.secretKey, clock: () => sim.clock.now(), scheduler: sim.scheduler });
  let events = 0;
  let connected = false;
  const subscription = userDataStream(client, { format, webSocketFactory: factory }).subscribe((event: UserDataEvent) => {
    if (event.type === 'connected') connected = true;
    else if (event.type === 'account' || event.type === 'deal' || event.type === 'order') events += 1;
  });
  while (!connected) await new Promise((resolve) => setTimeout(resolve, 5));
  frameLines = [];
  sim.market.runSession({ account: sim.master.name, orders: ORDERS, seed: 1 });
  const pushed = sim.ws.pushes(sim.master.name).length;
  while (events < pushed) await new Promise((resolve) => setTimeout(resolve, 5));
  subscription.unsubscribe();
  await sim.close();
  const text = `${frameLines.join('\n')}\n`;
  return { events, frameBytes: Buffer.byteLength(text), gzipped: gzipSync(text).length };
}

for (const format of ['protobuf', 'json'] as const) {
  const { events, frameBytes, gzipped } = await measure(format);
  const perEvent = frameBytes / events;
  const hour = (rate: number): string => `${((perEvent * rate * 3600) / 1e6).toFixed(1)} MB`;
  console.log(
    `${format}: ${events} market events from ${ORDERS} orders, ${Math.round(perEvent)} bytes per event line; an hour at 1 event/s ${hour(1)}, 10/s ${hour(10)}, 100/s ${hour(100)}; gzip: ${Math.round((100 * gzipped) / frameBytes)}% of that`,
  );
}
