import { describe, expect, it } from '@jest/globals';
import { CALL_HELP } from '../../src/cli/call-command.js';
import { PROGRAM_HELP } from '../../src/cli/program.js';
import { SIMULATOR_HELP } from '../../src/cli/simulator-command.js';
import { STREAM_HELP } from '../../src/cli/stream-command.js';
import { run } from './harness.js';

describe('the program', () => {
  it('prints its help for no command, --help, -h and help', async () => {
    for (const argv of [[], ['--help'], ['-h'], ['help']]) {
      expect(await run(argv)).toEqual({ code: 0, stdout: PROGRAM_HELP, stderr: '' });
    }
  });

  it('prints each command\'s help for <command> --help and help <command>', async () => {
    for (const [command, help] of [['call', CALL_HELP], ['stream', STREAM_HELP], ['simulator', SIMULATOR_HELP]] as const) {
      expect(await run([command, '--help'])).toEqual({ code: 0, stdout: help, stderr: '' });
      expect(await run([command, '-h'])).toEqual({ code: 0, stdout: help, stderr: '' });
      expect(await run(['help', command])).toEqual({ code: 0, stdout: help, stderr: '' });
    }
  });

  it('refuses an unknown command with exit code 2', async () => {
    const result = await run(['deploy']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('unknown command: deploy');
    expect((await run(['help', 'deploy'])).code).toBe(2);
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
