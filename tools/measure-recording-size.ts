/**
 * Measures how big a recording is: a simulator account trades a scripted session of 300 orders
 * while its user data stream (protobuf, then JSON) is recorded by the recorder given to its client
 * (`createRecorder`, the same path as `mexc-rx stream --record`). Prints the bytes per market
 * event (every line written once the stream is connected: frames, lifecycle events, REST replies,
 * divided by the market events), what an hour takes at a few event rates, and how much gzip saves.
 * Run: npx tsx tools/measure-recording-size.ts
 */
import { gzipSync } from 'node:zlib';
import { createClient, createRecorder, userDataStream, type UserDataEvent } from '../src/index.js';
import { startSimulator } from '../src/simulator/index.js';

const ORDERS = 300;

async function measure(format: 'protobuf' | 'json'): Promise<{ readonly events: number; readonly bytes: number; readonly gzipped: number }> {
  const sim = await startSimulator({ realtime: false });
  const lines: string[] = [];
  const recorder = createRecorder({ sink: (batch) => void lines.push(...batch) });
  const client = createClient({ baseUrl: sim.restUrl, wsUrl: sim.wsUrl, apiKey: sim.master.apiKey, secretKey: sim.master.secretKey, clock: () => sim.clock.now(), scheduler: sim.scheduler, recorder });
  let events = 0;
  let connected = false;
  const subscription = userDataStream(client, { format }).subscribe((event: UserDataEvent) => {
    if (event.type === 'connected') connected = true;
    else if (event.type === 'account' || event.type === 'deal' || event.type === 'order') events += 1;
  });
  while (!connected) await new Promise((resolve) => setTimeout(resolve, 5));
  await recorder.flush();
  const from = lines.length;
  sim.market.runSession({ account: sim.master.name, orders: ORDERS, seed: 1 });
  const pushed = sim.ws.pushes(sim.master.name).filter((p) => p.deliveries.length > 0).length;
  while (events < pushed) await new Promise((resolve) => setTimeout(resolve, 5));
  await recorder.flush();
  const text = `${lines.slice(from).join('\n')}\n`;
  subscription.unsubscribe();
  await client.close();
  await sim.close();
  return { events, bytes: Buffer.byteLength(text), gzipped: gzipSync(text).length };
}

for (const format of ['protobuf', 'json'] as const) {
  const { events, bytes, gzipped } = await measure(format);
  const perEvent = bytes / events;
  const hour = (rate: number): string => `${((perEvent * rate * 3600) / 1e6).toFixed(1)} MB`;
  console.log(
    `${format}: ${events} market events from ${ORDERS} orders, ${Math.round(perEvent)} bytes per event; an hour at 1 event/s ${hour(1)}, 10/s ${hour(10)}, 100/s ${hour(100)}; gzip: ${Math.round((100 * gzipped) / bytes)}% of that`,
  );
}
