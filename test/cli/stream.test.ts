import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { firstValueFrom } from 'rxjs';
import { createClient, listListenKeys } from '../../src/index.js';
import { startSimulator, type Simulator } from '../../src/simulator/index.js';
import { ndjson, run } from './harness.js';

describe('stream against an embedded simulator', () => {
  it('--sim --max-events 1 prints the connected event as one JSON line and exits 0', async () => {
    const result = await run(['stream', '--sim', '--max-events', '1']);
    expect(result.code).toBe(0);
    const events = ndjson(result.stdout);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: 'connected', connection: 1 });
    expect(result.stderr).toMatch(/^streaming from ws:\/\/127\.0\.0\.1:\d+\/ws \(listen keys from http:\/\/127\.0\.0\.1:\d+\); Ctrl\+C stops\nstopped \(max-events\) after 1 events; listen key closed\n$/);
  });

  it('--demo-activity makes the simulator trade, so order and account events flow', async () => {
    const result = await run(['stream', '--sim', '--demo-activity', '--max-events', '5', '--format', 'json']);
    expect(result.code).toBe(0);
    const events = ndjson(result.stdout);
    expect(events.map((e) => e.type)).toEqual(['connected', ...events.slice(1).map(() => expect.stringMatching(/^(order|account|deal)$/))]);
    expect(events.some((e) => e.type === 'order' && e.channel === 'spot@private.orders.v3.api')).toBe(true);
  });

  it('stops after --duration-ms', async () => {
    const started = Date.now();
    const result = await run(['stream', '--sim', '--duration-ms', '300']);
    expect(result.code).toBe(0);
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    expect(result.stderr).toMatch(/\nstopped \(duration\) after \d+ events; listen key closed\n$/);
  });

  it('refuses a bad command line with exit code 2', async () => {
    for (const [argv, message] of [
      [['stream', '--sim', '--format', 'xml'], '--format takes protobuf or json'],
      [['stream', '--sim', '--max-events', '0'], '--max-events takes a positive integer'],
      [['stream', '--sim', '--duration-ms', 'soon'], '--duration-ms takes a positive integer'],
      [['stream', '--demo-activity'], '--demo-activity needs --sim'],
      [['stream', '--sim', '--limit', '5'], 'unknown option --limit'],
      [['stream', '--sim', '--verbose=1'], '--verbose takes no value'],
      [['stream', '--sim', '--ws-url', 'ws://127.0.0.1:1/ws'], '--sim starts its own simulator'],
      [['stream'], 'set MEXC_API_KEY and MEXC_SECRET_KEY'],
    ] as const) {
      const result = await run(argv);
      expect({ argv, code: result.code, stdout: result.stdout }).toEqual({ argv, code: 2, stdout: '' });
      expect(result.stderr).toContain(message);
    }
  });
});

describe('stream against a service given by --base-url, --ws-url and the environment', () => {
  let sim: Simulator;
  let env: Record<string, string>;
  const listenKeys = async (): Promise<readonly string[]> => {
    const client = createClient({ baseUrl: sim.restUrl, apiKey: sim.master.apiKey, secretKey: sim.master.secretKey });
    return (await firstValueFrom(listListenKeys(client))).listenKeys;
  };
  beforeAll(async () => {
    sim = await startSimulator({ realtime: true });
    env = { MEXC_API_KEY: sim.master.apiKey, MEXC_SECRET_KEY: sim.master.secretKey };
  });
  afterAll(() => sim.close());

  it('prints market events in the chosen format and DELETEs the listen key when done', async () => {
    let placed = false;
    const result = await run(['stream', '--base-url', sim.restUrl, '--ws-url', sim.wsUrl, '--format', 'json', '--max-events', '3'], {
      env,
      onStdout: () => {
        if (placed) return;
        placed = true;
        sim.market.placeOrder({ account: sim.master.name, symbol: 'BTCUSDT', side: 'BUY', price: '30000', quantity: '0.01' });
      },
    });
    expect(result.code).toBe(0);
    const events = ndjson(result.stdout);
    expect(events.map((e) => e.type).sort()).toEqual(['account', 'connected', 'order']);
    expect(events.find((e) => e.type === 'order')).toMatchObject({ channel: 'spot@private.orders.v3.api', side: 'BUY', price: '30000', status: 'NEW' });
    expect(events.find((e) => e.type === 'account')).toMatchObject({ asset: 'USDT', frozen: '300' });
    expect(result.stderr).toContain('listen key closed');
    expect(await listenKeys()).toEqual([]);
  });

  it('stops cleanly on Ctrl+C: unsubscribes, DELETEs the key, exits 0', async () => {
    const stop = new AbortController();
    const result = await run(['stream', '--base-url', sim.restUrl, '--ws-url', sim.wsUrl], {
      env,
      signal: stop.signal,
      onStdout: () => stop.abort(),
    });
    expect(result.code).toBe(0);
    expect(ndjson(result.stdout).map((e) => e.type)).toEqual(['connected']);
    expect(result.stderr).toBe(`streaming from ${sim.wsUrl} (listen keys from ${sim.restUrl}); Ctrl+C stops\nstopped (interrupted) after 1 events; listen key closed\n`);
    expect(await listenKeys()).toEqual([]);
    expect(sim.ws.connections().filter((c) => c.open)).toEqual([]);
  });

  it('ends with exit code 1 when the credentials are refused, printing no secret', async () => {
    const secret = 'WRONGxSECRETx0123456789abcdefghij';
    const result = await run(['stream', '--base-url', sim.restUrl, '--ws-url', sim.wsUrl, '--max-events', '5'], {
      env: { MEXC_API_KEY: sim.master.apiKey, MEXC_SECRET_KEY: secret },
    });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^streaming from .*\nStreamFatalError: .*\n {2}cause: ApiError: L1: code \d+/);
    expect(result.stderr).toContain('no listen key was created');
    expect(result.stderr).not.toContain(secret);
    expect(result.stderr).not.toContain(sim.master.apiKey);
  });
});

describe('stream: which websocket goes with which REST URL', () => {
  let sim: Simulator;
  let keys: Record<string, string>;
  const realWs = 'wss://wbs-api.mexc.com/ws';
  beforeAll(async () => {
    sim = await startSimulator({ realtime: true });
    keys = { MEXC_API_KEY: sim.master.apiKey, MEXC_SECRET_KEY: sim.master.secretKey };
  });
  afterAll(() => sim.close());

  it("--base-url of a simulator without --ws-url streams from that simulator's websocket", async () => {
    const result = await run(['stream', '--base-url', sim.restUrl, '--max-events', '1'], { env: keys });
    expect(result.code).toBe(0);
    expect(result.stderr.split('\n')[0]).toBe(`streaming from ${sim.wsUrl} (listen keys from ${sim.restUrl}); Ctrl+C stops`);
    expect(ndjson(result.stdout)).toEqual([expect.objectContaining({ type: 'connected' })]);
  });

  it('refuses a local REST URL with the real websocket, or the reverse, naming both, before any listen key is made', async () => {
    const cases: readonly (readonly [readonly string[], Record<string, string>, string, string])[] = [
      [['--base-url', sim.restUrl, '--ws-url', realWs], {}, `REST URL ${sim.restUrl} (--base-url)`, `websocket URL ${realWs} (--ws-url)`],
      [['--ws-url', sim.wsUrl], {}, 'REST URL https://api.mexc.com (default)', `websocket URL ${sim.wsUrl} (--ws-url)`],
      [[], { MEXC_BASE_URL: sim.restUrl, MEXC_WS_URL: realWs }, `REST URL ${sim.restUrl} (MEXC_BASE_URL)`, `websocket URL ${realWs} (MEXC_WS_URL)`],
      [['--base-url', 'https://api.mexc.com'], { MEXC_BASE_URL: sim.restUrl, MEXC_WS_URL: sim.wsUrl }, 'REST URL https://api.mexc.com (--base-url)', `websocket URL ${sim.wsUrl} (MEXC_WS_URL)`],
    ];
    const keysBefore = sim.admin.listenKeys(sim.master.name).length;
    for (const [flags, urls, rest, ws] of cases) {
      const result = await run(['stream', ...flags, '--max-events', '1'], { env: { ...keys, ...urls } });
      expect({ flags, code: result.code, stdout: result.stdout }).toEqual({ flags, code: 2, stdout: '' });
      expect(result.stderr).toContain(rest);
      expect(result.stderr).toContain(ws);
      expect(result.stderr).toMatch(/^refusing to mix a local simulator with another service/);
    }
    expect(sim.admin.listenKeys(sim.master.name)).toHaveLength(keysBefore);
  });

  it('never shows a password or a query given in a URL', async () => {
    const result = await run(['stream', '--base-url', 'https://user:hunter2@api.mexc.com', '--ws-url', 'ws://127.0.0.1:1/ws?listenKey=abcdef'], { env: keys });
    expect(result.code).toBe(2);
    expect(result.stderr).not.toContain('hunter2');
    expect(result.stderr).not.toContain('abcdef');
    expect(result.stderr).toContain('REST URL https://api.mexc.com (--base-url)');
  });
});
