/**
 * The demo (`npm start`): starts the embedded simulator, creates a sub-account with an API key,
 * funds it, opens its user data stream, drives a scripted market session (with one dropped
 * connection on the way), and shows the state the library's operators build, live. It ends with a
 * summary and exits 0 when the streamed state equals the simulator's own.
 */
import { filter, firstValueFrom, Subscription, take, timer } from 'rxjs';
import { balanceSnapshots, reduceOrders, userDataStream, type Client, type UserDataEvent } from '../../src/index.js';
import { startSimulator, type Simulator } from '../../src/simulator/index.js';
import { differences } from './compare.js';
import { plainRenderer } from './render-plain.js';
import { ttyRenderer } from './render-tty.js';
import { balancesFromRest, ordersFromSimulator } from './resync-sources.js';
import { setUpAccount } from './setup.js';
import { describeLifecycle, EMPTY_VIEW, type DemoView, type Renderer } from './view-model.js';

const ORDERS = 60;
const STEP_MS = 25;

/** The live view in a terminal, plain progress lines otherwise (CI, a pipe). */
function chooseRenderer(say: (line: string) => void): Renderer {
  if (process.stdout.isTTY !== true || process.env['CI'] !== undefined) return plainRenderer(say);
  const renderer = ttyRenderer(process.stdout);
  process.once('exit', () => renderer.close());
  return renderer;
}

/**
 * Ctrl+C: give the terminal back, close the clients (the stream stops and its listen key is
 * DELETEd; the promise resolves once it is gone), stop the simulator, then leave.
 */
function closeOnInterrupt(clients: readonly Client[], sim: Simulator, renderer: () => Renderer | undefined): void {
  process.once('SIGINT', () => {
    renderer()?.close();
    void Promise.all(clients.map((client) => client.close()))
      .then(() => sim.close())
      .finally(() => process.exit(130));
  });
}

async function main(): Promise<number> {
  const say = (line: string): void => void process.stdout.write(`${line}\n`);
  const started = Date.now();
  const sim = await startSimulator({ realtime: true });
  say(`simulator listening at ${sim.restUrl} and ${sim.wsUrl}`);
  const subscriptions = new Subscription();
  let renderer: Renderer | undefined;
  const clients: Client[] = [];
  try {
    const account = await setUpAccount(sim, say);
    clients.push(account.trader, account.master);
    closeOnInterrupt(clients, sim, () => renderer);
    say(`opening its user data stream; trading ${ORDERS} orders on BTCUSDT, with one drop`);
    const events$ = userDataStream(account.trader);
    let view: DemoView = EMPTY_VIEW;
    const shown = (renderer = chooseRenderer(say));
    const update = (change: Partial<DemoView>): void => {
      view = { ...view, ...change };
      shown.update(view);
    };

    const window: number[] = [];
    subscriptions.add(
      events$.subscribe((event: UserDataEvent) => {
        const text = describeLifecycle(event);
        if (text !== undefined) {
          update({
            connection: [...view.connection, { at: Date.now(), text }],
            status: event.type === 'reconnecting' || event.type === 'stopped' ? event.type : event.type === 'connected' ? 'live' : view.status,
            gaps: view.gaps + (event.type === 'gap' ? 1 : 0),
          });
          return;
        }
        const now = Date.now();
        window.push(now);
        while (window.length > 0 && (window[0] ?? now) < now - 1000) window.shift();
        update({ events: view.events + 1, eventsPerSecond: window.length });
      }),
    );
    subscriptions.add(
      events$.pipe(balanceSnapshots({ seed: balancesFromRest(account.master, account.name), resync: () => balancesFromRest(account.master, account.name) })).subscribe((balances) => update({ balances })),
    );
    subscriptions.add(
      events$.pipe(reduceOrders({ seed: ordersFromSimulator(sim, account.name), resync: () => ordersFromSimulator(sim, account.name) })).subscribe((orders) => update({ orders })),
    );

    await firstValueFrom(events$.pipe(filter((e) => e.type === 'connected'), take(1)));
    const session = sim.market.playSession({ account: account.name, orders: ORDERS, seed: 7, intervalMs: STEP_MS });
    // Halfway through, the network drops the connection: watch the reconnect, the gap and the resync.
    const drop = timer((ORDERS * STEP_MS * 2) / 2).subscribe(() => sim.ws.drop({ account: account.name }));
    subscriptions.add(drop);
    const summary = await session.done;
    // Let the last pushes and any resync arrive.
    await firstValueFrom(timer(1500));
    const final = view;

    const problems = differences(sim, account.name, final.balances, final.orders);
    // The stream stops (its subscribers get `stopped`, then completion) and its listen key is
    // DELETEd: once the promise resolves, the key is gone. Nothing to wait for after it.
    await account.trader.close();
    const socketsLeft = sim.ws.connections({ account: account.name, open: true }).length;
    const keysLeft = sim.admin.listenKeys(account.name).filter((key) => key.valid).length;
    // The view as it is now: with the stream's last event, `stopped`.
    shown.done(view, [
      '',
      'Summary',
      `  orders placed: ${summary.orderIds.length}, fills: ${summary.fills}, cancels: ${summary.cancels}`,
      `  events received: ${final.events}, gaps reported: ${final.gaps}`,
      `  streamed state equals the simulator's: ${problems.length === 0 ? 'yes' : 'NO'}`,
      ...problems.map((problem) => `    ${problem}`),
      `  after client.close(): ${socketsLeft} sockets open, ${keysLeft} listen keys still valid`,
      `  finished in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    ]);
    return problems.length === 0 && socketsLeft === 0 && keysLeft === 0 ? 0 : 1;
  } finally {
    renderer?.close();
    subscriptions.unsubscribe();
    await Promise.all(clients.map((client) => client.close()));
    await sim.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`demo failed: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}\n`);
    process.exit(1);
  },
);
