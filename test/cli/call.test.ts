import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { endpointTable } from '../../src/index.js';
import { startSimulator, type Simulator } from '../../src/simulator/index.js';
import { until } from '../support/harness.js';
import { countingServer, run, type CountingServer } from './harness.js';

const FAKE_ENV = { MEXC_API_KEY: 'mx0vglCLIxKEYx0123456789abcdefgh', MEXC_SECRET_KEY: 'CLIxSECRETx0123456789abcdefghijkl' };

describe('call: running operations', () => {
  it('runs an operation named by function name or spec id against an embedded simulator', async () => {
    for (const name of ['listSubAccounts', 'M2', 'm2']) {
      const result = await run(['call', name, '--sim', '--limit', '50']);
      expect(result).toEqual({ code: 0, stdout: expect.any(String), stderr: '' });
      expect(JSON.parse(result.stdout)).toEqual({ items: [] });
    }
  });

  it('reads wire text: --name=value, lists comma-joined, booleans', async () => {
    const created = await run(['call', 'createSubAccount', '--sim', '--subAccount=strategy01', '--note', 'market making']);
    expect(created.code).toBe(0);
    expect(JSON.parse(created.stdout)).toEqual({ subAccount: 'strategy01', note: 'market making' });
    const listed = await run(['call', 'M2', '--sim', '--isFreeze', 'false']);
    expect(listed.code).toBe(0);
  });

  it('acts as the simulator broker with --as broker', async () => {
    const asBroker = await run(['call', 'B3', '--sim', '--as', 'broker']);
    expect(asBroker.code).toBe(0);
    expect(JSON.parse(asBroker.stdout)).toEqual({ items: [] });
    const asMaster = await run(['call', 'B3', '--sim']);
    expect(asMaster.code).toBe(1);
    expect(asMaster.stderr).toContain('ApiError: B3: code 401');
  });
});

describe('call: against a service given by --base-url and the environment', () => {
  let sim: Simulator;
  let env: Record<string, string>;
  beforeAll(async () => {
    sim = await startSimulator({ realtime: true });
    env = { MEXC_API_KEY: sim.master.apiKey, MEXC_SECRET_KEY: sim.master.secretKey };
  });
  afterAll(() => sim.close());

  it('runs a transfer through universalTransfer, which always sends a clientTranId', async () => {
    sim.admin.createSubAccount(sim.master.name, 'clitransfer01');
    const result = await run(
      ['call', 'universalTransfer', '--base-url', sim.restUrl, '--toAccount', 'clitransfer01', '--fromAccountType', 'SPOT', '--toAccountType', 'SPOT', '--asset', 'USDT', '--amount', '12.5'],
      { env },
    );
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const printed = JSON.parse(result.stdout) as { clientTranId: string; confirmedBy: string; tranId: string };
    expect(printed.confirmedBy).toBe('response');
    expect(printed.clientTranId).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(sim.admin.balance('clitransfer01', 'USDT')).toBe('12.5');
    expect(sim.admin.transfers().map((t) => t.clientTranId)).toContain(printed.clientTranId);
  });

  it('prints a service error as name, code and msg on stderr with exit code 1', async () => {
    const result = await run(['call', 'M8', '--base-url', sim.restUrl, '--subAccount', 'nosuchacct1'], { env });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('ApiError: M8: code 140001, HTTP 400');
    expect(result.stderr).toContain('msg: sub-account does not exist');
  });

  it('never prints the credentials, even when they are refused', async () => {
    const wrong = { MEXC_API_KEY: sim.master.apiKey, MEXC_SECRET_KEY: FAKE_ENV.MEXC_SECRET_KEY };
    const result = await run(['call', 'M2', '--base-url', sim.restUrl], { env: wrong });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^ApiError: M2: code \d+/);
    for (const secret of [sim.master.apiKey, FAKE_ENV.MEXC_SECRET_KEY, sim.master.secretKey]) {
      expect(result.stderr).not.toContain(secret);
      expect(result.stdout).not.toContain(secret);
    }
  });
});

describe('call: parameters are checked with the client rules before anything is sent', () => {
  let server: CountingServer;
  beforeAll(async () => {
    server = await countingServer('reply');
  });
  afterAll(() => server.close());

  const call = (args: readonly string[]) => run(['call', ...args, '--base-url', server.url], { env: FAKE_ENV });

  it.each([
    [['M2', '--limit', '500'], 'limit: integer from 1 to 200'],
    [['M2', '--limt', '5'], 'limt: unknown parameter (did you mean --limit?)'],
    [['M8', '--subaccount', 'strategy01'], 'subaccount: unknown parameter (did you mean --subAccount?)'],
    [['M2', '--formt', 'table'], 'formt: unknown parameter (did you mean --format?)'],
    [['M2', '--zzz', '1'], 'zzz: unknown parameter'],
    [['M2', '--isFreeze', 'yes'], 'isFreeze: true or false'],
    [['createSubAccount', '--note', 'x'], 'subAccount: required'],
    [['M6', '--toAccount', 'strategy01', '--fromAccountType', 'SPOT', '--toAccountType', 'SPOT', '--asset', 'USDT', '--amount', '1', '--clientTranId', 'short'], 'clientTranId: 32 alphanumeric characters'],
  ])('%j shows the rule and makes no request', async (args, issue) => {
    const result = await call(args);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('ValidationError: ');
    expect(result.stderr).toContain(`  ${issue}\n`);
    expect(server.requests).toHaveLength(0);
  });

  it('shows every broken rule at once', async () => {
    const result = await call(['M2', '--limit', '0', '--page=-1']);
    expect(result.stderr).toBe('ValidationError: M2: invalid parameters, nothing was sent\n  page: integer >= 1\n  limit: integer from 1 to 200\n');
    expect(server.requests).toHaveLength(0);
  });

  it('sends a valid call to the --base-url', async () => {
    const result = await call(['M4', '--subAccount', 'strategy01']);
    expect(server.requests.map((r) => r.url?.split('?')[0])).toEqual(['/api/v3/sub-account/apiKey']);
    expect(server.requests[0]?.headers['x-mexc-apikey']).toBe(FAKE_ENV.MEXC_API_KEY);
    expect(result.stderr).not.toContain(FAKE_ENV.MEXC_SECRET_KEY);
  });
});

describe('call: usage', () => {
  it('refuses a bad command line with exit code 2', async () => {
    const cases: readonly (readonly [readonly string[], string])[] = [
      [['call'], 'which operation?'],
      [['call', 'noSuchOperation'], 'unknown operation: noSuchOperation\n'],
      [['call', 'listSubaccounts'], 'unknown operation: listSubaccounts (did you mean listSubAccounts?)'],
      [['call', 'M2', '--sim', '--format', 'yaml'], '--format takes json or table, not yaml'],
      [['call', 'M2', '--sim', '--verbose=yes'], '--verbose takes no value'],
      [['call', 'M2', '--sim', '--base-url', 'http://127.0.0.1:1'], '--sim starts its own simulator: leave out --base-url and --ws-url'],
      [['call', 'M2', 'extra'], 'unexpected words: extra'],
      [['call', 'M2', '--limit'], '--limit needs a value'],
      [['call', 'M2', '--limit', '5', '--limit', '6'], '--limit given twice'],
      [['call', 'M2', '--sim=yes'], '--sim takes no value'],
      [['call', 'M2', '--as', 'broker'], '--as needs --sim'],
      [['call', 'M2', '--sim', '--as', 'root'], '--as takes master or broker'],
      [['call', 'M2'], 'set MEXC_API_KEY and MEXC_SECRET_KEY (mexc-rx simulator prints them for its accounts)'],
      [['call', 'M2', '--base-url', 'http://example.com'], 'baseUrl: https://'],
    ];
    for (const [argv, message] of cases) {
      const result = await run(argv, argv.includes('--base-url') ? { env: FAKE_ENV } : {});
      expect({ argv, code: result.code, stdout: result.stdout }).toEqual({ argv, code: 2, stdout: '' });
      expect(result.stderr).toContain(message);
    }
  });

  it('takes a value starting with - after =', async () => {
    const result = await run(['call', 'M2', '--sim', '--page=-1']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('page: integer >= 1');
  });

  it('aborts the request on Ctrl+C and exits 130', async () => {
    const server = await countingServer('hang');
    try {
      const stop = new AbortController();
      const pending = run(['call', 'M2', '--base-url', server.url], { env: FAKE_ENV, signal: stop.signal });
      await until(() => server.requests.length > 0, 10_000);
      stop.abort();
      const result = await pending;
      expect(result.code).toBe(130);
      expect(result.stderr).toContain('interrupted');
      await until(() => server.aborted() > 0, 10_000);
      expect(server.aborted()).toBe(1);
    } finally {
      await server.close();
    }
  });

  it('says the request may have reached the service when a call that changes something is interrupted', async () => {
    const server = await countingServer('hang');
    try {
      const stop = new AbortController();
      const pending = run(['call', 'M1', '--base-url', server.url, '--subAccount', 'strategy01', '--note', 'x'], { env: FAKE_ENV, signal: stop.signal });
      await until(() => server.requests.length > 0, 10_000);
      stop.abort();
      const result = await pending;
      expect(result.code).toBe(130);
      expect(result.stderr).toBe('interrupted; the request was aborted, but it may have reached the service: look before repeating createSubAccount\n');
    } finally {
      await server.close();
    }
  });

  it('lists all 29 operations in its help, and one operation\'s parameters', async () => {
    const help = await run(['call', '--help']);
    expect(help.code).toBe(0);
    for (const row of endpointTable) expect(help.stdout).toMatch(new RegExp(`\\b${row.id}\\s+${row.name}\\b`));
    const m6 = await run(['call', 'M6', '--help']);
    expect(m6.stdout).toContain('M6 universalTransfer');
    expect(m6.stdout).toMatch(/--clientTranId\s+optional\s+32 alphanumeric characters/);
    expect(m6.stdout).toMatch(/--amount\s+required/);
  });
});

describe('call: flags, formats and exit codes', () => {
  it('--verbose is a flag: anywhere on the line, it takes no value and swallows no word', async () => {
    for (const argv of [['call', '--verbose', 'M2', '--sim', '--limit', '5'], ['call', 'M2', '--verbose', '--sim', '--limit', '5'], ['call', 'M2', '--sim', '--limit', '5', '--verbose']]) {
      const result = await run(argv);
      expect({ argv, code: result.code }).toEqual({ argv, code: 0 });
      expect(JSON.parse(result.stdout)).toEqual({ items: [] });
      expect(result.stderr).toMatch(/^simulator started for this command at http:\/\/127\.0\.0\.1:\d+, acting as its master account .*\nM2 listSubAccounts: done after \d+ ms\n$/);
    }
  });

  it('--format table prints an object that is no list as field and value', async () => {
    const result = await run(['call', 'M1', '--sim', '--subAccount', 'strategy01', '--note', 'market making', '--format', 'table']);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('field       value\nsubAccount  strategy01\nnote        market making\n');
  });

  it('--format table never writes a control character the service sent back', async () => {
    const result = await run(['call', 'M1', '--sim', '--subAccount', 'strategy01', '--note', 'a\u001b[2Jb', '--format', 'table']);
    expect(result.code).toBe(0);
    expect(result.stdout).not.toContain('\u001b');
    expect(result.stdout).toContain('note        a\\u001b[2Jb\n');
  });

  it('says, after a --sim call that changed something, that the change is gone with the simulator', async () => {
    const created = await run(['call', 'M1', '--sim', '--subAccount', 'strategy01', '--note', 'x']);
    expect(created.code).toBe(0);
    expect(created.stderr).toContain('note: the simulator started for this call has stopped, and what the call changed is gone with it; for a session, run mexc-rx simulator');
    const listed = await run(['call', 'M2', '--sim']);
    expect(listed.stderr).toBe('');
    expect(JSON.parse(listed.stdout)).toEqual({ items: [] });
  });

  it('exits 3 when a transfer may have happened and the history could not tell', async () => {
    const server = await countingServer('fail');
    try {
      const result = await run(
        ['call', 'universalTransfer', '--base-url', server.url, '--toAccount', 'strategy01', '--fromAccountType', 'SPOT', '--toAccountType', 'SPOT', '--asset', 'USDT', '--amount', '1'],
        { env: FAKE_ENV },
      );
      expect(result.code).toBe(3);
      expect(result.stdout).toBe('');
      expect(result.stderr).toMatch(/^UnknownOutcomeError: M6: the outcome is unknown; check before repeating\n {2}clientTranId: [A-Za-z0-9]{32}\n/);
      // Sent once, then only looked for in the history (M7): never sent blindly again.
      const paths = server.requests.map((r) => `${r.method ?? ''} ${r.url?.split('?')[0] ?? ''}`);
      expect(paths.filter((p) => p === 'POST /api/v3/capital/sub-account/universalTransfer')).toHaveLength(1);
      expect(paths.filter((p) => p === 'GET /api/v3/capital/sub-account/universalTransfer').length).toBeGreaterThan(0);
    } finally {
      await server.close();
    }
  });
});
