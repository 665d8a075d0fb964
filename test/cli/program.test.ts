import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { CALL_HELP } from '../../src/cli/call-command.js';
import { EXIT, EXIT_CODE_MEANINGS } from '../../src/cli/io.js';
import { PROGRAM_HELP } from '../../src/cli/program.js';
import { SIMULATOR_HELP } from '../../src/cli/simulator-command.js';
import { STREAM_HELP } from '../../src/cli/stream-command.js';
import { run } from './harness.js';

describe('the program', () => {
  it('prints its help for --help, -h and help', async () => {
    for (const argv of [['--help'], ['-h'], ['help']]) {
      expect(await run(argv)).toEqual({ code: 0, stdout: PROGRAM_HELP, stderr: '' });
    }
  });

  it('with no command at all, prints the usage on stderr and exits with the usage code', async () => {
    expect(await run([])).toEqual({ code: EXIT.usage, stdout: '', stderr: PROGRAM_HELP });
    expect(EXIT.usage).toBe(2);
  });

  it('prints the version of package.json for --version and -v', async () => {
    const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
    expect(version).toMatch(/^\d+\.\d+\.\d+/);
    for (const flag of ['--version', '-v']) expect(await run([flag])).toEqual({ code: 0, stdout: `${version}\n`, stderr: '' });
  });

  it('lists every exit code and its meaning in its help and in each command\'s, and in the docs', async () => {
    const docs = readFileSync(new URL('../../docs/getting-started.md', import.meta.url), 'utf8');
    expect(EXIT_CODE_MEANINGS.map(([code]) => code)).toEqual(Object.values(EXIT));
    for (const help of [PROGRAM_HELP, CALL_HELP, STREAM_HELP]) {
      for (const [code, meaning] of EXIT_CODE_MEANINGS) expect(help).toContain(`  ${String(code).padEnd(4)} ${meaning}\n`);
    }
    for (const [code, meaning] of EXIT_CODE_MEANINGS) expect(docs).toContain(`| ${code} | ${meaning} |`);
  });

  it('prints each command\'s help for <command> --help and help <command>', async () => {
    for (const [command, help] of [['call', CALL_HELP], ['stream', STREAM_HELP], ['simulator', SIMULATOR_HELP]] as const) {
      expect(await run([command, '--help'])).toEqual({ code: 0, stdout: help, stderr: '' });
      expect(await run([command, '-h'])).toEqual({ code: 0, stdout: help, stderr: '' });
      expect(await run(['help', command])).toEqual({ code: 0, stdout: help, stderr: '' });
    }
  });

  it('refuses an unknown command with exit code 2, suggesting a near one', async () => {
    const result = await run(['deploy']);
    expect(result).toEqual({ code: 2, stdout: '', stderr: expect.stringMatching(/^unknown command: deploy\n/) });
    expect((await run(['help', 'deploy'])).code).toBe(2);
    expect((await run(['stram'])).stderr).toMatch(/^unknown command: stram \(did you mean stream\?\)\n/);
    expect((await run(['help', 'simulater'])).stderr).toContain('(did you mean simulator?)');
  });

  it('suggests the nearest option of a command for a misspelt one', async () => {
    const result = await run(['stream', '--max-event', '3']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^unknown option --max-event \(did you mean --max-events\?\)\n/);
    expect((await run(['simulator', '--prot', '8080'])).stderr).toContain('unknown option --prot (did you mean --port?)');
    expect((await run(['stream', '--frobnicate'])).stderr).toMatch(/^unknown option --frobnicate\n/);
  });
});

describe('the simulator command', () => {
  it('runs until stopped, then closes the simulator and exits 0', async () => {
    const stop = new AbortController();
    let printed = '';
    const result = run(['simulator', '--json'], {
      signal: stop.signal,
      onStdout: (text) => {
        printed += text;
        stop.abort();
      },
    });
    expect((await result).code).toBe(0);
    const info = JSON.parse(printed) as { restUrl: string };
    await expect(fetch(`${info.restUrl}/api/v3/ping`)).rejects.toThrow();
  });

  it('refuses a bad port', async () => {
    for (const port of ['65536', 'x', '-1']) {
      const result = await run(['simulator', `--port=${port}`]);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain('invalid --port');
    }
  });
});
