/**
 * Where the payouts go: a real broker account when its keys are in the environment
 * (`MEXC_API_KEY`, `MEXC_API_SECRET`, and `MEXC_BASE_URL` for another address, such as a simulator
 * served elsewhere), else the embedded simulator, started here with the batch's sub-accounts under
 * its broker. The keys stay in this process: only the address is ever printed.
 */
import { createClient, type Client } from '../../src/index.js';
import { startSimulator } from '../../src/simulator/index.js';
import { payeeNames } from './batch.js';

/** The broker's client and where it points. */
export interface PayoutService {
  /** The broker's client (B13 and its history, B1). */
  readonly client: Client;
  /** What to print: the address, never a key. */
  readonly where: string;
  /** Whether it is the simulator started by this process (gone when the process ends). */
  readonly embedded: boolean;
  /** Closes the client, and the simulator when it is the embedded one. */
  close(): Promise<void>;
}

/** The part of the environment read here. */
export interface ServiceEnv {
  readonly MEXC_API_KEY?: string | undefined;
  readonly MEXC_API_SECRET?: string | undefined;
  readonly MEXC_BASE_URL?: string | undefined;
}

const given = (text: string | undefined): string | undefined => (text === undefined || text === '' ? undefined : text);

/**
 * The broker account of `env`'s keys, or the embedded simulator when there are none.
 *
 * @example
 * ```ts
 * const service = await openService(process.env);
 * console.log(`paying from ${service.where}`);
 * await service.close();
 * ```
 */
export async function openService(env: ServiceEnv): Promise<PayoutService> {
  const apiKey = given(env.MEXC_API_KEY);
  const secretKey = given(env.MEXC_API_SECRET);
  const baseUrl = given(env.MEXC_BASE_URL);
  if ((apiKey === undefined) !== (secretKey === undefined)) throw new Error('MEXC_API_KEY and MEXC_API_SECRET: give both or neither');
  if (apiKey !== undefined && secretKey !== undefined) {
    const client = createClient({ apiKey, secretKey, baseUrl });
    return { client, where: baseUrl ?? 'the MEXC service', embedded: false, close: async () => void (await client.close()) };
  }
  const sim = await startSimulator();
  for (const name of payeeNames()) sim.admin.createSubAccount(sim.broker.name, name, 'payouts example');
  const client = createClient({ baseUrl: sim.restUrl, apiKey: sim.broker.apiKey, secretKey: sim.broker.secretKey });
  return {
    client,
    where: `the embedded simulator at ${sim.restUrl}`,
    embedded: true,
    async close() {
      await client.close();
      await sim.close();
    },
  };
}
