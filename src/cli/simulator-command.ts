/**
 * The `simulator` command: starts the simulator in real-time mode and prints its URLs and the
 * master and broker credentials, then runs until stopped.
 *
 * @module
 */
import { startSimulator, type Simulator } from '../simulator/index.js';

/** Settings of the `simulator` command. */
export interface SimulatorCommandOptions {
  /** Port on 127.0.0.1; 0 picks a free one. */
  readonly port: number;
  /** Print one JSON object instead of text. */
  readonly json: boolean;
  /** Where to print. */
  readonly print: (line: string) => void;
}

/**
 * Starts the simulator (clock in real time, so clients using `Date.now` are accepted) and prints
 * how to reach it. Returns the running simulator; the caller closes it.
 *
 * @example
 * ```ts
 * const sim = await runSimulatorCommand({ port: 0, json: false, print: console.log });
 * process.once('SIGINT', () => void sim.close());
 * ```
 */
export async function runSimulatorCommand(options: SimulatorCommandOptions): Promise<Simulator> {
  const sim = await startSimulator({ port: options.port, realtime: true });
  const info = {
    restUrl: sim.restUrl,
    wsUrl: sim.wsUrl,
    master: sim.master,
    broker: sim.broker,
  };
  if (options.json) {
    options.print(JSON.stringify(info));
  } else {
    options.print(`mexc-rx simulator listening`);
    options.print(`  REST  ${info.restUrl}`);
    options.print(`  WS    ${info.wsUrl}  (not served yet)`);
    for (const [role, account] of [['master', sim.master], ['broker', sim.broker]] as const) {
      options.print(`  ${role.padEnd(6)} uid ${account.uid}  name ${account.name}`);
      options.print(`         apiKey    ${account.apiKey}`);
      options.print(`         secretKey ${account.secretKey}`);
    }
    options.print('Press Ctrl+C to stop.');
  }
  return sim;
}
