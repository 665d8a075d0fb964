/**
 * The runtime matrix's assertions, one test per step of the program, the same for every runtime:
 * the simulator and the control server start in this (Node) process, the program runs in the
 * runtime, and each test reads its step's line, so a failing step names itself (with the runtime's
 * error and stack, or the runtime's own output when the step was never reported).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { firstValueFrom } from 'rxjs';
import * as root from '../../../src/index.js';
import * as server from '../../../src/server/index.js';
import type { BalanceView } from '../../../src/simulator/index.js';
import { summary } from '../scenario/kit.js';
import type { ErrorSummary, ScenarioEnv, StepName } from '../scenario/protocol.js';
import { startDriver, type Driver } from './driver.js';
import type { ProgramRun } from './program.js';

/** How long the program may run before it is killed, ms. */
export const PROGRAM_MS = 100_000;

/** A runtime of the matrix. */
export interface MatrixRuntime {
  /** What `navigator.userAgent` starts with there (proves the program ran there, not in Node). */
  readonly userAgent: string;
  /** Whether the program serves the broker and the health handler there. */
  readonly serves: boolean;
  /** Runs the program; resolves when it ended (or was killed). */
  run(env: ScenarioEnv): Promise<ProgramRun>;
}

/** A step's data, or a failure naming the step and what the runtime said. */
function stepData<T>(run: ProgramRun | undefined, name: StepName): T {
  if (run === undefined) throw new Error('the program did not run');
  const line = run.steps.get(name);
  if (line === undefined) {
    const ended = run.timedOut ? 'was killed after its time' : `exited with ${String(run.exitCode ?? run.signal)}`;
    throw new Error(`the runtime reported no '${name}' step; the program ${ended}; its other output:\n${run.otherOutput}`);
  }
  if (!line.ok) throw new Error(`step '${name}' failed in the runtime: ${line.error.name}: ${line.error.message}\n${line.error.stack ?? ''}`);
  return line.data as T;
}

function withoutStack(error: ErrorSummary & { stack?: string }): ErrorSummary {
  const { stack: _stack, ...rest } = error;
  return rest;
}

const sorted = (balances: readonly BalanceView[] | undefined): { asset: string; free: string; locked: string }[] =>
  [...(balances ?? [])].map(({ asset, free, locked }) => ({ asset, free, locked })).sort((a, b) => a.asset.localeCompare(b.asset));

/** What Node's own client answers to the program's bad input, against the same simulator. */
async function nodeRefusals(env: ScenarioEnv): Promise<{ parameter: ErrorSummary; setting: ErrorSummary }> {
  const credentials = { baseUrl: env.restUrl, apiKey: env.apiKey, secretKey: env.secretKey };
  const client = root.createClient(credentials);
  const parameter = await firstValueFrom(root.listSubAccounts(client, { limit: 500 })).then(() => undefined, (error: unknown) => error);
  let setting: unknown;
  try {
    root.createClient({ ...credentials, recvWindow: 70_000 });
  } catch (error) {
    setting = error;
  }
  await client.close();
  return { parameter: withoutStack(summary(parameter, root.isMexcError)), setting: withoutStack(summary(setting, root.isMexcError)) };
}

type Refused = { error: ErrorSummary & { stack?: string }; isValidationError: boolean };

/**
 * The matrix's tests for one runtime, under `describe(title)`.
 *
 * @example
 * ```ts
 * describeRuntime('Bun', { userAgent: 'Bun/', serves: true, run: (env) => runProgram(bun, [entry, JSON.stringify(env)], PROGRAM_MS) });
 * ```
 */
export function describeRuntime(title: string, runtime: MatrixRuntime): void {
  let driver: Driver | undefined;
  let run: ProgramRun | undefined;
  let refusals: Awaited<ReturnType<typeof nodeRefusals>> | undefined;
  const sim = (): Driver => {
    if (driver === undefined) throw new Error('the simulator did not start');
    return driver;
  };

  beforeAll(async () => {
    driver = await startDriver();
    refusals = await nodeRefusals(driver.env(runtime.serves));
    run = await runtime.run(driver.env(runtime.serves));
  }, PROGRAM_MS + 60_000);
  afterAll(async () => {
    await driver?.close();
  });

  describe(title, () => {
    it('loads both entries of the built package, as Node does', () => {
      const loaded = stepData<{ runtime?: string; root: string[]; server: string[] }>(run, 'import');
      expect(loaded.runtime?.startsWith(runtime.userAgent)).toBe(true);
      expect(loaded.root).toEqual(Object.keys(root).sort());
      expect(loaded.server).toEqual(runtime.serves ? Object.keys(server).sort() : []);
    });

    it("answers a signed REST call (getAccount) with the simulator's balances", () => {
      const { balances } = stepData<{ balances: BalanceView[] }>(run, 'rest');
      expect(sorted(balances)).toEqual(sorted(sim().ledgerAtStart));
    });

    it('refuses an invalid parameter with the same ValidationError as Node', () => {
      const refused = stepData<Refused>(run, 'invalid-parameter');
      expect(refused.isValidationError).toBe(true);
      expect(withoutStack(refused.error)).toEqual(refusals?.parameter);
      expect(refused.error).toMatchObject({ name: 'ValidationError', isMexcError: true, operation: 'M2' });
    });

    it('refuses an invalid setting with the same ValidationError as Node', () => {
      const refused = stepData<Refused>(run, 'invalid-setting');
      expect(refused.isValidationError).toBe(true);
      expect(withoutStack(refused.error)).toEqual(refusals?.setting);
      expect(refused.error).toMatchObject({ name: 'ValidationError', operation: 'config' });
    });

    it("streams the master's user data to a decoded account event, its status connecting then live", () => {
      const seen = stepData<{ account: Record<string, string>; statuses: string[]; connected: { listenKey: string } }>(run, 'stream');
      expect(seen.statuses).toEqual(['connecting', 'live']);
      // The order locked 300 USDT of the 100000.
      expect(seen.account).toEqual({ asset: 'USDT', free: '99700', frozen: '300', channel: 'spot@private.account.v3.api.pb' });
      expect(seen.connected.listenKey).toMatch(/^\w{4}…\w{4}$/);
    });

    it('reports the gap of a dropped connection and repairs it from the account: reconnecting, stale, live', () => {
      const gap = stepData<{ placed: { dropped: number }; gap: { reason: string; ordered: boolean }; lifecycle: string[]; statuses: string[]; balances: Record<string, { free: string; frozen: string }>; cause: string }>(run, 'gap');
      expect(gap.placed.dropped).toBe(1);
      expect(gap.gap.ordered).toBe(true);
      expect(gap.lifecycle).toEqual(['reconnecting', 'gap', 'connected']);
      expect(gap.statuses).toEqual(['reconnecting', 'stale', 'live']);
      expect(gap.cause).toBe('resync');
      // The order placed while no connection was up is in the repaired balances.
      const ledger = Object.fromEntries(sorted(sim().notes.ledgerAfterGap).map(({ asset, free, locked }) => [asset, { free, frozen: locked }]));
      expect(gap.balances).toEqual(ledger);
    });

    if (runtime.serves) {
      it("serves the listen-key broker on the runtime's own server, whose key a remoteListenKeys stream streams on", () => {
        const broker = stepData<{ listenKey: string; keys: { valid: number }; account: { asset: string }; repairRoute: { status: number; assets: string[] } }>(run, 'broker');
        const valid = sim().notes.keys.get('page-connected') ?? [];
        // The master's own stream's key and the page's, which the broker made.
        expect(valid.length).toBe(2);
        const [head, tail] = broker.listenKey.split('…');
        expect(valid.filter((key) => key.startsWith(head ?? '?') && key.endsWith(tail ?? '?')).length).toBe(1);
        expect(broker.account.asset).toBe('USDT');
        expect(broker.repairRoute).toEqual({ status: 200, assets: ['BTC', 'USDT'] });
      });

      it("serves the health handler's probes on the runtime's own server: live, and ready once the gap is repaired", () => {
        const probes = stepData<{ livez: { status: number; body: { live: boolean } }; readyz: { status: number; body: { ready: boolean; summary: Record<string, number> } } }>(run, 'health');
        expect([probes.livez.status, probes.livez.body.live]).toEqual([200, true]);
        expect([probes.readyz.status, probes.readyz.body.ready]).toEqual([200, true]);
        expect(probes.readyz.body.summary).toEqual({ connecting: 0, live: 1, reconnecting: 0, stale: 0, stopped: 0 });
      });
    }

    it('closes the client with every listen key gone on the simulator', () => {
      const closed = stepData<{ clientClosed: unknown; serverClosed?: { brokerClient: unknown } }>(run, 'close');
      const none = { keysNotClosed: [], creationsUnanswered: 0 };
      expect(closed.clientClosed).toEqual(none);
      if (runtime.serves) expect(closed.serverClosed?.brokerClient).toEqual(none);
      expect(sim().notes.keys.get('after-close')).toEqual([]);
    });

    it('ends the program on its own within its time, nothing left open', () => {
      expect(run?.timedOut).toBe(false);
      expect([run?.exitCode, run?.signal]).toEqual([0, null]);
    });
  });
}
