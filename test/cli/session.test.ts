/**
 * The command-line session: `mexc-rx simulator` in one terminal prints the export lines; pasted
 * into another, `call` and `stream` act on that one simulator, one call after another on the
 * same state.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import type { Simulator } from '../../src/simulator/index.js';
import { runSimulatorCommand } from '../../src/cli/simulator-command.js';
import { ndjson, run } from './harness.js';

/** What `mexc-rx simulator` printed, and the stop for its run. */
interface Started {
  readonly printed: string;
  readonly stop: AbortController;
  readonly done: Promise<number>;
}

async function startThroughMain(argv: readonly string[] = []): Promise<Started> {
  const stop = new AbortController();
  let printed = '';
  let resolvePrinted: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (resolvePrinted = resolve));
  const done = run(['simulator', ...argv], {
    signal: stop.signal,
    onStdout: (text) => {
      printed += text;
      // The text ends with the Ctrl+C line; --json is one line.
      if (printed.includes('Ctrl+C') || argv.includes('--json')) resolvePrinted();
    },
  }).then((result) => result.code);
  await ready;
  return { printed, stop, done };
}

/** The variables a POSIX shell holds after running `script` (what pasting the output does). */
function shellVariables(script: string): Promise<Record<string, string>> {
  const show = 'printf "%s\\n" "$MEXC_BASE_URL" "$MEXC_WS_URL" "$MEXC_API_KEY" "$MEXC_SECRET_KEY"';
  return new Promise((resolve, reject) => {
    execFile('sh', ['-c', `${script}\n${show}`], { env: { PATH: process.env['PATH'] ?? '' } }, (error, stdout, stderr) => {
      if (error !== null || stderr !== '') {
        reject(new Error(`sh failed: ${stderr}`));
        return;
      }
      const [MEXC_BASE_URL = '', MEXC_WS_URL = '', MEXC_API_KEY = '', MEXC_SECRET_KEY = ''] = stdout.split('\n');
      resolve({ MEXC_BASE_URL, MEXC_WS_URL, MEXC_API_KEY, MEXC_SECRET_KEY });
    });
  });
}

describe('mexc-rx simulator prints the lines to paste', () => {
  let sim: Simulator;
  let lines: string[] = [];
  beforeAll(async () => {
    lines = [];
    sim = await runSimulatorCommand({ port: 0, json: false, print: (line) => lines.push(line) });
  });
  afterAll(() => sim.close());

  it('one live export line for the master, the broker line commented out, every other line a comment', () => {
    const live = lines.filter((line) => !line.startsWith('#'));
    expect(live).toEqual([
      `export MEXC_BASE_URL=${sim.restUrl} MEXC_WS_URL=${sim.wsUrl} MEXC_API_KEY=${sim.master.apiKey} MEXC_SECRET_KEY=${sim.master.secretKey}`,
    ]);
    expect(lines).toContain(`# export MEXC_BASE_URL=${sim.restUrl} MEXC_WS_URL=${sim.wsUrl} MEXC_API_KEY=${sim.broker.apiKey} MEXC_SECRET_KEY=${sim.broker.secretKey}`);
    expect(lines.join('\n')).toContain('throwaway');
  });

  it('pasting the whole output into a shell sets the master account; the broker line alone sets the broker', async () => {
    expect(await shellVariables(lines.join('\n'))).toEqual({
      MEXC_BASE_URL: sim.restUrl,
      MEXC_WS_URL: sim.wsUrl,
      MEXC_API_KEY: sim.master.apiKey,
      MEXC_SECRET_KEY: sim.master.secretKey,
    });
    const brokerLine = lines.find((line) => line.startsWith('# export'))?.slice(2) ?? '';
    expect((await shellVariables(brokerLine))['MEXC_API_KEY']).toBe(sim.broker.apiKey);
  });

  it('--json carries the same variables for each account', async () => {
    const started = await startThroughMain(['--json']);
    started.stop.abort();
    expect(await started.done).toBe(0);
    const info = JSON.parse(started.printed) as { restUrl: string; wsUrl: string; master: { apiKey: string; variables: Record<string, string> }; broker: { variables: Record<string, string> } };
    expect(info.master.variables).toEqual({ MEXC_BASE_URL: info.restUrl, MEXC_WS_URL: info.wsUrl, MEXC_API_KEY: info.master.apiKey, MEXC_SECRET_KEY: expect.any(String) });
    expect(info.broker.variables['MEXC_API_KEY']).not.toBe(info.master.apiKey);
  });
});

describe('call and stream read the pasted variables', () => {
  let started: Started;
  let env: Record<string, string>;
  beforeAll(async () => {
    started = await startThroughMain();
    env = await shellVariables(started.printed);
  });
  afterAll(async () => {
    started.stop.abort();
    await started.done;
  });

  it('calls one after another act on the same simulator', async () => {
    const created = await run(['call', 'createSubAccount', '--subAccount', 'session01', '--note', 'from the session'], { env });
    expect(created).toEqual({ code: 0, stdout: expect.any(String), stderr: '' });
    const listed = await run(['call', 'listSubAccounts'], { env });
    expect(listed.code).toBe(0);
    expect((JSON.parse(listed.stdout) as { items: { subAccount: string }[] }).items.map((s) => s.subAccount)).toEqual(['session01']);
  });

  it('call --format table prints the list as rows', async () => {
    const result = await run(['call', 'listSubAccounts', '--format', 'table'], { env });
    expect(result.code).toBe(0);
    const [head, ...rows] = result.stdout.trimEnd().split('\n');
    expect(head?.split(/\s+/)).toEqual(['subAccount', 'uid', 'isFreeze', 'createTime']);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatch(/^session01\s+\d+\s+false\s+\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it('stream connects to the simulator in the variables and says where', async () => {
    const result = await run(['stream', '--max-events', '1'], { env });
    expect(result.code).toBe(0);
    expect(ndjson(result.stdout)).toEqual([expect.objectContaining({ type: 'connected', connection: 1 })]);
    expect(result.stderr).toBe(`streaming from ${env['MEXC_WS_URL']} (listen keys from ${env['MEXC_BASE_URL']}); Ctrl+C stops\nstopped (max-events) after 1 events; listen key closed\n`);
  });

  it('--verbose says where each URL came from and whose keys sign, never a key', async () => {
    const result = await run(['call', 'M2', '--verbose'], { env });
    expect(result.code).toBe(0);
    expect(result.stderr.split('\n')).toEqual([
      `REST      ${env['MEXC_BASE_URL']} (MEXC_BASE_URL)`,
      `websocket ${env['MEXC_WS_URL']} (MEXC_WS_URL)`,
      'keys      MEXC_API_KEY and MEXC_SECRET_KEY',
      expect.stringMatching(/^M2 listSubAccounts: done after \d+ ms$/),
      '',
    ]);
    for (const secret of [env['MEXC_API_KEY'] ?? '', env['MEXC_SECRET_KEY'] ?? '']) expect(result.stderr).not.toContain(secret);
  });
});
