/**
 * The suite's side of the runtime matrix: the simulator on real time (the program runs in another
 * process, or in workerd, so real I/O across processes is the point), and the control server the
 * program calls to act on the simulator at the moment it needs. Both on 127.0.0.1, OS-picked ports.
 * At each `note-keys` the simulator's valid listen keys are noted under the label the program
 * gives; at `drop-and-place` its ledger is noted too (what the repaired balances must equal).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startSimulator, type BalanceView, type Simulator } from '../../../src/simulator/index.js';
import type { ControlAction, ScenarioEnv } from '../scenario/protocol.js';

/** What the suite noted while the program ran. */
export interface Notes {
  /** Valid listen keys of the master, by the program's label. */
  readonly keys: Map<string, string[]>;
  /** The master's SPOT ledger right after the order placed while disconnected. */
  ledgerAfterGap: readonly BalanceView[] | undefined;
  /** Every action the program asked for, in order. */
  readonly actions: ControlAction[];
}

/** A running simulator and control server. */
export interface Driver {
  readonly sim: Simulator;
  /** The master's SPOT ledger before the program ran. */
  readonly ledgerAtStart: readonly BalanceView[];
  readonly notes: Notes;
  /** The program's settings (`serve` as given). */
  env(serve: boolean): ScenarioEnv;
  close(): Promise<void>;
}

const ORDER = { symbol: 'BTCUSDT', side: 'BUY', price: '30000', quantity: '0.01' } as const;

function act(sim: Simulator, notes: Notes, action: string, label: string | null): unknown {
  const account = sim.master.name;
  switch (action) {
    case 'place-order':
      notes.actions.push(action);
      return { orderId: sim.market.placeOrder({ account, ...ORDER }).orderId };
    case 'drop-and-place': {
      notes.actions.push(action);
      const dropped = sim.ws.drop({ account });
      const { orderId } = sim.market.placeOrder({ account, ...ORDER });
      notes.ledgerAfterGap = sim.admin.balances(account, 'SPOT');
      return { dropped, orderId };
    }
    case 'note-keys': {
      notes.actions.push(action);
      const valid = sim.admin.listenKeys(account).filter((key) => key.valid).map((key) => key.key);
      notes.keys.set(label ?? '', valid);
      return { valid: valid.length };
    }
    default:
      return undefined;
  }
}

/**
 * Starts the simulator and the control server.
 *
 * @example
 * ```ts
 * const driver = await startDriver();
 * const env = driver.env(true);
 * await driver.close();
 * ```
 */
export async function startDriver(): Promise<Driver> {
  const sim = await startSimulator();
  const notes: Notes = { keys: new Map(), ledgerAfterGap: undefined, actions: [] };
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://control.invalid');
    const answer = req.method === 'POST' ? act(sim, notes, url.pathname.slice(1), url.searchParams.get('label')) : undefined;
    res.writeHead(answer === undefined ? 404 : 200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(answer ?? { error: `no action ${req.method ?? ''} ${url.pathname}` }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const controlUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    sim,
    ledgerAtStart: sim.admin.balances(sim.master.name, 'SPOT'),
    notes,
    env: (serve) => ({ restUrl: sim.restUrl, wsUrl: sim.wsUrl, apiKey: sim.master.apiKey, secretKey: sim.master.secretKey, controlUrl, serve }),
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await sim.close();
    },
  };
}
