/**
 * A closed pipe as a user meets it: `mexc-rx stream` as a real child process whose standard output
 * is read by someone who leaves after three lines (the test itself, then `head -3` in a shell
 * pipeline with `mexc-rx simulator` running as another process). The stream notices at its next
 * write, stops quietly with exit code 0, and DELETEs its listen key. Bounded: every child has a
 * deadline after which its whole process group is killed; ports come from the OS.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CLI, DEADLINE_MS, spawnShell, type Watched } from './shell-child.js';
import { firstValueFrom } from 'rxjs';
import { createClient, createSubAccount, listListenKeys, universalTransfer, type Client } from '../../src/index.js';
import { startSimulator, type Simulator } from '../../src/simulator/index.js';


/** Lines of standard error, without Node's own warnings. */
const ownLines = (stderr: string): readonly string[] => stderr.split('\n').filter((line) => line !== '');

describe('mexc-rx stream as a child process whose reader leaves after three lines', () => {
  let sim: Simulator;
  beforeAll(async () => {
    sim = await startSimulator({ realtime: true });
  });
  afterAll(() => sim.close());

  it('exits 0 with no error on stderr, and leaves no valid listen key on the simulator', async () => {
    const env = { MEXC_BASE_URL: sim.restUrl, MEXC_API_KEY: sim.master.apiKey, MEXC_SECRET_KEY: sim.master.secretKey };
    const stream = spawnShell(`exec ${CLI} stream --format json`, env);
    const placeOrder = (): void => void sim.market.placeOrder({ account: sim.master.name, symbol: 'BTCUSDT', side: 'BUY', price: '30000', quantity: '0.01' });
    for (let count = 1; count <= 3; count++) {
      await stream.linesOrEnd(count);
      if (count < 3) placeOrder();
    }
    // The reader reads its third line and leaves; the stream learns it at its next write.
    stream.child.stdout.destroy();
    placeOrder();
    const { code, stderr } = await stream.ended;
    expect(stream.lines.slice(0, 3).map((line) => (JSON.parse(line) as { type: string }).type)[0]).toBe('connected');
    expect(ownLines(stderr)).toEqual([expect.stringMatching(/^streaming from ws:\/\/127\.0\.0\.1:\d+\/ws /), expect.stringMatching(/^stopped \(output-closed\) after \d+ events; listen key closed$/)]);
    expect(code).toBe(0);
    const keys = sim.admin.listenKeys(sim.master.name);
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.filter((key) => key.valid)).toEqual([]);
  }, 60_000);
});

describe('mexc-rx simulator in one process, mexc-rx stream piped into head -3 in another', () => {
  let simulator: Watched;
  let env: Record<string, string>;
  let client: Client;
  beforeAll(async () => {
    // It serves the whole block; afterAll stops it with Ctrl+C long before this deadline.
    simulator = spawnShell(`exec ${CLI} simulator --json`, {}, 3 * DEADLINE_MS);
    await simulator.linesOrEnd(1);
    const printed = JSON.parse(simulator.lines[0] ?? '{}') as { master: { variables: Record<string, string> } };
    env = printed.master.variables;
    client = createClient({ baseUrl: env['MEXC_BASE_URL'] ?? '', apiKey: env['MEXC_API_KEY'] ?? '', secretKey: env['MEXC_SECRET_KEY'] ?? '' });
    await firstValueFrom(createSubAccount(client, { subAccount: 'pipecheck01', note: 'closed pipe' }));
  }, 60_000);
  afterAll(async () => {
    simulator.child.kill('SIGINT');
    expect((await simulator.ended).code).toBe(0);
  });

  it('prints three lines, both ends exit 0, and the simulator then holds no valid listen key', async () => {
    const pipeline = spawnShell(`${CLI} stream | head -3; echo "pipeline status \${PIPESTATUS[*]}" >&2`, env);
    // head's output is a pipe, so it shows its lines only as it exits: like a third terminal, the
    // test makes a transfer every second until the pipeline has ended. An idle account streams
    // nothing after "connected"; each transfer brings one account event. Two make head's three
    // lines; the next one is the write that finds the pipe closed.
    const transfer = (): Promise<unknown> => firstValueFrom(universalTransfer(client, { toAccount: 'pipecheck01', fromAccountType: 'SPOT', toAccountType: 'SPOT', asset: 'USDT', amount: '1' }));
    for (let made = 0; made < 30 && !pipeline.exited(); made++) {
      await transfer();
      await Promise.race([pipeline.ended, new Promise((resolve) => setTimeout(resolve, 1000))]);
    }
    const { code, stderr } = await pipeline.ended;
    expect(pipeline.lines).toHaveLength(3);
    expect(pipeline.lines.map((line) => (JSON.parse(line) as { type: string }).type)).toEqual(['connected', 'account', 'account']);
    expect(ownLines(stderr)).toEqual([
      expect.stringMatching(/^streaming from /),
      expect.stringMatching(/^stopped \(output-closed\) after \d+ events; listen key closed$/),
      'pipeline status 0 0',
    ]);
    expect(code).toBe(0);
    expect((await firstValueFrom(listListenKeys(client))).listenKeys).toEqual([]);
  }, 60_000);
});
