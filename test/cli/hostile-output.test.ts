/**
 * What the command line prints, tried the way a careless user or a hostile server would: the key
 * typed where a word belongs (then echoed in a usage error), a password in a URL, a service error
 * message full of terminal control, control characters in a result. Every line on standard output
 * and standard error goes through one door (`guardIo`), so none of it reaches the screen.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { guardIo, knownSecrets } from '../../src/cli/guarded-io.js';
import { run } from './harness.js';

const API_KEY = 'mx0vglHOSTILExKEYx0123456789abcd';
const SECRET_KEY = 'HOSTILExSECRETx0123456789abcdefgh';
const ENV = { MEXC_API_KEY: API_KEY, MEXC_SECRET_KEY: SECRET_KEY };

/** Any character that can steer a terminal, except the line breaks between lines. */
// eslint-disable-next-line no-control-regex
const RAW_CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/;
/** Any character that reorders or hides text without being seen. */
const RAW_INVISIBLE = /[\u200b-\u200f\u2028-\u202e\u2066-\u2069\ufeff]/;

describe('a key typed where a word belongs is never printed back', () => {
  it.each([
    ['as an unknown command', [API_KEY]],
    ['as the topic of help', ['help', SECRET_KEY]],
    ['as a --format value of call', ['call', 'listSubAccounts', '--format', SECRET_KEY]],
    ['as a --format=value of stream', ['stream', `--format=${API_KEY}`]],
    ['as an --as value', ['call', 'listSubAccounts', '--sim', '--as', API_KEY]],
    ['as an operation', ['call', SECRET_KEY]],
    ['as an extra word', ['stream', API_KEY]],
    ['as an option name', ['stream', `--${SECRET_KEY}`]],
    ['as a parameter name', ['call', 'listSubAccounts', '--sim', `--${API_KEY}`, '1']],
    ['as a --port value', ['simulator', '--port', SECRET_KEY]],
  ])('%s', async (_how, argv) => {
    const result = await run(argv, { env: ENV });
    expect(result.code).toBe(2);
    const printed = result.stdout + result.stderr;
    expect(printed).toContain('[redacted]');
    expect(printed).not.toContain(API_KEY);
    expect(printed).not.toContain(SECRET_KEY);
  });

  it('nor the password of a URL given as a flag or in the environment', async () => {
    const flagged = await run(['call', 'hunter2secret', '--base-url', 'http://user:hunter2secret@127.0.0.1:1'], { env: ENV });
    const inEnv = await run(['stream', 'hunter3secret'], { env: { ...ENV, MEXC_BASE_URL: 'http://user:hunter3secret@127.0.0.1:1' } });
    expect(flagged).toEqual({ code: 2, stdout: '', stderr: 'unknown operation: [redacted]\n(mexc-rx call --help lists the operations)\n' });
    expect(inEnv).toEqual({ code: 2, stdout: '', stderr: 'unexpected words: [redacted]\n' });
  });

  it('knownSecrets holds each key, each URL password as written and decoded, and their JSON forms', () => {
    expect(knownSecrets(['--base-url=http://u:p%40ss"word@h'], { MEXC_API_KEY: 'k"ey1', MEXC_SECRET_KEY: undefined })).toEqual(
      expect.arrayContaining(['k"ey1', 'k\\"ey1', 'p%40ss%22word', 'p@ss"word', 'p@ss\\"word']),
    );
  });
});

describe('terminal control from outside is escaped on every line printed', () => {
  let server: Server;
  let url = '';
  // An ANSI clear screen, a window title set ended by BEL, a carriage return that rewrites the
  // line, a one-byte CSI (C1) and a line break that would forge a line of its own.
  const hostileMsg = 'bad\u001b[2J\u001b]0;pwned\u0007\rok\u009b31m\nstopped (max-events)';
  beforeAll(async () => {
    server = createServer((_req, res) => {
      res.writeHead(400, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ code: 700004, msg: hostileMsg }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('a service error message holding ESC, BEL, CR, C1 and a line break', async () => {
    const result = await run(['call', 'listSubAccounts', '--base-url', url], { env: ENV });
    expect(result.code).toBe(1);
    expect(result.stderr).not.toMatch(RAW_CONTROL);
    expect(result.stderr).toBe('ApiError: M2: code 700004, HTTP 400\n  msg: bad\\u001b[2J\\u001b]0;pwned\\u0007\\u000dok\\u009b31m\\nstopped (max-events)\n');
  });

  it('bidirectional overrides and invisible characters in a service message and a typed word (Trojan source)', async () => {
    // Shown raw, the override would print "code 700004 ... msg: denied" reversed into "allowed"-looking
    // text; the isolates, zero-width characters and separators hide or move text the same way.
    const spoof = 'denied\u202edewolla\u202c \u2066x\u2069\u200b\u200f\u2028\u2029\ufeff\u202a\u202b\u202d\u2067\u2068';
    const spoofing = createServer((_req, res) => {
      res.writeHead(400, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ code: 700004, msg: spoof }));
    });
    await new Promise<void>((resolve) => spoofing.listen(0, '127.0.0.1', resolve));
    try {
      const result = await run(['call', 'listSubAccounts', '--base-url', `http://127.0.0.1:${(spoofing.address() as AddressInfo).port}`], { env: ENV });
      expect(result.stderr).not.toMatch(RAW_INVISIBLE);
      expect(result.stderr).toContain(
        'msg: denied\\u202edewolla\\u202c \\u2066x\\u2069\\u200b\\u200f\\u2028\\u2029\\ufeff\\u202a\\u202b\\u202d\\u2067\\u2068\n',
      );
    } finally {
      await new Promise<void>((resolve) => spoofing.close(() => resolve()));
    }
    const typed = await run(['\u202edeploy\u2066'], { env: ENV });
    expect(typed.stderr).toBe('unknown command: \\u202edeploy\\u2066\n(mexc-rx --help lists the commands)\n');
  });

  it('a typed word echoed in a usage error', async () => {
    const result = await run(['\u001b[2Jdeploy\u0007\r'], { env: ENV });
    expect(result).toEqual({ code: 2, stdout: '', stderr: 'unknown command: \\u001b[2Jdeploy\\u0007\\u000d\n(mexc-rx --help lists the commands)\n' });
  });

  it('a C1 control in a JSON result (JSON.stringify leaves it raw) is escaped, and the JSON reads back the same', async () => {
    const note = 'note\u009b2J\u0085end';
    const result = await run(['call', 'createSubAccount', '--sim', '--subAccount', 'hostile01', '--note', note]);
    expect(result.code).toBe(0);
    expect(result.stdout).not.toMatch(RAW_CONTROL);
    expect(result.stdout).toContain('"note": "note\\u009b2J\\u0085end"');
    expect(JSON.parse(result.stdout)).toEqual({ subAccount: 'hostile01', note });
  });

  it('guardIo keeps the line breaks between lines, and escapes every other control character', () => {
    let out = '';
    const io = guardIo({ stdout: (text) => (out += text), stderr: () => undefined, env: {} }, []);
    io.stdout('{"a":"\u009b"}\n{"b":"\t"}\r\n');
    expect(out).toBe('{"a":"\\u009b"}\n{"b":"\\u0009"}\\u000d\n');
  });
});
